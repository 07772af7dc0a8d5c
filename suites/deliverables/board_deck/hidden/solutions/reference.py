"""Reference: read the CEO's brief and the FP&A KPI pack, build the board deck and figures.json."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import _board_deck_staff as staff
import docx
import openpyxl
from _board_deck_staff import month_name, unit_key
from pptx import Presentation
from pptx.util import Inches, Pt

INPUT = Path("input")
OUTPUT = Path("output")
MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}  # fmt: skip
METRICS = ["revenue", "gross_margin", "churn", "cash"]
METRIC_WORDS = {"revenue": "revenue", "gross_margin": "gross margin", "churn": "churn", "cash": "cash"}


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", str(s or "")).strip()


# ----------------------------------------------------------------------------------------------- the brief


def read_brief(path: Path) -> dict:
    d = docx.Document(str(path))
    brief: dict = {"titles": [], "thresholds": {}, "kv": {}}
    for t in d.tables:
        rows = [[norm(c.text) for c in r.cells] for r in t.rows]
        if not rows:
            continue
        head = [c.lower() for c in rows[0]]
        if any("slide title" in h for h in head):
            col = next(i for i, h in enumerate(head) if "slide title" in h)
            brief["titles"] = [r[col] for r in rows[1:] if r[col]]
        elif head and head[0] == "metric":
            for r in rows[1:]:
                key = r[0].lower()
                num = re.search(r"(\d+(?:\.\d+)?)", r[1])
                if not num:
                    continue
                metric = next((m for m in METRICS if METRIC_WORDS[m] in key), None)
                if metric:
                    brief["thresholds"][metric] = float(num.group(1))
        else:
            for r in rows:
                if len(r) >= 2:
                    brief["kv"][r[0].lower()] = r[1]
    return brief


def parse_period(text: str) -> list[tuple[int, int]]:
    found = re.findall(r"(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})", text)
    (_, m1, y1), (_, m2, y2) = found[0], found[-1]
    first, last = (int(y1), MONTHS[m1.lower()]), (int(y2), MONTHS[m2.lower()])
    out, (y, m) = [], first
    while (y, m) <= last:
        out.append((y, m))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


# ------------------------------------------------------------------------------------------------ the data


def month_of(value) -> tuple[int, int] | None:
    if isinstance(value, dt.datetime | dt.date):
        return (value.year, value.month)
    text = norm(value).lower()
    m = re.fullmatch(r"(\d{4})-(\d{1,2})(?:-\d{1,2})?", text)
    if m:
        return (int(m.group(1)), int(m.group(2)))
    m = re.fullmatch(r"([a-z]{3})[a-z]*\.? (\d{4})", text)
    if m:
        month = next((i for k, i in MONTHS.items() if k.startswith(m.group(1))), None)
        return (int(m.group(2)), month) if month else None
    return None


def number(value) -> float | None:
    """A figure as the export wrote it: a number, or text such as '1,204' or ' 1204 '."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    text = norm(value).replace(",", "").replace("\u00a0", "").replace(" ", "")
    try:
        return float(text) if text else None
    except ValueError:
        return None


def wide_sheet(ws) -> dict[str, dict[tuple[int, int], float]]:
    """Unit -> month -> value; flash columns (a header that is not a month) and total rows are left out."""
    rows = list(ws.iter_rows(values_only=True))
    h = next(i for i, r in enumerate(rows) if r and norm(r[0]).lower() == "business unit")
    months = [month_of(v) for v in rows[h]]
    out: dict[str, dict[tuple[int, int], float]] = {}
    for r in rows[h + 1 :]:
        if not r or not norm(r[0]) or re.match(r"(group )?total", norm(r[0]), re.I):
            continue
        unit = norm(r[0])
        values = {m: number(v) for m, v in zip(months, r, strict=False) if m}
        out[unit] = {m: v for m, v in values.items() if v is not None}
    return out


