"""Reading construction_valuation's inputs as they come: the Contract Sum Analysis, the contract particulars, the site
measurement records in their several layouts, the variation register, the daywork sheets, materials on and off site,
the Contractor's application, the previous valuation and the notices. Shared by the reference and the shortcuts."""

from __future__ import annotations

import csv
import io
import re
from datetime import date, datetime, timedelta
from pathlib import Path

import docx
import openpyxl
from pypdf import PdfReader

INPUT = Path("input")
HOLIDAYS = {
    date(2025, 4, 18),
    date(2025, 4, 21),
    date(2025, 5, 5),
    date(2025, 5, 26),
    date(2025, 8, 25),
    date(2025, 12, 25),
    date(2025, 12, 26),
    date(2026, 1, 1),
    date(2026, 4, 3),
    date(2026, 4, 6),
    date(2026, 5, 4),
    date(2026, 5, 25),
    date(2026, 8, 31),
    date(2026, 12, 25),
    date(2026, 12, 28),
}


# ------------------------------------------------------------------------------------------------ values


def money(v) -> float | None:
    if v is None:
        return None
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v).strip().lower().replace("£", "").replace("gbp", "").replace(",", "").strip()
    s = re.sub(r"\s*(/|per)\s*[a-z0-9]+$", "", s).strip()
    try:
        return float(s)
    except ValueError:
        return None


def number(v) -> float | None:
    """A quantity as written: '56 wks', '1,234.5 m2', '62,5' (decimal comma), '40%'."""
    if v is None or v == "":
        return None
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v).strip().replace("%", "")
    m = re.match(r"^(-?[\d.,]+)", s)
    if not m:
        return None
    t = m.group(1)
    if "," in t and "." not in t and re.search(r",\d{1,2}$", t):
        t = t.replace(",", ".")
    return float(t.replace(",", ""))


def parse_date(v) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = str(v or "").strip()
    for f in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%d-%b-%y", "%d %b %y", "%d %B %Y", "%d %b %Y"):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


def norm_ref(v) -> str:
    """A bill reference written any way (A.1.01, A-1-01, E1/04) as the Contract Sum Analysis writes it."""
    s = str(v or "").strip().upper()
    m = re.match(r"^(PS|[A-Z])\s*[/.\- ]?\s*(\d+)\s*[/.\- ]\s*(\d+)$", s)
    if m:
        return f"{m.group(1)}/{int(m.group(2))}/{int(m.group(3)):02d}"
    m = re.match(r"^(PS|P)\s*[/.\- ]?\s*(\d+)$", s)
    if m:
        return f"{m.group(1)}/{int(m.group(2)):02d}"
    return s


def var_no(v) -> int | None:
    m = re.match(r"^\s*V\s*0*(\d+)", str(v or ""), re.I)
    return int(m.group(1)) if m else None


def after(start: date, days: int) -> date:
    d = start
    for _ in range(days):
        d += timedelta(days=1)
        while d in HOLIDAYS:
            d += timedelta(days=1)
    return d


def before(end: date, days: int) -> date:
    d = end
    for _ in range(days):
        d -= timedelta(days=1)
        while d in HOLIDAYS:
            d -= timedelta(days=1)
    return d


def cycle(ivd: date) -> dict[str, date]:
    due = after(ivd, 7)
    final = after(due, 14)
    return {"due": due, "pn_by": after(due, 5), "final": final, "pln_by": before(final, 5)}


def calendar_cycle(ivd: date) -> dict[str, date]:
    """The same periods counted in plain calendar days (what a reader who forgets the public holidays does)."""
    due = ivd + timedelta(days=7)
    final = due + timedelta(days=14)
    return {"due": due, "pn_by": due + timedelta(days=5), "final": final, "pln_by": final - timedelta(days=5)}


def read_csv_any(path: Path) -> list[list[str]]:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp1252")
    lines = text.splitlines()
    delim = max((";", ","), key=lambda d: sum(1 for ln in lines if ln.count(d) >= 3))
    return [row for row in csv.reader(io.StringIO(text), delimiter=delim)]


