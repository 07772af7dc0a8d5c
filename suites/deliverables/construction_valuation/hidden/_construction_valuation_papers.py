"""The papers of construction_valuation: the contract particulars and amendments, the bonds and insurances register
and the notices (docx); the daywork sheets, the Contractor's Interim Application No. 12 and the off-site vesting and
insurance certificates (pdf)."""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path

import _construction_valuation_model as m
from _construction_valuation_docs import CONTRACTOR, EMPLOYER, money, write_docx, write_pdf
from _construction_valuation_model import IVD, Project

SECTIONS = {
    1: "Block A, its podium and landscaping",
    2: "Block B{c} and their fit-out",
    3: "Highway works, substation and external works",
}


def _d(x: date) -> str:
    return f"{x.day} {x.strftime('%B %Y')}"


def write_particulars(path: Path, p: Project, contract_sum: float) -> None:
    hard = p.inst["hard"]
    sec_rows = []
    for s in (1, 2, 3):
        name = SECTIONS[s].format(c=" and Block C" if hard else "")
        sec_rows.append(
            [f"Section {s}", name, _d(m.COMPLETION[s]), f"£{p.lds[s]:,.2f} per week, or pro rata for part of a week"]
        )
    blocks = [
        (
            "p",
            f"Project: {p.name}, {p.inst['place']}. Employer: {EMPLOYER}. Contractor: {CONTRACTOR}. "
            f"Contract Sum: £{contract_sum:,.2f} (excluding VAT). The Employer's Agent is Helen Marsh of "
            f"{EMPLOYER}.",
        ),
        ("h", "Contract Particulars (extract)"),
        (
            "t",
            ["Item", "Entry"],
            [
                ["Base Date", "6 January 2025"],
                ["Date of Possession", _d(m.POSSESSION)],
                [
                    "Sections",
                    "The Works are divided into three Sections (below); Section Sums as in the Contract Sum Analysis",
                ],
                [
                    "Interim Valuation Dates",
                    "First Interim Valuation Date 25 April 2025; thereafter the 25th of each "
                    "month, or the nearest Business Day in that month",
                ],
                ["Method of Interim Payment", "Alternative B (periodic payments)"],
                ["Retention Percentage", "3%"],
                ["Fluctuations Provision", "Fluctuations Option A (contribution, levy and tax fluctuations)"],
                [
                    "Listed Items - uniquely identified",
                    "LI-01 precast concrete stair flights; LI-02 precast concrete "
                    "balcony units" + ("; LI-04 bathroom pods (Block C)" if hard else "") + ". Bond: not required",
                ],
                [
                    "Listed Items - not uniquely identified",
                    "LI-03 facing bricks (Wharfedale Blend) held at the supplier's yard. Bond: required, £40,000",
                ],
                [
                    "Daywork percentage additions",
                    f"Labour {m.DAYWORK_PCT['labour'] * 100:g}%, materials "
                    f"{m.DAYWORK_PCT['materials'] * 100:g}%, plant "
                    f"{m.DAYWORK_PCT['plant'] * 100:g}%, on prime cost",
                ],
                ["Insurance of the Works", "Insurance Option A (new buildings, all risks insurance by the Contractor)"],
            ],
        ),
        ("h", "Sections, Completion Dates and liquidated damages"),
        ("t", ["Section", "Description", "Completion Date", "Liquidated damages"], sec_rows),
        ("h", "Schedule of Amendments (extract)"),
        (
            "p",
            "Amendment 4 (clauses 4.7 to 4.10, payment). The due date for each interim payment is 7 days after "
            "the relevant Interim Valuation Date, provided the Contractor's Interim Application has been "
            "received by then. The final date for payment is 14 days from the due date. The Employer shall give "
            "a Payment Notice not later than 5 days after the due date, and any Pay Less Notice not later than 5 "
            "days before the final date for payment. The sum due as an interim payment is the Gross Valuation, "
            "less the Retention and less the cumulative total of the amounts that became due as previous "
            "interim payments.",
        ),
        (
            "p",
            "Amendment 7 (Contract Sum Analysis). Items described in the Contract Sum Analysis as Provisional "
            "Quantities are remeasured as executed and valued at the rates of the Contract Sum Analysis. No "
            "other quantity in the Contract Sum Analysis is subject to remeasurement.",
        ),
        (
            "p",
            "Amendment 9 (Changes). Changes are valued under the Valuation Rules using the rates and prices of "
            "the Contract Sum Analysis, or by Variation Quotation where one has been accepted; work that cannot "
            "properly be valued by measurement is valued as daywork at the base rates of the Contract Sum "
            "Analysis and the percentage additions above.",
        ),
    ]
    write_docx(
        path, f"{p.name}: JCT Design and Build Contract 2016 - Contract Particulars and Schedule of Amendments", blocks
    )


