"""Writes every instance's inputs (kpis.xlsx, brief.docx) and reference outputs for board_deck.

Deterministic: the same code writes the same bytes. Run from anywhere with a Python that has openpyxl,
python-docx and python-pptx:

    python hidden/build_inputs.py

One master data set (Halvard Lab Systems, January 2024 to April 2026) is cut into three board packs:
base (Q3 2025), q4 (Q4 2025) and divest (Q1 2026, after the sale of Retail Diagnostics). The reference
outputs are produced by running hidden/solutions/reference.py on each instance's inputs.
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

FAMILY = Path(__file__).resolve().parent.parent
FIXED_TIME = (2026, 1, 5, 9, 0, 0)
FIXED_ISO = "2026-01-05T09:00:00Z"

ORG = "Halvard Lab Systems"
UNITS = ["Instruments", "Consumables", "Software", "Field Service", "Retail Diagnostics"]
SOLD_UNIT = "Retail Diagnostics"
SOLD_AFTER = (2025, 12)  # last month with figures

# Quarter targets per unit: revenue (EUR k), gross margin %, quarterly churn %, closing cash (EUR k).
TARGETS = {
    "Instruments": {
        (2025, 2): (9800, 41.2, 2.8, 4200),
        (2025, 3): (8950, 40.5, 3.1, 3650),
        (2025, 4): (10400, 42.0, 2.9, 4050),
        (2026, 1): (9300, 40.6, 3.3, 3700),  # without the lab automation line (moved to Software)
    },
    "Consumables": {
        (2025, 2): (6400, 55.0, 4.0, 2900),
        (2025, 3): (6650, 52.4, 4.2, 3100),
        (2025, 4): (6500, 52.9, 4.6, 2950),
        (2026, 1): (6900, 50.6, 4.4, 3300),
    },
    "Software": {
        (2025, 2): (4100, 78.5, 5.1, 2300),
        (2025, 3): (4380, 78.1, 6.8, 2450),
        (2025, 4): (4700, 76.2, 5.2, 2700),
        (2026, 1): (5750, 73.9, 4.4, 2900),  # with the lab automation line
    },
    "Field Service": {
        (2025, 2): (3200, 33.0, 5.0, 1650),
        (2025, 3): (3050, 31.4, 5.6, 1380),
        (2025, 4): (3150, 31.9, 5.9, 1720),
        (2026, 1): (3090, 32.3, 5.3, 1390),  # as the pack shows it, before the late service credits
    },
    "Retail Diagnostics": {
        (2025, 2): (1820, 28.0, 6.1, 1020),
        (2025, 3): (1750, 27.2, 7.4, 1610),
        (2025, 4): (1520, 24.9, 8.1, 1240),
    },
}
OPENING_CUSTOMERS = {
    "Instruments": 820,
    "Consumables": 1460,
    "Software": 640,
    "Field Service": 930,
    "Retail Diagnostics": 410,
}

# Facts of the divest pack that only the client's people hold (variants/divest/hidden/people.toml). The pack
# shows each of the first five only as an anomaly and the sixth not at all; hidden/DESIGN.md says what each
# changes and which check grades it.
# 1. On 1 January 2026 the lab automation software line moved from Instruments to Software; the pack's 2025 months
#    are on the old structure. Its Q4 2025 figures (EUR k and accounts), for the like-for-like comparison:
REORG = {"from": "Instruments", "to": "Software", "revenue": 913, "gross_profit": 547, "opening": 74, "lost": 3,
         "moved_accounts": 72}
# 2. Consumables accounts (retail pharmacy chains served through Retail Diagnostics) that went to the buyer on
#    1 January 2026; the CRM booked them as lost in January.
TRANSFERRED = ("Consumables", 57)
# 3. Cash in Field Service's 31 March 2026 balance collected for the buyer under the transitional services
#    agreement (paid over on 9 April), EUR k.
HELD_CASH = ("Field Service", 468)
# 4. The sold unit's warehouse exit costs, charged to Instruments' cost of sales in March 2026 in error, EUR k.
RECHARGE = ("Instruments", (2026, 3), 190)
# 5. Software's annual licence renewals for April to June 2026, invoiced on 30 March ahead of the new price list and
#    recognised on invoice by the ERP; group policy spreads them over the licence term (EUR k, no cost of sales).
DEFERRED = ("Software", (2026, 3), 520)
# 6. A change the pack predates and shows nowhere: on 14 April 2026, after the pack's 9 April export, Field Service
#    agreed service credits with a hospital group for missed call-out times in Q1, booked against its March revenue
#    in the adjusted close (EUR k, no cost of sales). Only the controller's answer to an open question ("has anything
#    changed since the pack was produced?") or one about Field Service's revenue gives it.
LATE_CREDIT = ("Field Service", (2026, 3), 150)
KNOWN = {
    "reorg": {k: float(v) for k, v in REORG.items() if k in ("revenue", "gross_profit", "opening", "lost")}
    | {"from": REORG["from"], "to": REORG["to"]},
    "transferred": {TRANSFERRED[0]: float(TRANSFERRED[1])},
    "held_cash": {HELD_CASH[0]: float(HELD_CASH[1])},
    "recharge": {RECHARGE[0]: [[*RECHARGE[1], float(RECHARGE[2])]]},
    "deferred": {DEFERRED[0]: [[*DEFERRED[1], float(DEFERRED[2])]]},
    "credits": {LATE_CREDIT[0]: [[*LATE_CREDIT[1], float(LATE_CREDIT[2])]]},
}

MONTH_NAMES = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip

INSTANCES = {
    "base": {
        "quarter": (2025, 3),
        "first_month": (2024, 1),
        "memo_date": "13 October 2025",
        "meeting": "Tuesday 28 October 2025",
        "thresholds": {"revenue": 5.0, "gross_margin": 2.0, "churn": 6.0, "cash": 1.5},
        "excluded": [],
        "flags": ["Instruments/revenue", "Consumables/gross_margin", "Software/churn", "Field Service/cash",
                  "Retail Diagnostics/churn"],
        "scope": "All five business units, including Retail Diagnostics.",
        "context": (
            "Q3 was a mixed quarter. The board will want to understand the summer dip in Instruments and "
            "whether the price changes in Consumables are costing us margin. They have also asked, again, "
            "for a consistent view of churn across the units."
        ),
    },
    "q4": {
        "quarter": (2025, 4),
        "first_month": (2024, 1),
        "memo_date": "14 January 2026",
        "meeting": "Thursday 29 January 2026",
        "thresholds": {"revenue": 5.0, "gross_margin": 1.5, "churn": 5.5, "cash": 2.0},
        "excluded": [],
        "flags": ["Software/gross_margin", "Field Service/churn", "Field Service/cash", "Retail Diagnostics/revenue",
                  "Retail Diagnostics/gross_margin", "Retail Diagnostics/churn", "Retail Diagnostics/cash"],
        "scope": (
            "All five business units. Retail Diagnostics is held for sale (completion on 31 December 2025) "
            "but it was ours for the whole of Q4, so report it like every other unit this time."
        ),
        "context": (
            "Q4 closes the year. The board will look hard at Retail Diagnostics before the sale completes, "
            "and at the Software margin after the hosting contract renewal. The audit committee asked us to "
            "tighten the margin and churn flags and to raise the cash floor to EUR 2.0m per unit."
        ),
    },
    "divest": {
        "quarter": (2026, 1),
        "first_month": (2025, 1),
        "memo_date": "13 April 2026",
        "meeting": "Wednesday 29 April 2026",
        "thresholds": {"revenue": 4.0, "gross_margin": 1.5, "churn": 5.0, "cash": 1.5},
        "excluded": ["Retail Diagnostics"],
        "flags": ["Consumables/gross_margin", "Field Service/revenue", "Field Service/gross_margin",
                  "Field Service/churn", "Field Service/cash"],
        "staff": True,
        "scope": (
            "Continuing operations only: exclude Retail Diagnostics (sold on 31 December 2025) from every "
            "figure, including the comparison quarter and the group totals."
        ),
        "context": (
            "This is the first board pack after the sale of Retail Diagnostics. The board wants a clean, "
            "like-for-like view of the four units we kept, so the comparison with Q4 must not be flattered "
            "or dragged down by the unit we sold."
        ),
    },
}


# ---------------------------------------------------------------------------------------------------------
# Master data


def quarter_months(y: int, q: int) -> list[tuple[int, int]]:
    return [(y, 3 * (q - 1) + i) for i in (1, 2, 3)]


def next_quarter(y: int, q: int) -> tuple[int, int]:
    return (y + 1, 1) if q == 4 else (y, q + 1)


def prev_quarter(y: int, q: int) -> tuple[int, int]:
    return (y - 1, 4) if q == 1 else (y, q - 1)


def all_quarters() -> list[tuple[int, int]]:
    out, yq = [], (2024, 1)
    while yq <= (2026, 2):
        out.append(yq)
        yq = next_quarter(*yq)
    return out


def full_targets(rng: random.Random) -> dict[str, dict[tuple[int, int], tuple[float, float, float, float]]]:
    """Designed quarters as given; earlier quarters back-filled, Q2 2026 (flash only) forward-filled."""
    out = {}
    for unit in UNITS:
        t = dict(TARGETS[unit])
        yq = (2025, 2)
        while yq > (2024, 1):
            rev, gm, churn, cash = t[yq]
            p = prev_quarter(*yq)
            t[p] = (
                round(rev / (1 + rng.uniform(0.0, 0.05))),
                round(gm + rng.uniform(-0.9, 0.9), 1),
                round(max(1.5, churn + rng.uniform(-0.8, 0.6)), 1),
                round(cash * rng.uniform(0.85, 1.1)),
            )
            yq = p
        last = max(t)
        rev, gm, churn, cash = t[last]
        t[next_quarter(*last)] = (round(rev * 1.02), gm, churn, cash)
        out[unit] = t
    return out


def build_master() -> dict:
    """Monthly figures per unit: revenue, gross profit, cash (EUR k) and customer movements."""
    rng = random.Random(20251013)
    targets = full_targets(rng)
    data: dict[str, dict[tuple[int, int], dict]] = {u: {} for u in UNITS}
    for unit in UNITS:
        customers = OPENING_CUSTOMERS[unit]
        for yq in all_quarters():
            if yq not in targets[unit]:
                continue
            rev_q, gm_q, churn_q, cash_q = targets[unit][yq]
            rev_q += rng.randint(-12, 12)  # real quarters do not land on round thousands
            cash_q += rng.randint(-30, 30)
            months = quarter_months(*yq)
            w = [0.30 + rng.uniform(-0.03, 0.02), 0.32 + rng.uniform(-0.02, 0.02)]
            w.append(1 - sum(w))
            rev_m = [round(rev_q * x) for x in w]
            rev_m[2] = rev_q - rev_m[0] - rev_m[1]
            # the largest month carries the lowest margin, so a plain average of monthly margins is biased
            d1, d2 = rng.uniform(1.2, 2.4), rng.uniform(0.4, 1.4)
            d3 = -(w[0] * d1 + w[1] * d2) / w[2]
            gm_m = [gm_q + d1, gm_q + d2, gm_q + d3]
            gp_m = [round(r * g / 100) for r, g in zip(rev_m, gm_m, strict=True)]
            lost_q = round(churn_q / 100 * customers)
            lw = [rng.uniform(0.25, 0.4), rng.uniform(0.25, 0.4)]
            lost_m = [round(lost_q * lw[0]), round(lost_q * lw[1])]
            lost_m.append(lost_q - sum(lost_m))
            cash_m = [round(cash_q * rng.uniform(0.9, 1.12)), round(cash_q * rng.uniform(0.9, 1.12)), cash_q]
            for i, ym in enumerate(months):
                new = max(0, round(lost_m[i] * rng.uniform(0.9, 1.35)))
                row = {
                    "revenue": rev_m[i],
                    "gross_profit": gp_m[i],
                    "cash": cash_m[i],
                    "opening": customers,
                    "new": new,
                    "lost": lost_m[i],
                }
                customers = customers + new - lost_m[i]
                row["closing"] = customers
                data[unit][ym] = row
    # from 1 January 2026: the lab automation line's accounts sit in Software, the accounts that went with the sale
    # are gone from Consumables
    shifts = {REORG["from"]: -REORG["moved_accounts"], REORG["to"]: REORG["moved_accounts"],
              TRANSFERRED[0]: -TRANSFERRED[1]}
    for unit, shift in shifts.items():
        for ym, row in data[unit].items():
            if ym >= (2026, 1):
                row["opening"] += shift
                row["closing"] += shift
    return data


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


def month_label(ym: tuple[int, int]) -> str:
    return f"{MONTH_NAMES[ym[1] - 1][:3]} {ym[0]}"


def months_between(first: tuple[int, int], last: tuple[int, int]) -> list[tuple[int, int]]:
    out, (y, m) = [], first
    while (y, m) <= last:
        out.append((y, m))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


def has_figures(unit: str, ym: tuple[int, int]) -> bool:
    return not (unit == SOLD_UNIT and ym > SOLD_AFTER)


def pack_value(master: dict, unit: str, ym: tuple[int, int], field: str, inst: dict) -> int:
    """A figure as the divest pack shows it: the truth with the anomalies only the staff can explain."""
    v = master[unit][ym][field]
    if not inst.get("staff"):
        return v
    if field == "cash" and (unit, ym) == (HELD_CASH[0], (2026, 3)):
        v += HELD_CASH[1]
    if field == "gross_profit" and (unit, ym) == (RECHARGE[0], RECHARGE[1]):
        v -= RECHARGE[2]
    if field in ("revenue", "gross_profit") and (unit, ym) == (DEFERRED[0], DEFERRED[1]):
        v += DEFERRED[2]
    if field in ("opening", "lost") and (unit, ym) == (TRANSFERRED[0], (2026, 1)):
        v += TRANSFERRED[1]
    return v


# how the CRM export spells the units on some rows (the divest pack's export is a raw one)
SPELLINGS = {"Field Service": ["Field service", "FIELD SERVICE"], "Consumables": ["Consumables ", "consumables"],
             "Instruments": ["Instruments "], "Software": ["software"], "Retail Diagnostics": ["Retail diagnostics"]}


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
        (f"Prepared by Group FP&A. Months {month_label(months[0])} to {month_label(last)}, final; "
         f"{month_label(flash)} is a flash estimate.", None),
        ("", None),
        ("Conventions", bold),
        ("All money figures are in EUR thousands (EUR k).", None),
        ("Revenue and gross profit are the amounts booked in the month.", None),
        ("Cash is the business unit's cash balance at the month end (a balance, not a flow).", None),
        ("Customers: active customer accounts; opening + new - lost = closing for every month.", None),
        ("Flash columns and rows are preliminary and are replaced by final figures the following month; "
         "do not use them for quarter reporting.", None),
        ("", None),
        ("Definitions used in board reporting", bold),
        ("Gross margin % for a period = gross profit ÷ revenue for the period (sums over the months).", None),
        ("Quarterly churn % = customers lost during the quarter ÷ active customers at the start of the "
         "quarter (the opening customers of its first month).", None),
        ("Closing cash for a quarter = the balance at the last month end of the quarter.", None),
        ("Group figures are the sums over the business units reported (group margin and churn are computed "
         "from the summed amounts and customer counts, not averaged).", None),
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
            sh.cell(row=1, column=1, value=f"{title} by business unit, EUR k. Export from the planning system, "
                                           "9 Apr 2026 07:42").font = Font(italic=True)
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


def quarter_label(yq: tuple[int, int]) -> str:
    return f"Q{yq[1]} {yq[0]}"


def period_text(yq: tuple[int, int]) -> str:
    months = quarter_months(*yq)
    first, last = months[0], months[-1]
    days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][last[1] - 1]
    return f"1 {MONTH_NAMES[first[1] - 1]} {first[0]} – {days} {MONTH_NAMES[last[1] - 1]} {last[0]}"


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
        "Flag a business unit for each threshold it breaches in the quarter under review. Group totals are "
        "not flagged."
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
        code = "import json, sys; sys.path.insert(0, sys.argv[1]); import reference; " \
               "reference.main(known=json.loads(sys.argv[2]))"
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
