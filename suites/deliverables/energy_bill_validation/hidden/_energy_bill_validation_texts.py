"""energy_bill_validation's documents: the site list, the DNO's charging statement extract, the price schedules, the
supply contract, the e-mails, and the matters the note to the Finance Director must raise (issues.json)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import _energy_bill_validation_billing as bl
import _energy_bill_validation_files as fl
import _energy_bill_validation_model as md
import _energy_bill_validation_sites as st
import docx
import openpyxl

DATA = {"wide": "Meterwise (daily file, clock time)", "long": "Pulse AMR portal"}


def mpan_written(s: st.Site, k: int) -> str:
    m = s.mpan
    return [fl.spaced(m), m, f"S 00 {s.mtc} {s.llfc} {fl.spaced(m)}", f"{m[:2]}-{m[2:6]}-{m[6:10]}-{m[10:]}"][k % 4]


def write_site_list(path: Path, w: bl.World) -> None:
    inst = w.inst
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sites"
    ws.append([f"{st.COMPANY} - half-hourly electricity supplies (Energy team, updated 30/09/2026)"])
    ws.append(
        [
            "Site code",
            "Site",
            "Address",
            "MPAN",
            "Supply capacity (kVA)",
            "Voltage",
            "DUoS tariff (LLFC)",
            "HH data",
            "VAT/CCL declaration (PP11)",
            "CCL",
            "Notes",
        ]
    )
    for k, code in enumerate(inst.sites):
        s = st.site(inst, code)
        data = DATA[s.fmt]
        if inst.switch and inst.switch[0] == code:
            data = f"Pulse AMR portal from {inst.switch[1]:%d/%m/%Y} (Meterwise before)"
        pp11 = {
            "S03": "70% domestic use (14 flats) - PP11 of 03/09/2024",
            "S04": "20% domestic use (2 flats) - PP11 of 12/05/2023",
        }.get(code, "")
        ccl = "Part excluded (PP11)" if pp11 else "Main rate"
        if inst.hard and code == "S02":
            ccl = "Main rate - CCA facility, certificate with Sustainability (Oct-26)"
        notes = {
            "S01": "Customer-owned HV substation",
            "S05": "LV substation supply (own transformer)",
            "S03": "Landlord supply: ground-floor store and flats above",
        }.get(code, "")
        ws.append(
            [
                code,
                s.name,
                s.address,
                mpan_written(s, k),
                s.capacity,
                st.VOLTAGE[s.llfc],
                f"{st.TARIFF_NAMES[s.llfc]} ({s.llfc})",
                data,
                pp11,
                ccl,
                notes,
            ]
        )
    fl.save_xlsx(wb, path)


def write_statement(path: Path, inst: st.Instance) -> None:
    yr = inst.year.replace("-", "/20")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Annex 1 HH tariffs"
    ws.append([f"{st.DNO} - Use of System Charging Statement {yr} - extract: Annex 1, HH metered demand tariffs"])
    ws.append(
        [
            "Tariff name",
            "LLFCs",
            "Red unit charge (p/kWh)",
            "Amber unit charge (p/kWh)",
            "Green unit charge (p/kWh)",
            "Fixed charge (p/MPAN/day)",
            "Capacity charge (p/kVA/day)",
            "Exceeded capacity charge (p/kVA/day)",
            "Excess reactive power charge (p/kVArh)",
        ]
    )
    for llfc in (580, 560, 510):
        ws.append([st.TARIFF_NAMES[llfc], str(llfc), *(float(x) for x in st.DUOS[inst.year][llfc])])
    ws.append(["LV Generation HH Metered", "585", -1.305, -0.102, -0.011, 0.0, None, None, 0.101])
    ws.append(["HV Generation HH Metered", "515", -0.741, -0.058, -0.006, 82.4, None, None, 0.076])
    tb = wb.create_sheet("Time bands")
    tb.append(["Time periods for the HH metered tariffs"])
    tb.append(["Time band", "Monday to Friday", "Saturday and Sunday"])
    tb.append(["Red", "16:00 - 19:00", ""])
    tb.append(["Amber", "07:30 - 16:00, 19:00 - 21:00", ""])
    tb.append(["Green", "00:00 - 07:30, 21:00 - 24:00", "00:00 - 24:00"])
    tb.append([])
    for note in (
        "Monday to Friday includes bank holidays.",
        "Fixed and capacity charges are applied for each day of the billing period; the capacity charge on the "
        "maximum import capacity (kVA) agreed for the exit point.",
        "The exceeded capacity charge is applied, for each day of the calendar month, to the amount by which the "
        "maximum import demand (kVA, to one decimal place) recorded in any half hour of the month exceeds the maximum "
        "import capacity.",
        f"The excess reactive power charge is applied to the reactive units (kVArh) of each half hour in excess of "
        f"those corresponding to a power factor of {st.PF_ALLOWANCE}, i.e. in excess of 0.32868 times the active "
        "units (kWh) of that half hour, summed over the month and rounded to 0.1 kVArh.",
        "Unit charges are applied to the metered active units of each time band.",
    ):
        tb.append([note])
    lf = wb.create_sheet("Annex 5 LLFs")
    lf.append([f"Line loss factors {yr} (loss factor periods follow the time bands of Annex 1)"])
    lf.append(["LLFC", "Metering voltage", "Period", "Loss factor"])
    for llfc in (510, 560, 580, 585):
        for b, v in zip(st.BANDS, st.LLF[inst.year].get(llfc, ("1.088", "1.080", "1.067")), strict=True):
            lf.append([llfc, st.VOLTAGE.get(llfc, "LV"), b.capitalize(), float(v)])
    fl.save_xlsx(wb, path)


def _schedule_rows(inst: st.Instance, version: str) -> list[list]:
    out = []
    for code in inst.sites:
        s = st.site(inst, code)
        unit, standing = st.PRICES[inst.year][version][code]
        out.append([s.supplier_name, fl.spaced(s.mpan), float(unit), float(standing)])
    return out


def schedule_dates(inst: st.Instance) -> tuple[str, str]:
    start = "1 April 2025" if inst.year == "2025-26" else "1 April 2026"
    return start, f"{inst.v2_from.day} {inst.v2_from:%B %Y}"


def write_schedules(folder: Path, inst: st.Instance) -> None:
    start, v2 = schedule_dates(inst)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Schedule 2"
    ws.append([f"Electricity Supply Agreement - Schedule 2: Prices, Version 1, effective for supplies from {start}"])
    ws.append(["Site (supplier's name)", "MPAN", "Unit rate (p/kWh)", "Standing charge (GBP/day)"])
    for r in _schedule_rows(inst, "v1"):
        ws.append(r)
    ws.append([])
    ws.append(["Unit rates apply to metered consumption adjusted for distribution losses (clause 5.2)."])
    fl.save_xlsx(wb, folder / f"Schedule2_prices_v1_{inst.year}.xlsx")
    lines = [
        f"{st.SUPPLIER}",
        "",
        "ELECTRICITY SUPPLY AGREEMENT - SCHEDULE 2: PRICES",
        f"Customer: {st.COMPANY}",
        "",
        f"Version 2, effective for supplies on and after {v2}.",
        "It replaces Version 1 from that date; Version 1 applies to supplies before it.",
        "",
        f"{'Site':<44}{'MPAN':<20}{'Unit rate p/kWh':>16}{'Standing GBP/day':>18}",
        "-" * 98,
    ]
    for name, mpan, unit, standing in _schedule_rows(inst, "v2"):
        lines.append(f"{name:<44}{mpan:<20}{unit:>16.3f}{standing:>18.3f}")
    lines += [
        "-" * 98,
        "",
        "Unit rates apply to metered consumption adjusted for distribution losses (clause 5.2).",
        "Signed for the Supplier: K. Ashdown, Key Accounts       Signed for the Customer: G. Petts, Procurement",
    ]
    fl.write_pdf(folder / f"Schedule2_prices_v2_{inst.year}.pdf", lines, "Schedule 2 Version 2")
    if "draft" in st.PRICES[inst.year]:
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "v2 draft"
        ws.append(["Schedule 2 - Version 2 - DRAFT for discussion 18/09/2026 (rates indicative, not agreed)"])
        ws.append(["Site (supplier's name)", "MPAN", "Unit rate (p/kWh)", "Standing charge (GBP/day)"])
        for r in _schedule_rows(inst, "draft"):
            ws.append(r)
        fl.save_xlsx(wb, folder / "Schedule2_prices_v2_draft_2026-09-18.xlsx")


CLAUSES = [
    (
        "1. Parties and term",
        f"This agreement is between {st.SUPPLIER} (the Supplier) and {st.COMPANY} (the Customer) "
        "for the supply of electricity to the half-hourly metered sites listed in Schedule 1, from 1 April 2025 to 31 "
        "March 2027.",
    ),
    (
        "2. Metering and data",
        "Consumption is measured by half-hourly meters; the half-hourly active and reactive data "
        "collected by the appointed data collectors are the basis of billing.",
    ),
    (
        "3. Supply",
        "The Supplier supplies each site at its exit point at the voltage, line loss factor class and supply "
        "capacity registered with the distributor, as listed in Schedule 1 and varied under clause 8.",
    ),
    (
        "4. Billing and payment",
        "4.1 Each site is invoiced monthly for the calendar month. Invoices are payable by "
        "direct debit 14 days from their date; the Customer may withhold an amount it disputes under clause 9.",
    ),
    (
        "5. Charges",
        "5.1 The Customer pays the charges of this clause for each site, net of taxes, per calendar-month "
        "billing period.",
    ),
    (
        None,
        "5.2 Energy: the unit rate of Schedule 2 applied to the metered consumption of each half hour multiplied by "
        "the line loss factor published in the distributor's charging statement for the site's line loss factor class "
        "(LLFC) and the period of that half hour.",
    ),
    (
        None,
        "5.3 Distribution: the distributor's use-of-system charges are passed through at the rates of its charging "
        "statement for the site's LLFC: unit charges on the metered consumption of each time band, the fixed charge, "
        "the capacity charge on the agreed supply capacity, and exceeded capacity and excess reactive power charges as "
        "the statement sets them out.",
    ),
    (None, "5.4 Standing charge: the standing charge of Schedule 2 for each day of the billing period."),
    (
        None,
        "5.5 Where half-hourly data are not available the Supplier may bill on an estimate; it shall re-bill the "
        "period on actual data once available, issuing a credit note that reverses the estimated invoice.",
    ),
    (
        "6. Prices",
        "6.1 Schedule 2 may be replaced by a new version signed by both parties. A version applies to "
        "supplies on and after its effective date; for a billing period that spans the date, charges are apportioned "
        "by day.",
    ),
    (
        "7. Taxes",
        "7.1 Climate change levy is charged at the main rate in force (GBP 0.00801 per kWh) on the units "
        "supplied, subject to the reliefs the Customer has certified to the Supplier. For supplies certified under a "
        "climate change agreement the reduced rate (GBP 0.00064 per kWh) applies to the certified share from the date "
        "the certificate takes effect.",
    ),
    (
        None,
        "7.2 VAT is charged at the rates applicable. Supplies for qualifying use are charged as HMRC's rules provide "
        "on the basis of the Customer's VAT and CCL declaration (PP11).",
    ),
    (
        "8. Supply capacity",
        "8.1 Changes of supply capacity are agreed with the distributor; the Supplier bills the "
        "capacity in force for each day.",
    ),
    (
        "9. Disputes",
        "9.1 The Customer may dispute any invoice within 60 days of its date. The Supplier shall credit "
        "any amount agreed to have been billed in error.",
    ),
]


def write_contract(path: Path, inst: st.Instance) -> None:
    d = docx.Document()
    d.add_heading("Electricity Supply Agreement (half-hourly sites)", 0)
    d.add_paragraph(f"{st.SUPPLIER} and {st.COMPANY}. Agreement reference BWE/HFL/2025/014.")
    for head, text in CLAUSES:
        if head:
            d.add_heading(head, 1)
        d.add_paragraph(text)
    d.add_heading("Schedule 1. Sites", 1)
    fl.doc_table(
        d,
        ["Site", "MPAN", "LLFC", "Supply capacity (kVA)"],
        [
            [
                st.site(inst, c).supplier_name,
                fl.spaced(st.site(inst, c).mpan),
                str(st.site(inst, c).llfc),
                str(st.site(inst, c).capacity),
            ]
            for c in inst.sites
        ],
    )
    d.add_heading("Schedule 2. Prices", 1)
    d.add_paragraph("Issued separately; see the current version.")
    fl.save_docx(d, path)


NERYS = "Nerys Calloway <n.calloway@hollowmere.example>"


def emails(w: bl.World) -> list[tuple[str, str, str, str, str, str]]:
    inst = w.inst
    q = "Q4" if inst.hard else "Q1"
    months = "October to December" if inst.hard else "January to March"
    last = "December" if inst.hard else "March"
    _v1, v2 = schedule_dates(inst)
    out = [
        (
            "01_hh_data.eml",
            "Meterwise Data Services <data@meterwise.example>",
            NERYS,
            _when(inst, 5, "10:14"),
            f"HH data {q}",
            f"Hello Nerys,\n\nAttached is our half-hourly export for {months} for the Hollowmere sites "
            "we collect. The other sites' data are on the Pulse AMR portal; your team downloaded those.\n\n"
            + (
                f"As agreed, {st.site(inst, inst.switch[0]).name} transferred to Pulse on "
                f"{inst.switch[1].day} {inst.switch[1]:%B}; our reads for it run to "
                f"{inst.switch[2].day} {inst.switch[2]:%B}.\n\n"
                if inst.switch
                else ""
            )
            + "Regards,\nMeterwise Data Services\n",
        ),
        (
            "02_bill_file.eml",
            "Kate Ashdown <k.ashdown@brightwater.example>",
            NERYS,
            _when(inst, 8, "16:40"),
            f"Your {q} bill data",
            "Hi Nerys,\n\nPlease find the bill data file for your half-hourly sites attached. "
            + (
                f"Our EDI feed failed for the {last} run, so the {last} invoices are attached as PDFs instead.\n\n"
                if inst.hard
                else "The Corn Exchange account is billed separately; its invoices are attached as PDFs.\n\n"
            )
            + "Kind regards,\nKate Ashdown\nKey Accounts, Brightwater Business Energy\n",
        ),
        (
            "03_price_schedule.eml",
            "Graham Petts <g.petts@hollowmere.example>",
            NERYS,
            _when(inst, -80, "11:02"),
            "Schedule 2 version 2 signed",
            f"Nerys,\n\nVersion 2 of the price schedule is signed; it applies from {v2}. "
            "PDF attached for the contract file.\n\nGraham\n",
        ),
        (
            "04_pp11.eml",
            "Aisling Mercer <a.mercer@hollowmere.example>",
            NERYS,
            _when(inst, -110, "09:30"),
            "PP11 declarations",
            "Hi Nerys,\n\nThe PP11 declarations on the site list are current: Corn Exchange 70% "
            "domestic (the 14 flats) and Wexley 20% (the two flats over the shop). Brightwater have "
            "copies.\n\nAisling\n",
        ),
        (
            "05_payment_hold.eml",
            "Dev Okafor <d.okafor@hollowmere.example>",
            NERYS,
            _when(inst, 9, "08:55"),
            f"Brightwater {q} invoices",
            "Hi Nerys,\n\nAll Brightwater invoices for the quarter are on hold in the "
            "payment run until your validation is back.\n\nDev\nAccounts Payable\n",
        ),
    ]
    return out


def _when(inst: st.Instance, days: int, at: str) -> str:
    y, m = inst.months[-1]
    base = md.month_days(y, m)[-1]
    return f"{base + timedelta(days=days):%Y-%m-%d} {at}"


def write_emails(folder: Path, w: bl.World) -> None:
    folder.mkdir()
    for name, frm, to, when, subject, body in emails(w):
        fl.write_eml(folder / name, frm, to, when, subject, body)