def write_bonds_register(path: Path, p: Project) -> None:
    rows = [
        ["Performance bond (10% of the Contract Sum)", "Received", "14/04/2025", "Wharfe Surety plc"],
        ["Parent company guarantee", "Received", "14/04/2025", "Brackenridge Group Holdings Ltd"],
        ["Off-site materials bond (Listed Items not uniquely identified)", "Not received", "-", "requested 09/02/2026"],
        ["Contractor's all risks insurance (Option A)", "Received", "01/04/2025", "renewal due 31/03/2026"],
        ["Off-site materials insurance certificate", "Received", "02/03/2026", "see offsite folder"],
        ["Collateral warranties (M&E, facade)", "Outstanding", "-", "chased 12/03/2026"],
    ]
    write_docx(
        path,
        f"{p.name}: bonds, guarantees and insurances register (Employer's Agent)",
        [
            ("p", "Record of the securities and insurances received under the Contract. Updated 20 March 2026."),
            ("t", ["Security / insurance", "Status", "Date received", "Notes"], rows),
        ],
    )


def write_notices(folder: Path, p: Project) -> None:
    write_docx(
        folder / "NCN_Section_1_2026-03-02.docx",
        "Non-Completion Notice - Section 1",
        [
            ("p", f"To: {CONTRACTOR}. From: {EMPLOYER}, the Employer. Date: 2 March 2026."),
            ("p", f"Contract: {p.name}, JCT Design and Build Contract 2016 as amended."),
            (
                "p",
                "The Employer gives notice that the Contractor has failed to complete Section 1 (Block A) by its "
                "Completion Date of 27 February 2026. The Employer may require payment of, or withhold or deduct, "
                "liquidated damages at the rate stated in the Contract Particulars.",
            ),
            ("p", "Helen Marsh, Employer's Agent, for and on behalf of the Employer."),
        ],
    )
    h11 = p.history[-1]
    write_docx(
        folder / "Pay_Less_Notice_IP11.docx",
        "Pay Less Notice - Interim Payment No. 11",
        [
            ("p", f"To: {CONTRACTOR}. From: {EMPLOYER}. Date: 16 March 2026."),
            (
                "p",
                f"Interim Payment No. 11 (Interim Valuation Date 25 February 2026). Sum stated in our Payment Notice "
                f"of {_d(h11['pn_date'])}: {money(h11['pn'])}.",
            ),
            (
                "p",
                f"The Employer intends to pay less than the notified sum. The sum the Employer considers due is "
                f"{money(h11['pln'])}, being the notified sum less liquidated damages for Section 1 for the period "
                f"27 February to 13 March 2026 ({money(h11['pn'] - h11['pln'])}).",
            ),
            ("p", "Helen Marsh, Employer's Agent, for and on behalf of the Employer."),
        ],
    )
    if not p.inst["hard"]:
        write_docx(
            folder / "PC_Statement_Section_1.docx",
            "Practical Completion Statement - Section 1",
            [
                ("p", f"To: {CONTRACTOR}. From: {EMPLOYER}. Date: 23 March 2026."),
                (
                    "p",
                    f"The Employer states that practical completion of Section 1 (Block A) was achieved and the "
                    f"Contractor complied sufficiently with its obligations on {_d(p.pc[1])}.",
                ),
                ("p", "Helen Marsh, Employer's Agent, for and on behalf of the Employer."),
            ],
        )


# ------------------------------------------------------------------------------------------------ pdf papers


