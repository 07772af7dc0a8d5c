"""Writes every instance's inputs (kpis.xlsx, brief.docx) and reference outputs for board_deck.

Deterministic: the same code writes the same bytes. Run from anywhere with a Python that has openpyxl,
python-docx and python-pptx:

    python hidden/build_inputs.py

One master data set (hidden/_board_deck_data.py: Halvard Lab Systems, January 2024 to June 2026) is cut into
three board packs: base (Q3 2025), q4 (Q4 2025) and divest (Q1 2026, after the sale of Retail Diagnostics). The
reference outputs are produced by running hidden/solutions/reference.py on each instance's inputs.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import docx
import openpyxl
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from openpyxl.styles import Alignment, Font, PatternFill

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the data module next to this file, however it is loaded
from _board_deck_data import (
    INSTANCES,
    KNOWN,
    ORG,
    SOLD_AFTER,
    SOLD_UNIT,
    UNITS,
    build_master,
    has_figures,
    month_label,
    months_between,
    pack_value,
    period_text,
    prev_quarter,
    quarter_label,
    quarter_months,
)

FAMILY = Path(__file__).resolve().parent.parent
FIXED_TIME = (2026, 1, 5, 9, 0, 0)
FIXED_ISO = "2026-01-05T09:00:00Z"

# ---------------------------------------------------------------------------------------------------------
# Files


def normalise_zip(path: Path) -> None:
    """Rewrite an office file with fixed timestamps so the generator is byte-for-byte deterministic."""
    src = path.read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(src)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)", rf"\g<1>{FIXED_ISO}\g<3>", text)
                data = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zout.writestr(zi, data)
    path.write_bytes(out.getvalue())


# how the CRM export spells the units on some rows (the divest pack's export is a raw one)
SPELLINGS = {
    "Field Service": ["Field service", "FIELD SERVICE"],
    "Consumables": ["Consumables ", "consumables"],
    "Instruments": ["Instruments "],
    "Software": ["software"],
    "Retail Diagnostics": ["Retail diagnostics"],
}


def write_workbook(path: Path, master: dict, inst: dict) -> None:
    messy = bool(inst.get("staff"))
    mess = random.Random(20260409)
    y, q = inst["quarter"]
    last = quarter_months(y, q)[-1]
    flash = (last[0] + 1, 1) if last[1] == 12 else (last[0], last[1] + 1)
    months = months_between(inst["first_month"], last)
    units = [u for u in UNITS if has_figures(u, months[0])]
    bold = Font(bold=True)
    head_fill = PatternFill("solid", fgColor="1F3864")
    head_font = Font(bold=True, color="FFFFFF")
    flash_fill = PatternFill("solid", fgColor="FFF2CC")

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "README"
    lines = [
        (f"{ORG} — monthly KPI pack", Font(bold=True, size=14)),
        (
            f"Prepared by Group FP&A. Months {month_label(months[0])} to {month_label(last)}, final; "
            f"{month_label(flash)} is a flash estimate.",
            None,
        ),
        ("", None),
        ("Conventions", bold),
        ("All money figures are in EUR thousands (EUR k).", None),
        ("Revenue and gross profit are the amounts booked in the month.", None),
        ("Cash is the business unit's cash balance at the month end (a balance, not a flow).", None),
        ("Customers: active customer accounts; opening + new - lost = closing for every month.", None),
        (
            "Flash columns and rows are preliminary and are replaced by final figures the following month; "
            "do not use them for quarter reporting.",
            None,
        ),
        ("", None),
        ("Definitions used in board reporting", bold),
        ("Gross margin % for a period = gross profit ÷ revenue for the period (sums over the months).", None),
        (
            "Quarterly churn % = customers lost during the quarter ÷ active customers at the start of the "
            "quarter (the opening customers of its first month).",
            None,
        ),
        ("Closing cash for a quarter = the balance at the last month end of the quarter.", None),
        (
            "Group figures are the sums over the business units reported (group margin and churn are computed "
            "from the summed amounts and customer counts, not averaged).",
            None,
        ),
    ]
    if last > SOLD_AFTER:
        lines.append(("", None))
        lines.append((f"{SOLD_UNIT} was sold on 31 December 2025; it has no figures after that date.", None))
    for i, (text, font) in enumerate(lines, start=1):
        c = ws.cell(row=i, column=1, value=text)
        if font is not None:
            c.font = font
    ws.column_dimensions["A"].width = 110

    def wide(title: str, field: str) -> None:
        sh = wb.create_sheet(title)
        top = 1
        if messy:  # the raw export carries a caption above its header and a total row under the units
            sh.cell(
                row=1,
                column=1,
                value=f"{title} by business unit, EUR k. Export from the planning system, 9 Apr 2026 07:42",
            ).font = Font(italic=True)
            top = 3
        sh.cell(row=top, column=1, value="Business unit")
        for j, ym in enumerate(months, start=2):
            c = sh.cell(row=top, column=j, value=dt.datetime(ym[0], ym[1], 1))
            c.number_format = "mmm yyyy"
        fc = sh.cell(row=top, column=len(months) + 2, value=f"{month_label(flash)} (flash)")
        for j in range(1, len(months) + 3):
            sh.cell(row=top, column=j).font = head_font
            sh.cell(row=top, column=j).fill = head_fill
            sh.cell(row=top, column=j).alignment = Alignment(horizontal="center")
        fc.fill = PatternFill("solid", fgColor="BF8F00")
        totals: dict[int, int] = {}
        for i, unit in enumerate(units, start=top + 1):
            sh.cell(row=i, column=1, value=unit).font = bold
            for j, ym in enumerate(months, start=2):
                if has_figures(unit, ym):
                    v = pack_value(master, unit, ym, field, inst)
                    totals[j] = totals.get(j, 0) + v
                    c = sh.cell(row=i, column=j, value=v)
                    c.number_format = "#,##0"
            if has_figures(unit, flash):
                v = master[unit][flash][field]
                factor = 0.97 if field != "cash" else 1.04
                c = sh.cell(row=i, column=len(months) + 2, value=round(v * factor))
                c.number_format = "#,##0"
                c.fill = flash_fill
        if messy:
            r = top + len(units) + 1
            sh.cell(row=r, column=1, value="Total").font = bold
            for j, v in totals.items():
                c = sh.cell(row=r, column=j, value=v)
                c.number_format = "#,##0"
                c.font = bold
        sh.column_dimensions["A"].width = 22
        sh.freeze_panes = f"B{top + 1}"
        for j in range(2, len(months) + 3):
            sh.column_dimensions[openpyxl.utils.get_column_letter(j)].width = 11
        sh.column_dimensions[openpyxl.utils.get_column_letter(len(months) + 2)].width = 17

    wide("Revenue", "revenue")
    wide("Gross profit", "gross_profit")

    sh = wb.create_sheet("Customers")
    header = ["Month", "Business unit", "Opening customers", "New customers", "Lost customers",
              "Closing customers", "Status"]  # fmt: skip
    for j, h in enumerate(header, start=1):
        c = sh.cell(row=1, column=j, value=h)
        c.font = head_font
        c.fill = head_fill
    r = 2
    for ym in [*months, flash]:
        for unit in units:
            if not has_figures(unit, ym):
                continue
            row = master[unit][ym]
            is_flash = ym == flash
            opening = pack_value(master, unit, ym, "opening", inst)
            lost = pack_value(master, unit, ym, "lost", inst) + (1 if is_flash else 0)
            values: list = [dt.datetime(ym[0], ym[1], 1), unit, opening, row["new"], lost,
                            opening + row["new"] - lost, "Flash" if is_flash else "Final"]  # fmt: skip
            if messy:
                if mess.random() < 0.3:
                    values[1] = mess.choice(SPELLINGS[unit])
                if mess.random() < 0.15:
                    values[0] = f"{ym[0]}-{ym[1]:02d}"
                for j in (2, 3, 4):
                    if mess.random() < 0.08:
                        values[j] = f"{values[j]:,}" if values[j] >= 1000 else f" {values[j]}"
            repeats = 2 if messy and not is_flash and mess.random() < 0.06 else 1
            for _ in range(repeats):  # the CRM export repeats a row now and then
                for j, v in enumerate(values, start=1):
                    c = sh.cell(row=r, column=j, value=v)
                    if j == 1 and not isinstance(v, str):
                        c.number_format = "mmm yyyy"
                    if is_flash:
                        c.fill = flash_fill
                r += 1
    for j, wdt in enumerate([11, 22, 18, 15, 15, 18, 9], start=1):
        sh.column_dimensions[openpyxl.utils.get_column_letter(j)].width = wdt
    sh.freeze_panes = "A2"
    sh.auto_filter.ref = f"A1:G{r - 1}"

    wide("Cash", "cash")
    wb.properties.creator = "Group FP&A"
    wb.properties.created = dt.datetime(2026, 1, 5, 9, 0, 0)
    wb.properties.modified = dt.datetime(2026, 1, 5, 9, 0, 0)
    wb.save(path)
    normalise_zip(path)


def write_brief(path: Path, inst: dict) -> None:
    yq = inst["quarter"]
    prev = prev_quarter(*yq)
    th = inst["thresholds"]
    d = docx.Document()
    style = d.styles["Normal"]
    style.font.name = "Calibri"
    style.font.size = Pt(11)
    d.add_heading(f"Board pack brief — {quarter_label(yq)}", level=1)
    meta = d.add_paragraph()
    meta.add_run("From: ").bold = True
    meta.add_run("Ingrid Solberg-Maas, Chief Executive Officer\n")
    meta.add_run("To: ").bold = True
    meta.add_run("Strategy & Performance team\n")
    meta.add_run("Date: ").bold = True
    meta.add_run(inst["memo_date"] + "\n")
    meta.add_run("Board meeting: ").bold = True
    meta.add_run(inst["meeting"])
    d.add_paragraph(
        "Thank you for pulling this together. The board wants a short, numbers-first deck: no more than a "
        "dozen slides, every figure traceable to the FP&A KPI pack, and the same structure as last time so "
        "that members can compare quarters side by side."
    )
    d.add_paragraph(inst["context"])
    d.add_heading("Reporting period and scope", level=2)
    t = d.add_table(rows=0, cols=2)
    t.style = "Table Grid"
    for k, v in [
        ("Quarter under review", quarter_label(yq)),
        ("Period", period_text(yq)),
        ("Comparison quarter", quarter_label(prev)),
        ("Comparison period", period_text(prev)),
        ("Business units in scope", inst["scope"]),
    ]:
        cells = t.add_row().cells
        cells[0].text = k
        cells[1].text = v
        cells[0].paragraphs[0].runs[0].bold = True
    d.add_paragraph()
    d.add_heading("Slides, in this order", level=2)
    d.add_paragraph("Please use these slide titles exactly as written; the board secretary indexes the pack by them.")
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["No.", "Slide title", "What the board wants to see"], strict=True):
        c.text = h
        c.paragraphs[0].runs[0].bold = True
    slides = [
        ("1", f"{ORG} — Board performance review {quarter_label(yq)}",
         "Title slide: company, quarter under review and meeting date."),
        ("2", "Executive summary",
         "Group revenue (EUR m) and its change on the comparison quarter (%), group gross margin %, group "
         "quarterly churn % and group closing cash (EUR m), with a one-line takeaway."),
        ("3", "Revenue by business unit",
         "Each business unit's revenue for the quarter under review and for the comparison quarter (EUR m)."),
        ("4", "Gross margin and churn",
         "Each business unit's gross margin % and quarterly churn % for the quarter under review."),
        ("5", "Cash position",
         "Each business unit's closing cash and the group closing cash (EUR m) at the end of the quarter."),
        ("6", "Quarter-over-quarter summary",
         "One table, one row per business unit and a final row 'Group', with the columns: Business unit | "
         "Revenue prior (EUR m) | Revenue current (EUR m) | Revenue change % | Gross margin prior % | "
         "Gross margin current % | Churn prior % | Churn current %."),
        ("7", "Key risks",
         "One bullet per risk flag (see the thresholds below), naming the business unit, the metric and the "
         "figure. Only units that breach a threshold belong here."),
    ]  # fmt: skip
    for row in slides:
        cells = t.add_row().cells
        for c, v in zip(cells, row, strict=True):
            c.text = v
    d.add_paragraph()
    d.add_heading("Risk flags", level=2)
    d.add_paragraph(
        "Flag a business unit for each threshold it breaches in the quarter under review. Group totals are not flagged."
    )
    t = d.add_table(rows=1, cols=2)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Metric", "Flag a business unit when"], strict=True):
        c.text = h
        c.paragraphs[0].runs[0].bold = True
    for k, v in [
        ("Revenue", f"revenue is down by more than {th['revenue']:.1f}% on the comparison quarter"),
        ("Gross margin", f"gross margin % is down by more than {th['gross_margin']:.1f} percentage points on "
                         "the comparison quarter"),
        ("Churn", f"quarterly churn is above {th['churn']:.1f}%"),
        ("Cash", f"closing cash is below EUR {th['cash']:.1f}m"),
    ]:  # fmt: skip
        cells = t.add_row().cells
        cells[0].text = k
        cells[1].text = v
    d.add_paragraph()
    d.add_heading("Conventions", level=2)
    for text in [
        "Money in EUR million to one decimal place on the slides; percentages to one decimal place.",
        "Use the definitions in the README sheet of the KPI pack (margin and churn from summed amounts, cash "
        "as the quarter-end balance). Flash months are not part of any quarter.",
        "The headline numbers shown on the slides go into figures.json as well, so that the board "
        "secretary can cross-check them.",
    ]:
        d.add_paragraph(text, style="List Bullet")
    p = d.add_paragraph("Ingrid")
    p.alignment = WD_ALIGN_PARAGRAPH.LEFT
    d.core_properties.author = "Ingrid Solberg-Maas"
    d.core_properties.created = dt.datetime(2026, 1, 5, 9, 0, 0)
    d.core_properties.modified = dt.datetime(2026, 1, 5, 9, 0, 0)
    d.save(path)
    normalise_zip(path)


def run_reference(input_dir: Path, reference_dir: Path, known: dict) -> None:
    """The reference solution on the instance's inputs, given what the staff would answer instead of asking."""
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(input_dir, ws / "input")
        (ws / "output").mkdir()
        code = (
            "import json, sys; sys.path.insert(0, sys.argv[1]); import reference; "
            "reference.main(known=json.loads(sys.argv[2]))"
        )
        subprocess.run(
            [sys.executable, "-c", code, str(FAMILY / "hidden/solutions"), json.dumps(known)], cwd=ws, check=True
        )
        if reference_dir.exists():
            shutil.rmtree(reference_dir)
        reference_dir.mkdir(parents=True)
        for f in sorted((ws / "output").iterdir()):
            shutil.copy(f, reference_dir / f.name)
            if f.suffix in (".pptx", ".docx", ".xlsx"):
                normalise_zip(reference_dir / f.name)


def main() -> None:
    master = build_master()
    for name, inst in INSTANCES.items():
        root = FAMILY if name == "base" else FAMILY / "variants" / name
        inp = root / "workspace" / "input"
        if inp.exists():
            shutil.rmtree(inp)
        inp.mkdir(parents=True)
        write_workbook(inp / "kpis.xlsx", master, inst)
        write_brief(inp / "brief.docx", inst)
        run_reference(inp, root / "hidden" / "reference", KNOWN if inst.get("staff") else {})
        figures = json.loads((root / "hidden/reference/figures.json").read_text())
        got = [f"{r['business_unit']}/{r['metric']}" for r in figures["risks"]]
        assert got == inst["flags"], f"{name}: risk flags {got} are not the designed {inst['flags']}"
        print(f"{name}: wrote {inp.relative_to(FAMILY)} and {(root / 'hidden/reference').relative_to(FAMILY)}")


if __name__ == "__main__":
    main()
