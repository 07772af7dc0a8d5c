"""The spreadsheets and exports of construction_valuation as the client's people produced them: the Contract Sum
Analysis (xlsx, rates written several ways, some amounts left as formulas), the site measurement records (csv in four
layouts, one re-export repeating rows, decimal commas, a Windows-1252 file), the variation register (xlsx), the
materials on site list (csv) and the previous valuation with the payment history (xlsx)."""

from __future__ import annotations

import csv
import io
import random
from datetime import date, datetime, timedelta
from pathlib import Path

import _construction_valuation_model as m
import openpyxl
from _construction_valuation_docs import EMPLOYER, FIXED_TIME, normalise_zip
from _construction_valuation_model import Item, Project


def save_xlsx(wb: openpyxl.Workbook, path: Path) -> None:
    wb.properties.creator = EMPLOYER
    wb.properties.created = wb.properties.modified = datetime(*FIXED_TIME)
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(path)
    normalise_zip(path)


def write_csv(path: Path, rows: list[list], encoding: str = "utf-8", delimiter: str = ",") -> None:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n", delimiter=delimiter).writerows(rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue().encode(encoding))


def _num(x: float) -> str:
    return f"{x:g}" if x == int(x) else f"{x}"


def rate_text(rate: float, unit: str, rng: random.Random) -> object:
    """A rate as the estimator typed it."""
    r = rng.random()
    if r < 0.55:
        return rate
    if r < 0.7:
        return f"£{rate:,.2f}"
    if r < 0.82:
        return f"{rate:.2f}/{unit}"
    if r < 0.92:
        return f"{rate:,.2f}"
    return f"£ {rate:,.2f} per {unit}"


# ------------------------------------------------------------------------------------------------ the CSA


def write_csa(path: Path, p: Project, rng: random.Random) -> None:
    wb = openpyxl.Workbook()
    summary = wb.active
    summary.title = "Summary"
    summary.append([f"{p.name}: Contract Sum Analysis (priced by {m_contractor()})"])
    summary.append(["JCT Design and Build Contract 2016 - Contract Sum Analysis, priced as a bill"])
    summary.append([])
    summary.append(["Part", "Section", "Total (GBP)"])
    pre = wb.create_sheet("Preliminaries")
    pre.append(["PRELIMINARIES"])
    pre.append(
        [
            "Time-related items are priced per week for the number of weeks stated, from the Date of Possession. "
            "Fixed items are lump sums for the event described. Preliminaries are not allocated to Sections."
        ]
    )
    pre.append(["Ref", "Description", "Basis", "Qty", "Unit", "Rate", "Amount"])
    for pr in p.prelims:
        basis = rng.choice(["Time-related", "T", "TR"]) if pr.basis == "T" else rng.choice(["Fixed", "F", "fixed"])
        qty: object = pr.weeks if pr.basis == "T" else 1
        if pr.basis == "T" and rng.random() < 0.3:
            qty = f"{pr.weeks} wks"
        unit = "wk" if pr.basis == "T" else "item"
        pre.append([pr.ref, pr.description, basis, qty, unit, rate_text(pr.rate, unit, rng), pr.amount])
    pre.append([None, "Total Preliminaries carried to Summary", None, None, None, None, f"=SUM(G4:G{pre.max_row})"])
    summary.append(["Preliminaries", "all", round(sum(x.amount for x in p.prelims), 2)])
    sheets: dict[str, list[Item]] = {}
    for it in p.items:
        sheets.setdefault(it.sheet, []).append(it)
    for name, items in sheets.items():
        ws = wb.create_sheet(name)
        formulas = name == "Block B"
        ws.append([f"{name.upper()}" + (f" - SECTION {items[0].section}" if name != "Provisional Sums" else "")])
        ws.append(["Ref", "Description", "Qty", "Unit", "Rate", "Amount", "Notes"])
        heading = None
        for it in items:
            if it.heading != heading and name != "Provisional Sums":
                heading = it.heading
                ws.append([None, f"{it.ref.split('/')[0]}{it.ref.split('/')[1]} {heading.upper()}"])
            if it.kind == "ps":
                ws.append(
                    [
                        it.ref,
                        it.description,
                        None,
                        "sum",
                        None,
                        f"£{it.amount:,.2f}",
                        f"Provisional sum, Section {it.section}" if it.section else "Provisional sum",
                    ]
                )
                continue
            if it.kind == "incl":
                ws.append([it.ref, it.description, 1, "item", rng.choice(["Incl", "incl.", "Included"]), 0, None])
                continue
            note = None
            if it.kind == "pq":
                note = rng.choice(["PQ - remeasure", "Provisional quantity", None])
            rate = rate_text(it.rate, it.unit, rng)
            row = ws.max_row + 1
            if rng.random() < 0.06 and not formulas:  # the rate left blank: only the amount was typed
                rate = None
            amount: object = f"=C{row}*E{row}" if formulas and isinstance(rate, float) else it.amount
            ws.append([it.ref, it.description, it.qty, it.unit, rate, amount, note])
        ws.append([None, f"Total {name} carried to Summary", None, None, None, f"=SUM(F3:F{ws.max_row})"])
        summary.append([name, items[0].section or "-", round(sum(i.amount for i in items), 2)])
    day = wb.create_sheet("Daywork")
    day.append(["DAYWORK"])
    day.append(
        [
            "Prime cost of daywork to be calculated under the RICS Definition of Prime Cost of Daywork carried "
            "out under a Building Contract, with the hourly base rates below agreed for the duration of the "
            "Contract and the percentage additions stated in the Contract Particulars."
        ]
    )
    day.append(["Grade", "Base rate per hour (prime cost)"])
    day.append(["Craft operative", f"£{m.BASE_RATES['craft']:.2f}"])
    day.append(["General operative", m.BASE_RATES["general"]])
    total = round(sum(x.amount for x in p.prelims) + sum(i.amount for i in p.items), 2)
    summary.append(["Contract Sum", None, total])
    save_xlsx(wb, path)