def docx_lines(path: Path) -> list[str]:
    d = docx.Document(str(path))
    out = [p.text for p in d.paragraphs if p.text.strip()]
    for t in d.tables:
        for row in t.rows:
            out.append(" | ".join(c.text for c in row.cells))
    return out


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


# ------------------------------------------------------------------------------------------------ contract


def read_particulars(path: Path) -> dict:
    lines = docx_lines(path)
    text = "\n".join(lines)
    out: dict = {"lds": {}, "completion": {}, "unique": set(), "not_unique": set()}
    out["retention"] = float(re.search(r"Retention Percentage \| ([\d.]+)%", text).group(1)) / 100
    out["possession"] = parse_date(re.search(r"Date of Possession \| (\d+ \w+ \d{4})", text).group(1))
    for key in ("labour", "materials", "plant"):
        out[key] = float(re.search(rf"{key} ([\d.]+)%", text, re.I).group(1)) / 100
    for ln in lines:
        m = re.match(r"Section (\d) \| .* \| (\d+ \w+ \d{4}) \| £([\d,.]+) per week", ln)
        if m:
            out["completion"][int(m.group(1))] = parse_date(m.group(2))
            out["lds"][int(m.group(1))] = money(m.group(3))
        if ln.startswith("Listed Items - uniquely identified"):
            out["unique"] = set(re.findall(r"LI-\d+", ln))
        if ln.startswith("Listed Items - not uniquely identified"):
            out["not_unique"] = set(re.findall(r"LI-\d+", ln))
    out["option_a"] = "Fluctuations Option A" in text
    return out


def read_csa(path: Path) -> dict:
    wb = openpyxl.load_workbook(path, data_only=True)
    items, prelims, base_rates = {}, {}, {}
    for ws in wb.worksheets:
        rows = list(ws.iter_rows(values_only=True))
        if ws.title == "Daywork":
            for r in rows:
                if r and r[0] and "operative" in str(r[0]).lower():
                    base_rates["craft" if "craft" in str(r[0]).lower() else "general"] = money(r[1])
            continue
        head = next((i for i, r in enumerate(rows) if r and r[0] == "Ref"), None)
        if head is None:
            continue
        title = str(rows[0][0] or "")
        sec = re.search(r"SECTION (\d)", title)
        for r in rows[head + 1 :]:
            if not r or not r[0]:
                continue
            ref = norm_ref(r[0])
            if ws.title == "Preliminaries":
                basis = "T" if str(r[2]).strip().upper() in ("T", "TR", "TIME-RELATED") else "F"
                weeks = number(r[3])
                rate = money(r[5])
                prelims[ref] = {
                    "ref": str(r[0]),
                    "description": r[1],
                    "basis": basis,
                    "weeks": weeks,
                    "rate": rate,
                    "amount": money(r[6]),
                }
                continue
            qty, unit, rate_cell, amount_cell, note = r[2], r[3], r[4], r[5], (r[6] if len(r) > 6 else None)
            desc = str(r[1])
            if ws.title == "Provisional Sums" or ref.startswith("PS"):
                m = re.search(r"Section (\d)", str(note or ""))
                items[ref] = {
                    "ref": str(r[0]),
                    "description": desc,
                    "kind": "ps",
                    "qty": 1,
                    "unit": "sum",
                    "rate": money(amount_cell),
                    "section": int(m.group(1)) if m else 0,
                }
                continue
            text_rate = str(rate_cell or "").strip().lower()
            kind = (
                "incl"
                if text_rate.startswith("incl")
                else "pq"
                if (
                    "provisional quantity" in desc.lower()
                    or "pq" in str(note or "").lower()
                    or "provisional quantity" in str(note or "").lower()
                )
                else "firm"
            )
            q = number(qty) or 0.0
            rate = money(rate_cell) if kind != "incl" else 0.0
            if rate is None:  # only the amount was typed
                rate = round((money(amount_cell) or 0.0) / q, 2) if q else 0.0
            items[ref] = {
                "ref": str(r[0]),
                "description": desc,
                "kind": kind,
                "qty": q,
                "unit": unit,
                "rate": rate,
                "section": int(sec.group(1)) if sec else 0,
            }
    return {"items": items, "prelims": prelims, "base_rates": base_rates}