def customers_sheet(ws) -> dict[str, dict[tuple[int, int], dict]]:
    """Unit key -> month -> opening and lost customers; flash rows and repeated export rows are left out."""
    rows = list(ws.iter_rows(values_only=True))
    h = next(i for i, r in enumerate(rows) if any(norm(v).lower() == "business unit" for v in r))
    head = [norm(v).lower() for v in rows[h]]

    def col(word: str) -> int:
        return next(i for i, h in enumerate(head) if word in h)

    c_month, c_unit, c_open, c_lost = col("month"), col("business unit"), col("opening"), col("lost")
    c_status = next((i for i, h in enumerate(head) if "status" in h), None)
    out: dict[str, dict[tuple[int, int], dict]] = {}
    c_close = next((i for i, h in enumerate(head) if "closing" in h), None)
    for r in rows[h + 1 :]:
        m = month_of(r[c_month])
        if m is None or (c_status is not None and norm(r[c_status]).lower() == "flash"):
            continue
        unit = out.setdefault(unit_key(r[c_unit]), {})
        if m in unit:  # the export repeats some rows; one month is one record
            continue
        unit[m] = {"opening": number(r[c_open]) or 0.0, "lost": number(r[c_lost]) or 0.0}
        if c_close is not None:
            unit[m]["closing"] = number(r[c_close]) or 0.0
    return out


def quarter_amounts(unit_months: list[tuple[int, int]], rev, gp, cash, cust) -> dict:
    return {
        "revenue": sum(rev.get(m, 0.0) for m in unit_months),
        "gross_profit": sum(gp.get(m, 0.0) for m in unit_months),
        "cash": cash.get(unit_months[-1], 0.0),
        "opening": cust.get(unit_months[0], {}).get("opening", 0.0),
        "lost": sum(cust.get(m, {}).get("lost", 0.0) for m in unit_months),
    }


def metrics(cur: dict, prev: dict) -> dict:
    def pct(a: float, b: float) -> float:
        return 100.0 * a / b if b else 0.0

    return {
        "revenue_eur_m": cur["revenue"] / 1000,
        "revenue_prior_eur_m": prev["revenue"] / 1000,
        "revenue_change_pct": pct(cur["revenue"] - prev["revenue"], prev["revenue"]),
        "gross_margin_pct": pct(cur["gross_profit"], cur["revenue"]),
        "gross_margin_prior_pct": pct(prev["gross_profit"], prev["revenue"]),
        "churn_pct": pct(cur["lost"], cur["opening"]),
        "churn_prior_pct": pct(prev["lost"], prev["opening"]),
        "closing_cash_eur_m": cur["cash"] / 1000,
        "closing_cash_prior_eur_m": prev["cash"] / 1000,
    }


def flash_column(ws) -> dict[str, float]:
    """Unit key -> the flash month's value (the column whose header says flash)."""
    rows = list(ws.iter_rows(values_only=True))
    h = next(i for i, r in enumerate(rows) if r and norm(r[0]).lower() == "business unit")
    col = next((j for j, v in enumerate(rows[h]) if "flash" in norm(v).lower()), None)
    if col is None:
        return {}
    out = {}
    for r in rows[h + 1 :]:
        if r and norm(r[0]) and col < len(r) and number(r[col]) is not None:
            out[unit_key(r[0])] = number(r[col])
    return out