def m_contractor() -> str:
    from _construction_valuation_docs import CONTRACTOR

    return CONTRACTOR


# ------------------------------------------------------------------------------------------------ measurement


def _dotted(ref: str) -> str:
    return ref.replace("/", ".")


def write_measurements(folder: Path, p: Project, rng: random.Random) -> None:
    blocks: dict[str, list[Item]] = {}
    for it in p.items:
        if it.sheet.startswith("Block") or it.sheet == "External Works":
            blocks.setdefault(it.sheet, []).append(it)
    for name, items in blocks.items():
        letter = name[-1] if name.startswith("Block") else "E"
        if letter == "A":
            _layout_a(folder / "block_A_measure_25-03-2026.csv", items, rng)
        elif letter == "B":
            _layout_b(folder / "block_B_progress_25.03.26.csv", items)
        elif letter == "C":
            _layout_c(folder / "BlockC_remeasure_Mar26.csv", items, rng)
        else:
            _layout_e(folder / "externals_remeasure_250326.csv", items, p, rng)


def _fmt_qty(it: Item, q: float) -> str:
    return f"{q:g}%" if it.measure == "pct" else _num(q)


def _layout_a(path: Path, items: list[Item], rng: random.Random) -> None:
    head = ["Item", "Description", "Unit", "Bill qty", "Contractor qty to date", "EA agreed qty to date"]
    rows = [head]
    for it in items:
        if it.kind == "ps":
            continue
        rows.append(
            [
                _dotted(it.ref),
                it.description,
                "%" if it.measure == "pct" else it.unit,
                _fmt_qty(it, 100.0) if it.measure == "pct" else _num(it.qty),
                _fmt_qty(it, it.claimed),
                _fmt_qty(it, it.done),
            ]
        )
    again = [r for k, r in enumerate(rows[1:]) if k % 5 in (0, 2)]  # the export was run twice and appended
    write_csv(path, [*rows, head, *again])


def _comma(x: float) -> str:
    return f"{x:.2f}".replace(".", ",").rstrip("0").rstrip(",")


def _layout_b(path: Path, items: list[Item]) -> None:
    rows = [["Ref", "Description", "Unit", "% complete (EA)", "Remeasured qty (PQ items)", "Contractor's %"]]
    for it in items:
        if it.measure == "pct":
            rows.append([it.ref, it.description, it.unit, _comma(it.done), "", _comma(it.claimed)])
        else:  # a provisional quantity: remeasured
            rows.append([it.ref, it.description, it.unit, "", _comma(it.done), ""])
    write_csv(path, rows, delimiter=";")