def dayworks_pages(sheets: list, p: Project) -> list[list[tuple[str, str]]]:
    pages = []
    for s in sheets:
        lab, mat, plant = s.contractor_parts()
        lines = [
            ("title", f"{CONTRACTOR} - DAYWORK SHEET {s.no}"),
            ("", ""),
            (
                "p",
                f"Project: {p.name}. Date of work: {s.day.strftime('%d/%m/%Y')}. Variation: V{s.var:02d}. "
                f"Work: {s.work}.",
            ),
            ("", ""),
            ("h", "LABOUR"),
            ("t", f"{'Name':<16}{'Grade':<18}{'Hours':>7}{'Rate':>9}{'Total':>11}"),
        ]
        for name, label, g, h in s.labour:
            r = m.CONTRACTOR_DW[g]
            lines.append(("t", f"{name:<16}{label:<18}{h:>7.1f}{r:>9.2f}{h * r:>11.2f}"))
        lines += [
            ("t", f"{'Labour add ' + str(int(m.CONTRACTOR_DW['labour'] * 100)) + '%':<50}{'':>0}"),
            ("t", f"{'Labour total':<50}{lab:>11.2f}"),
            ("", ""),
            ("h", "MATERIALS (at invoice cost)"),
            ("t", f"{'Description':<34}{'Qty':>7}{'Unit':>8}{'Cost':>9}{'Total':>11}"),
        ]
        for d, q, u, c in s.materials:
            lines.append(("t", f"{d[:33]:<34}{q:>7g}{u:>8}{c:>9.2f}{q * c:>11.2f}"))
        lines += [
            ("t", f"{'Materials add ' + str(int(m.CONTRACTOR_DW['materials'] * 100)) + '%':<50}"),
            ("t", f"{'Materials total':<50}{mat:>11.2f}"),
            ("", ""),
            ("h", "PLANT"),
            ("t", f"{'Description':<34}{'Hours':>7}{'Rate':>9}{'Total':>11}"),
        ]
        for d, h, r in s.plant:
            lines.append(("t", f"{d:<34}{h:>7g}{r:>9.2f}{h * r:>11.2f}"))
        if not s.plant:
            lines.append(("t", "none"))
        lines += [
            ("t", f"{'Plant add ' + str(int(m.CONTRACTOR_DW['plant'] * 100)) + '%':<50}"),
            ("t", f"{'Plant total':<50}{plant:>11.2f}"),
            ("", ""),
            ("t", f"{'SHEET TOTAL (Contractor)':<50}{lab + mat + plant:>11.2f}"),
            ("", ""),
            (
                "p",
                "Signed for the Contractor: site manager. Signed for the Employer: G. Pryce, Clerk of Works "
                "- for record of time and resources only, not for valuation.",
            ),
        ]
        pages.append(lines)
    return pages


def write_dayworks(folder: Path, p: Project) -> None:
    sheets = [s for v in p.variations for s in v.sheets]
    if p.inst["hard"]:
        half = len(sheets) // 2
        write_pdf(
            folder / f"daywork_sheets_{sheets[0].no}_to_{sheets[half - 1].no}.pdf",
            dayworks_pages(sheets[:half], p),
            f"{p.name} daywork sheets",
        )
        write_pdf(
            folder / f"daywork_sheets_{sheets[half].no}_to_{sheets[-1].no}.pdf",
            dayworks_pages(sheets[half:], p),
            f"{p.name} daywork sheets",
        )
        again = sheets[half + 1]
    else:
        write_pdf(
            folder / f"daywork_sheets_{sheets[0].no}_to_{sheets[-1].no}.pdf",
            dayworks_pages(sheets, p),
            f"{p.name} daywork sheets",
        )
        again = sheets[3]
    write_pdf(
        folder / f"{again.no}_resubmitted.pdf",
        dayworks_pages([again], p),
        f"{p.name} daywork sheet {again.no} (resubmitted with signature)",
    )


def offsite_lines(p: Project) -> list[tuple[str, str, str, int, float]]:
    """The off-site items as the application and the vesting certificates give them: (ref, description, supplier,
    units, value), an item the instance splits by block on one line per block under the same reference."""
    out = []
    for o in p.offsite:
        parts = p.inst.get("split", {}).get(o.ref)
        if not parts:
            out.append((o.ref, o.description, o.supplier, o.qty, o.claimed))
            continue
        base = o.description.split(",")[0]
        for where, n in parts:
            out.append((o.ref, f"{base}, {where}", o.supplier, n, round(n * o.unit_value, 2)))
    return out