def main(ask: bool = True, known: dict | None = None) -> None:
    """Build the deck; `ask` puts the pack's anomalies, then the open questions, to the client's people
    (_board_deck_staff.py), `known` gives their answers directly (the generator uses it to write the reference
    without a world)."""
    OUTPUT.mkdir(exist_ok=True)
    brief = read_brief(INPUT / "brief.docx")
    kv = brief["kv"]
    quarter, comparison = kv["quarter under review"], kv["comparison quarter"]
    cur_months, prev_months = parse_period(kv["period"]), parse_period(kv["comparison period"])
    scope = next((v for k, v in kv.items() if "scope" in k), "")

    wb = openpyxl.load_workbook(str(INPUT / "kpis.xlsx"), data_only=True)
    rev, gp, cash = wide_sheet(wb["Revenue"]), wide_sheet(wb["Gross profit"]), wide_sheet(wb["Cash"])
    cust = customers_sheet(wb["Customers"])
    units = list(rev)
    excluded = []
    if re.search(r"\bexclud", scope, re.I):
        tail = scope[re.search(r"\bexclud", scope, re.I).start() :].lower()
        excluded = [u for u in units if u.lower() in tail]
    units = [u for u in units if u not in excluded]
    if known is None:
        known = {}
        if ask:
            known = staff.ask_about_anomalies(
                units,
                rev,
                gp,
                cash,
                cust,
                flash_column(wb["Cash"]),
                flash_column(wb["Revenue"]),
                cur_months,
                prev_months,
            )
            if staff._staff():  # then the open questions every owner gets before the deck is final
                known["credits"] = staff.ask_what_changed(units, cur_months)
                known |= staff.ask_open_questions(units, cur_months, prev_months, cust, known.get("transferred", {}))
    adjustments = []

    per_unit, totals_cur, totals_prev = {}, {}, {}
    for u in units:
        g_u = dict(gp.get(u, {}))
        for y, mo, amount in known.get("recharge", {}).get(u, []):
            g_u[(y, mo)] = g_u.get((y, mo), 0.0) + amount
            adjustments.append(f"{u}: EUR {amount / 1000:.2f}m of costs of the sold unit taken out of cost of sales")
        r_u = dict(rev.get(u, {}))
        for y, mo, amount in known.get("deferred", {}).get(u, []):
            r_u[(y, mo)] = r_u.get((y, mo), 0.0) - amount
            g_u[(y, mo)] = g_u.get((y, mo), 0.0) - amount
            adjustments.append(f"{u}: EUR {amount / 1000:.2f}m of next quarter's licence revenue deferred")
        for y, mo, amount in known.get("credits", {}).get(u, []):
            r_u[(y, mo)] = r_u.get((y, mo), 0.0) - amount
            g_u[(y, mo)] = g_u.get((y, mo), 0.0) - amount
            adjustments.append(f"{u}: EUR {amount / 1000:.2f}m of service credits booked after the pack")
        for y, mo, amount, cost in known.get("held_back", {}).get(u, []):
            r_u[(y, mo)] = r_u.get((y, mo), 0.0) - amount
            g_u[(y, mo)] = g_u.get((y, mo), 0.0) - (amount - cost)
            adjustments.append(f"{u}: EUR {amount / 1000:.2f}m invoiced but held for the customer is not yet revenue")
        cash_u = dict(cash.get(u, {}))
        for y, mo, amount in known.get("overdraft", {}).get(u, []):
            cash_u[(y, mo)] = cash_u.get((y, mo), 0.0) - amount
            adjustments.append(
                f"{u}: EUR {amount / 1000:.2f}m overdrawn outside the cash pool at the end of {month_name((y, mo))} "
                "netted against cash"
            )
        cust_u = {m: dict(v) for m, v in cust.get(unit_key(u), {}).items()}
        for y, mo, n, *closed_next in known.get("unclosed", {}).get(u, []):
            row = cust_u.setdefault((y, mo), {"opening": 0.0, "lost": 0.0})
            row["lost"] = row.get("lost", 0.0) + n
            if closed_next and closed_next[0]:  # the CRM closed them the month after: out of its lost and its base
                nxt = cust_u.setdefault((y + 1, 1) if mo == 12 else (y, mo + 1), {"opening": 0.0, "lost": 0.0})
                nxt["lost"], nxt["opening"] = nxt.get("lost", 0.0) - n, nxt.get("opening", 0.0) - n
            adjustments.append(f"{u}: {n:.0f} accounts that ended in {month_name((y, mo))} counted as lost then")
        args = (r_u, g_u, cash_u, cust_u)
        c, p = quarter_amounts(cur_months, *args), quarter_amounts(prev_months, *args)
        reorg = known.get("reorg")
        if reorg and u in (reorg["from"], reorg["to"]):
            sign = -1 if u == reorg["from"] else 1
            for k in ("revenue", "gross_profit", "opening", "lost"):
                p[k] += sign * reorg[k]
        if u in known.get("transferred", {}):
            n = known["transferred"][u]
            c["opening"] -= n
            c["lost"] -= n
            p["opening"] -= n  # like-for-like: they were in the comparison quarter's base too
            adjustments.append(f"{u}: {n:.0f} accounts transferred with the sale are not churn")
        if u in known.get("held_cash", {}):
            c["cash"] -= known["held_cash"][u]
            adjustments.append(f"{u}: EUR {known['held_cash'][u] / 1000:.2f}m held for the buyer left out of cash")
        per_unit[u] = metrics(c, p)
        for k in c:
            totals_cur[k] = totals_cur.get(k, 0.0) + c[k]
            totals_prev[k] = totals_prev.get(k, 0.0) + p[k]
    if known.get("reorg"):
        r = known["reorg"]
        adjustments.insert(0, f"{comparison} restated for the product line moved from {r['from']} to {r['to']}")
    group = metrics(totals_cur, totals_prev)

    th = brief["thresholds"]
    risks = []
    for u in units:
        f = per_unit[u]
        if "revenue" in th and f["revenue_change_pct"] < -th["revenue"]:
            risks.append(
                (
                    u,
                    "revenue",
                    f"revenue EUR {f['revenue_eur_m']:.1f}m, {f['revenue_change_pct']:+.1f}% "
                    f"on {comparison} (flag: down more than {th['revenue']:.1f}%)",
                )
            )
        drop = f["gross_margin_pct"] - f["gross_margin_prior_pct"]
        if "gross_margin" in th and drop < -th["gross_margin"]:
            risks.append(
                (
                    u,
                    "gross_margin",
                    f"gross margin {f['gross_margin_pct']:.1f}%, down {-drop:.1f} points "
                    f"from {f['gross_margin_prior_pct']:.1f}% (flag: more than "
                    f"{th['gross_margin']:.1f} points)",
                )
            )
        if "churn" in th and f["churn_pct"] > th["churn"]:
            risks.append((u, "churn", f"quarterly churn {f['churn_pct']:.1f}% (flag: above {th['churn']:.1f}%)"))
        if "cash" in th and f["closing_cash_eur_m"] < th["cash"]:
            risks.append(
                (u, "cash", f"closing cash EUR {f['closing_cash_eur_m']:.1f}m (flag: below EUR {th['cash']:.1f}m)")
            )

    r4 = lambda d: {k: round(v, 4) for k, v in d.items()}  # noqa: E731
    figures = {
        "quarter": quarter,
        "comparison_quarter": comparison,
        "group": r4(group),
        "business_units": [{"name": u, **r4(per_unit[u])} for u in units],
        "risks": [{"business_unit": u, "metric": m} for u, m, _ in risks],
    }
    (OUTPUT / "figures.json").write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")

    # ------------------------------------------------------------------------------------------ the deck
    prs = Presentation()
    titles = brief["titles"]

    def bullets(title: str, lines: list[str]) -> None:
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = title
        body = s.placeholders[1]
        body.left, body.top, body.width, body.height = Inches(0.5), Inches(1.5), Inches(9), Inches(5.6)
        tf = body.text_frame
        for i, line in enumerate(lines):
            para = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
            para.text = line
            para.font.size = Pt(18 if len(lines) <= 6 else 15)

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = titles[0] if titles else f"Board performance review {quarter}"
    meeting = ""
    for t in docx.Document(str(INPUT / "brief.docx")).paragraphs:
        m = re.search(r"Board meeting:\s*(.+)", t.text)
        if m:
            meeting = norm(m.group(1))
    s.placeholders[1].text = f"{quarter} ({kv['period']}) compared with {comparison}\nBoard meeting {meeting}"

    g = group
    for title in titles[1:]:
        key = title.lower()
        if "executive" in key:
            lines = [
                f"Group revenue EUR {g['revenue_eur_m']:.1f}m, {g['revenue_change_pct']:+.1f}% on {comparison} "
                f"(EUR {g['revenue_prior_eur_m']:.1f}m)",
                f"Group gross margin {g['gross_margin_pct']:.1f}% ({comparison}: {g['gross_margin_prior_pct']:.1f}%)",
                f"Group quarterly churn {g['churn_pct']:.1f}% ({comparison}: {g['churn_prior_pct']:.1f}%)",
                f"Group closing cash EUR {g['closing_cash_eur_m']:.1f}m ({comparison}: "
                f"EUR {g['closing_cash_prior_eur_m']:.1f}m)",
                f"{len(risks)} risk flags across {len({u for u, _, _ in risks})} business units; see Key risks",
            ]
            if excluded:
                lines.append("Continuing operations only: " + ", ".join(excluded) + " excluded from all figures")
            if adjustments:
                lines.append("Like-for-like adjustments: " + "; ".join(adjustments))
            bullets(title, lines)
        elif "revenue" in key:
            bullets(
                title,
                [
                    f"{u}: EUR {f['revenue_eur_m']:.1f}m in {quarter} vs EUR {f['revenue_prior_eur_m']:.1f}m in "
                    f"{comparison} ({f['revenue_change_pct']:+.1f}%)"
                    for u, f in per_unit.items()
                ]
                + [f"Group: EUR {g['revenue_eur_m']:.1f}m vs EUR {g['revenue_prior_eur_m']:.1f}m"],
            )
        elif "margin" in key or "churn" in key:
            bullets(
                title,
                [
                    f"{u}: gross margin {f['gross_margin_pct']:.1f}% "
                    f"({comparison} {f['gross_margin_prior_pct']:.1f}%); churn {f['churn_pct']:.1f}% "
                    f"({comparison} {f['churn_prior_pct']:.1f}%)"
                    for u, f in per_unit.items()
                ]
                + [f"Group: gross margin {g['gross_margin_pct']:.1f}%; churn {g['churn_pct']:.1f}%"],
            )
        elif "cash" in key:
            bullets(
                title,
                [
                    f"{u}: EUR {f['closing_cash_eur_m']:.1f}m ({comparison} EUR {f['closing_cash_prior_eur_m']:.1f}m)"
                    for u, f in per_unit.items()
                ]
                + [f"Group closing cash: EUR {g['closing_cash_eur_m']:.1f}m"],
            )
        elif "quarter-over-quarter" in key or "summary" in key:
            s = prs.slides.add_slide(prs.slide_layouts[5])
            s.shapes.title.text = title
            header = [
                "Business unit",
                "Revenue prior (EUR m)",
                "Revenue current (EUR m)",
                "Revenue change %",
                "Gross margin prior %",
                "Gross margin current %",
                "Churn prior %",
                "Churn current %",
            ]
            body = [(u, per_unit[u]) for u in units] + [("Group", g)]
            shape = s.shapes.add_table(
                len(body) + 1, len(header), Inches(0.3), Inches(1.6), Inches(9.4), Inches(0.45) * (len(body) + 1)
            )
            table = shape.table
            for j, h in enumerate(header):
                table.cell(0, j).text = h
            for i, (name, f) in enumerate(body, start=1):
                vals = [
                    name,
                    f"{f['revenue_prior_eur_m']:.1f}",
                    f"{f['revenue_eur_m']:.1f}",
                    f"{f['revenue_change_pct']:+.1f}%",
                    f"{f['gross_margin_prior_pct']:.1f}%",
                    f"{f['gross_margin_pct']:.1f}%",
                    f"{f['churn_prior_pct']:.1f}%",
                    f"{f['churn_pct']:.1f}%",
                ]
                for j, v in enumerate(vals):
                    table.cell(i, j).text = v
            for row in table.rows:
                for cell in row.cells:
                    for para in cell.text_frame.paragraphs:
                        para.font.size = Pt(12)
        elif "risk" in key:
            lines = [f"{u}: {text}" for u, _, text in risks] or ["No business unit breaches a threshold"]
            bullets(title, lines)
        else:
            bullets(title, [f"{quarter} compared with {comparison}"])
    prs.save(str(OUTPUT / "board_deck.pptx"))


if __name__ == "__main__":
    main()