def _layout_c(path: Path, items: list[Item], rng: random.Random) -> None:
    rows = [["Bill ref", "Item", "Unit", "Contract qty", "Measured (Contractor)", "Measured (EA)", "Remarks"]]
    units = {"m2": "m²", "m3": "m³"}
    for it in items:
        ref = it.ref.replace("/", "-")
        u = units.get(it.unit, it.unit)
        if it.measure == "pct":
            rows.append([ref, it.description, "item", "100%", f"{it.claimed:g}%", f"{it.done:g}%", ""])
        else:
            rows.append(
                [
                    ref,
                    it.description,
                    u,
                    _num(it.qty),
                    _num(it.claimed),
                    _num(it.done),
                    "remeasure" if it.kind == "pq" else "",
                ]
            )
    write_csv(path, rows, encoding="cp1252")


def _layout_e(path: Path, items: list[Item], p: Project, rng: random.Random) -> None:
    rows = [
        [f"{p.name} - External works remeasure"],
        ["Measured jointly with the Contractor's surveyor on 25.03.2026; EA's quantities"],
        [],
        ["Ref No", "Qty to date", "Unit", "Date measured"],
    ]
    for it in items:
        ref = it.ref.replace("/", "", 1)  # E1/04
        when = rng.choice(["25.03.2026", "24.03.2026", "20.03.2026"])
        if it.measure == "pct":
            rows.append([ref, f"{it.done:g}%", "item", when])
        else:
            rows.append(
                [ref, f"{it.done:,.1f} {it.unit}" if it.done >= 1000 else f"{_num(it.done)} {it.unit}", it.unit, when]
            )
    write_csv(path, rows)


def write_prelims_status(path: Path, p: Project) -> None:
    rows = [["Prelim", "Description", "Basis", "Event achieved by 25/03/2026", "Note"]]
    for pr in p.prelims:
        if pr.basis == "T":
            rows.append([pr.ref, pr.description, "T", "n/a", "time-related"])
        else:
            rows.append([pr.ref, pr.description, "F", "Y" if pr.achieved else "N", ""])
    write_csv(path, rows)


def write_variation_measures(path: Path, p: Project) -> None:
    rows = [["Var", "Rev", "Bill item", "Measured qty", "Unit", "% complete", "Measured by"]]
    units = {i.ref: i.unit for i in p.items}
    for v in p.variations:
        if v.basis == "bill_rate":
            rows.append([v.ref, v.rev, v.item, _num(v.qty), units[v.item], "", "EA / Contractor jointly"])
        elif v.basis == "quotation" and v.status in ("instructed", "superseded"):
            rows.append([v.ref, v.rev, "", "", "", f"{v.pct:g}", "EA"])
        elif v.basis == "dayworks":
            rows.append([v.ref, v.rev, "", "", "", "", "see daywork sheets"])
    write_csv(path, rows)


# ------------------------------------------------------------------------------------------------ register


STATUS = {
    "instructed": "Instructed",
    "superseded": "Superseded by rev {next}",
    "withdrawn": "Withdrawn before start - no work done",
    "not_instructed": "Contractor's notification - not instructed",
    "verbal": "Contractor's notification - EA has no record of an instruction; under review",
}


def _date_text(d: date, rng: random.Random) -> object:
    r = rng.random()
    return d if r < 0.6 else d.strftime("%d/%m/%Y") if r < 0.85 else d.strftime("%d %b %y")


def write_register(path: Path, p: Project, claims: dict[str, float], rng: random.Random) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Register"
    ws.append([f"{p.name} - Variation and instruction register (Employer's Agent)"])
    ws.append(["Exported 24/03/2026"])
    ws.append(
        [
            "Var No",
            "Rev",
            "Instruction / notice",
            "Date",
            "Description",
            "Section",
            "Status",
            "Valuation basis",
            "Bill item",
            "Contractor's value (GBP)",
            "EA comments",
        ]
    )
    revs = {v.no: [x.rev for x in p.variations if x.no == v.no] for v in p.variations}
    for v in p.variations:
        status = STATUS[v.status].format(next=revs[v.no][-1])
        if v.status == "instructed" and v.basis == "quotation":
            status = f"Instructed - VQ accepted £{v.quote:,.2f}"
        basis = {"bill_rate": f"Bill rate ({v.item})", "quotation": "Quotation", "dayworks": "Daywork"}[v.basis]
        if v.status in ("withdrawn", "not_instructed") or rng.random() < 0.15:
            basis = ""
        comment = ""
        if v.expends:
            comment = f"Expends {v.expends}"
        if v.basis == "dayworks":
            comment = "Sheets " + ", ".join(s.no for s in v.sheets)
        row = [
            v.ref if rng.random() < 0.7 else f"V{v.no}",
            v.rev or None,
            v.doc,
            _date_text(v.day, rng),
            v.description,
            v.section,
            status,
            basis,
            v.item or None,
            claims[f"{v.ref}{v.rev}"],
            comment or None,
        ]
        ws.append(row)
        if p.inst["hard"] and v.no == 11:  # a line pasted twice
            ws.append(list(row))
    for row in ws.iter_rows(min_row=4, min_col=4, max_col=4):
        for cell in row:
            if isinstance(cell.value, date):
                cell.number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)