# ------------------------------------------------------------------------------------------------ measurement


def read_measurements(folder: Path) -> dict[str, dict]:
    """ref -> {"pct": per cent complete} or {"qty": quantity to date}, the Employer's Agent's figures."""
    out: dict[str, dict] = {}
    for path in sorted(folder.glob("*.csv")):
        if "prelim" in path.name or "variation" in path.name:
            continue
        rows = read_csv_any(path)
        head_i = next(
            i for i, r in enumerate(rows) if r and r[0].strip().lower() in ("item", "ref", "bill ref", "ref no")
        )
        head = [h.strip().lower() for h in rows[head_i]]
        ea = next(i for i, h in enumerate(head) if "(ea)" in h or h.startswith("ea ") or h == "qty to date")
        pq = next((i for i, h in enumerate(head) if "remeasured" in h), None)
        for r in rows[head_i + 1 :]:
            if not r or not r[0].strip() or r[0].strip().lower() == head[0]:
                continue
            ref = norm_ref(r[0])
            if ref in out:
                continue  # a repeated export
            cell = r[ea].strip()
            if not cell and pq is not None:
                out[ref] = {"qty": number(r[pq]) or 0.0}
            elif cell.endswith("%") or "%" in head[ea]:
                out[ref] = {"pct": number(cell) or 0.0}
            else:
                out[ref] = {"qty": number(cell) or 0.0}
    return out


def read_prelims_status(path: Path) -> dict[str, bool]:
    rows = read_csv_any(path)
    return {norm_ref(r[0]): r[3].strip().upper() == "Y" for r in rows[1:] if r and r[2].strip().upper() == "F"}


def read_variation_measures(path: Path) -> dict[tuple[int, str], dict]:
    out = {}
    for r in read_csv_any(path)[1:]:
        if r and var_no(r[0]):
            out[(var_no(r[0]), r[1].strip().upper())] = {
                "item": norm_ref(r[2]) if r[2].strip() else "",
                "qty": number(r[3]),
                "pct": number(r[5]),
            }
    return out


def read_register(path: Path) -> list[dict]:
    ws = openpyxl.load_workbook(path, data_only=True).active
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Var No")
    seen, out = set(), []
    for r in rows[head + 1 :]:
        if not r or var_no(r[0]) is None:
            continue
        key = (var_no(r[0]), str(r[1] or "").strip().upper(), r[2])
        if key in seen:
            continue  # a line pasted twice
        seen.add(key)
        status = str(r[6] or "")
        quote = re.search(r"VQ accepted £([\d,.]+)", status)
        out.append(
            {
                "no": key[0],
                "rev": key[1],
                "doc": r[2],
                "date": parse_date(r[3]),
                "description": r[4],
                "section": int(r[5]) if r[5] else 0,
                "status": status,
                "basis": str(r[7] or ""),
                "item": norm_ref(r[8]) if r[8] else "",
                "claimed": money(r[9]) or 0.0,
                "comment": str(r[10] or ""),
                "quote": money(quote.group(1)) if quote else None,
            }
        )
    return out