def write_application(path: Path, p: Project, app: dict) -> None:
    var_lines = [("t", f"{'Ref':<8}{'Instruction':<26}{'Claimed (GBP)':>16}")]
    for v in p.variations:
        var_lines.append(("t", f"{v.ref + v.rev:<8}{v.doc:<26}{app['variations'][v.ref + v.rev]:>16,.2f}"))
    off_lines = [("t", f"{'Ref':<7}{'Item':<48}{'Qty':>7}{'Value (GBP)':>14}")]
    for ref, description, _, qty, value in offsite_lines(p):
        off_lines.append(("t", f"{ref:<7}{description[:47]:<48}{qty:>7}{value:>14,.2f}"))
    summary = [
        ("t", f"{'Measured work (incl. provisional sums expended)':<56}{app['measured_work']:>16,.2f}"),
        ("t", f"{'Preliminaries':<56}{app['preliminaries']:>16,.2f}"),
        ("t", f"{'Variations (schedule 2)':<56}{app['variations_total']:>16,.2f}"),
        ("t", f"{'Materials on site':<56}{app['materials_on_site']:>16,.2f}"),
        ("t", f"{'Materials off site (schedule 3)':<56}{app['materials_off_site']:>16,.2f}"),
        ("t", f"{'Fluctuations: structural steel mill surcharge':<56}{app['fluctuations']:>16,.2f}"),
        ("t", f"{'GROSS VALUATION':<56}{app['gross']:>16,.2f}"),
        ("t", f"{'Less retention 3%':<56}{app['retention']:>16,.2f}"),
        ("t", f"{'Less amounts due under Interim Payments 1 to 11':<56}{app['previous']:>16,.2f}"),
        ("t", f"{'SUM APPLIED FOR (excluding VAT)':<56}{app['applied']:>16,.2f}"),
    ]
    pages = [
        [
            ("title", f"{CONTRACTOR}: Interim Application No. 12"),
            ("", ""),
            (
                "p",
                f"Project: {p.name}, {p.inst['place']}. Employer: {EMPLOYER}. Interim Valuation Date: "
                f"{_d(IVD)}. Application made on {_d(app['received'])}.",
            ),
            ("p", "We apply under the Contract for the sum below, which we consider due at the due date."),
            ("", ""),
            ("h", "Schedule 1 - summary"),
            *summary,
            ("", ""),
            (
                "p",
                "The steel mill surcharge was notified in our letter of 14 January 2026 (supplier's surcharge of "
                "£22,450 on the Block B and C frames and roof steel).",
            ),
        ],
        [("h", "Schedule 2 - variations claimed"), *var_lines],
        [
            ("h", "Schedule 3 - materials off site"),
            *off_lines,
            ("", ""),
            ("p", "Vesting certificates and the off-site insurance certificate are enclosed separately."),
        ],
    ]
    write_pdf(path, pages, f"{CONTRACTOR} - Interim Application No. 12")


def write_offsite(folder: Path, p: Project, rng: random.Random) -> None:
    pages = []
    for ref, description, supplier, qty, value in offsite_lines(p):
        pages.append(
            [
                ("title", f"Vesting certificate - {ref}"),
                ("", ""),
                ("p", f"Supplier: {supplier}. Goods: {description}, {qty} units, value {money(value)}."),
                (
                    "p",
                    f"The supplier confirms that property in the goods listed has passed to {CONTRACTOR} "
                    f"for incorporation in the Works at {p.name}, and that the goods are stored at the "
                    "address above.",
                ),
                ("p", "Signed for the supplier, 17 March 2026."),
            ]
        )
    write_pdf(folder / "vesting_certificates.pdf", pages, f"{p.name} off-site materials")
    locs = sorted({o.supplier for o in p.offsite})
    write_pdf(
        folder / "offsite_insurance_certificate.pdf",
        [
            [
                ("title", "Certificate of insurance - goods in transit and off-site storage"),
                ("", ""),
                (
                    "p",
                    f"Insured: {CONTRACTOR}, with the interest of {EMPLOYER} noted. Period: 1 March 2026 to 30 April "
                    "2026. Limit: £450,000 any one location.",
                ),
                ("p", "Locations: " + "; ".join(locs) + "."),
                (
                    "p",
                    f"Goods: materials and goods for incorporation in the Works at {p.name} while stored at the "
                    "locations above and in transit to site.",
                ),
            ]
        ],
        "Wharfe Surety plc",
    )