# ------------------------------------------------------------------------------------------------ materials


def write_materials(path: Path, p: Project, rng: random.Random) -> None:
    rows = [["Ref", "Material", "Location", "Qty", "Unit", "Invoice unit cost", "Value", "Delivered", "Status"]]
    for x in p.materials:
        status = {
            "on site": "On site - stored and protected",
            "incorporated": f"Incorporated {rng.choice(['16/03', '20/03'])}",
            "rejected": "Damaged - rejected, to be returned",
        }[x.status]
        when = x.delivered.strftime(rng.choice(["%d/%m/%Y", "%d.%m.%Y", "%Y-%m-%d", "%d-%b-%y"]))
        value: object = f"£{x.value:,.2f}" if rng.random() < 0.5 else f"{x.value:.2f}"
        rows.append([x.ref, x.description, x.location, _num(x.qty), x.unit, f"{x.cost:.2f}", value, when, status])
    write_csv(path, rows)


# ------------------------------------------------------------------------------------------------ earlier payments


def _paid_on(final: date) -> date:
    while final.weekday() >= 5 or final in m.HOLIDAYS:
        final -= timedelta(days=1)
    return final


def write_previous(path: Path, p: Project, rng: random.Random) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Valuation 11"
    h11 = p.history[-1]
    prev = round(sum(h["due"] for h in p.history[:-1]), 2)
    ws.append([f"{p.name} - Employer's valuation No. 11 (Interim Valuation Date 25/02/2026)"])
    ws.append([])
    ws.append(["Gross valuation", h11["gross"]])
    ws.append(["Less retention at 3%", round(h11["gross"] * 0.03, 2)])
    ws.append(["Net valuation", h11["net"]])
    ws.append(["Less amounts due under Interim Payments 1 to 10", prev])
    ws.append(["Amount due - Payment Notice No. 11", h11["pn"]])
    hist = wb.create_sheet("Payment history")
    hist.append(
        [
            "No.",
            "Interim Valuation Date",
            "Contractor's application (GBP)",
            "Payment Notice date",
            "Payment Notice sum (GBP)",
            "Pay Less Notice date",
            "Pay Less Notice sum (GBP)",
            "Paid on",
            "Paid (GBP)",
            "Notes",
        ]
    )
    for h in p.history:
        note = None
        if h["no"] == 6:
            note = "Pay Less Notice: defective screed to Block A level 2 (since replaced)"
        if h["no"] == 11:
            note = "Pay Less Notice: liquidated damages Section 1, 27/02 to 13/03"
        paid_rows = [(_paid_on(h["final"]), h["paid"])]
        if h["no"] == 7:  # paid in two instalments
            first = round(h["paid"] * 0.6, -2)
            paid_rows = [
                (_paid_on(h["final"] - timedelta(days=4)), first),
                (_paid_on(h["final"]), round(h["paid"] - first, 2)),
            ]
        for k, (when, amount) in enumerate(paid_rows):
            if k == 0:
                hist.append(
                    [
                        h["no"],
                        h["ivd"],
                        h["applied"],
                        h["pn_date"],
                        h["pn"],
                        h["pln_date"],
                        h["pln"],
                        when,
                        amount,
                        note,
                    ]
                )
            else:
                hist.append([None, None, None, None, None, None, None, when, amount, "second instalment"])
    for row in hist.iter_rows(min_row=2):
        for cell in row:
            if isinstance(cell.value, date):
                cell.number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)