def read_dayworks(folder: Path) -> dict[str, dict]:
    """Each daywork sheet once: no -> {"var", "labour": [(grade, hours)], "materials": [cost], "plant": [cost]}."""
    sheets: dict[str, dict] = {}
    for path in sorted(folder.glob("*.pdf")):
        text = pdf_text(path)
        for chunk in re.split(r"(?=DAYWORK SHEET DW-)", text)[1:]:
            no = re.match(r"DAYWORK SHEET (DW-\d+)", chunk).group(1)
            if no in sheets:
                continue
            var = int(re.search(r"Variation: V(\d+)", chunk).group(1))
            sheet: dict = {"var": var, "labour": [], "materials": [], "plant": []}
            part = None
            for ln in chunk.splitlines():
                s = ln.strip()
                if s.startswith("LABOUR"):
                    part = "labour"
                elif s.startswith("MATERIALS"):
                    part = "materials"
                elif s.startswith("PLANT"):
                    part = "plant"
                elif s.startswith("SHEET TOTAL"):
                    part = None
                toks = s.split()
                numeric = [bool(re.match(r"^[\d.,]+$", t)) for t in toks]
                want = [-4, -2, -1] if part == "materials" else [-3, -2, -1]
                if part is None or len(toks) < 4 or not all(numeric[k] for k in want):
                    continue
                if part == "labour":
                    label = " ".join(toks[2:-3]).lower()
                    grade = "craft" if label.startswith("c") else "general"
                    sheet["labour"].append((grade, number(toks[-3])))
                elif part == "materials" and len(toks) >= 5:
                    sheet["materials"].append(number(toks[-4]) * number(toks[-2]))
                elif part == "plant":
                    sheet["plant"].append(number(toks[-3]) * number(toks[-2]))
            sheets[no] = sheet
    return sheets


def read_materials(path: Path) -> list[dict]:
    rows = read_csv_any(path)
    return [{"ref": r[0], "value": money(r[6]), "delivered": parse_date(r[7]), "status": r[8]} for r in rows[1:] if r]


def read_application(path: Path) -> dict:
    text = pdf_text(path)
    out = {
        "applied": money(re.search(r"SUM APPLIED FOR \(excluding VAT\)\s+([\d,.]+)", text).group(1)),
        "fluctuations": money(re.search(r"mill surcharge\s+([\d,.]+)", text).group(1)),
        "offsite": {},
    }
    sched = text.split("Schedule 3")[1]
    for m in re.finditer(r"^((?:LI|OS)-\d+)\s+(.+?)\s+(\d+)\s+([\d,]+\.\d{2})\s*$", sched, re.M):
        item = out["offsite"].setdefault(m.group(1), {"description": m.group(2), "qty": 0, "value": 0.0})
        item["qty"] += int(m.group(3))  # an item given block by block is one Listed Item
        item["value"] = round(item["value"] + money(m.group(4)), 2)
    return out


def read_history(path: Path) -> list[dict]:
    ws = openpyxl.load_workbook(path, data_only=True)["Payment history"]
    out: list[dict] = []
    for r in list(ws.iter_rows(values_only=True))[1:]:
        if r[0] is not None:
            out.append(
                {
                    "no": int(r[0]),
                    "ivd": parse_date(r[1]),
                    "pn_date": parse_date(r[3]),
                    "pn": money(r[4]),
                    "pln_date": parse_date(r[5]),
                    "pln": money(r[6]),
                    "paid": money(r[8]) or 0.0,
                }
            )
        elif r[8] is not None:
            out[-1]["paid"] += money(r[8])
    return out


def read_notices(folder: Path) -> dict:
    out: dict = {"ncn": {}, "pc": {}}
    for path in sorted(folder.glob("*.docx")):
        text = " ".join(docx_lines(path))
        m = re.search(r"failed to complete Section (\d)", text)
        if m and "Non-Completion Notice" in text:
            out["ncn"][int(m.group(1))] = parse_date(re.search(r"Date: (\d+ \w+ \d{4})", text).group(1))
        m = re.search(r"practical completion of Section (\d).*? on (\d+ \w+ \d{4})", text)
        if m:
            out["pc"][int(m.group(1))] = parse_date(m.group(2))
    return out


def bond_received(path: Path) -> bool:
    for ln in docx_lines(path):
        if ln.lower().startswith("off-site materials bond"):
            return "| received" in ln.lower()
    return False
