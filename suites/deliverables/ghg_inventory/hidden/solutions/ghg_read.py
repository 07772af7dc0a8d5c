"""Reading the client's files for the inventory: the site register, the factor workbooks, the bills, the fuel cards,
the refrigerant log and the certificate statement. Shared by the reference and the shortcuts."""

from __future__ import annotations

import csv
import re
from datetime import date, datetime
from pathlib import Path

import docx
import openpyxl
from pypdf import PdfReader

INPUT = Path("input")
YEAR_START, YEAR_END = date(2026, 1, 1), date(2026, 12, 31)


def to_date(v) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = str(v or "").strip()
    for f in ("%Y-%m-%d", "%d/%m/%Y", "%d/%m/%y", "%d %b %Y", "%d %B %Y", "%b %Y"):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


def num(v) -> float:
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v or "").strip().replace(" ", "")
    return float(s.replace(",", "")) if s else 0.0


def rows_after_header(ws, first: str) -> list[dict]:
    rows = list(ws.iter_rows(values_only=True))
    for i, r in enumerate(rows):
        if r and str(r[0] or "").strip().lower() == first.lower():
            head = [str(c or "").strip() for c in r]
            return [dict(zip(head, x, strict=False)) for x in rows[i + 1:] if x and any(c not in (None, "") for c in x)]
    return []


def site_register(path: Path) -> tuple[dict, dict, dict]:
    wb = openpyxl.load_workbook(path, data_only=True)
    sites = {}
    for r in rows_after_header(wb["Sites"], "Site code"):
        code = str(r["Site code"]).strip()
        sites[code] = {"code": code, "name": str(r["Site name"]), "type": str(r["Type"]).lower(),
                       "from": to_date(r["In estate from"]) or YEAR_START, "to": to_date(r["In estate to"]) or YEAR_END,
                       "mpan": str(r["Electricity MPAN"] or "").strip(), "mprn": str(r["Gas MPRN"] or "").strip(),
                       "status": str(r["Status"] or ""), "notes": str(r["Notes"] or "")}
    fleet = {str(r["Registration"]).replace(" ", "").upper(): str(r["Based at"]).strip()
             for r in rows_after_header(wb["Fleet"], "Registration")}
    base = {str(r["Site code"]).strip(): num(r["t CO2e"]) for r in rows_after_header(wb["Base year 2023"], "Site code")}
    return sites, fleet, base


def factors(folder: Path) -> tuple[dict, dict, str]:
    """The workbook with the highest version on its cover sheet: factors by activity, GWPs by set."""
    best = None
    for path in sorted(folder.glob("*.xlsx")):
        wb = openpyxl.load_workbook(path, data_only=True)
        cover = {str(r[0]).strip(): r[1] for r in wb["Cover"].iter_rows(values_only=True) if r and r[0]}
        version = float(str(cover.get("Version", "0")))
        if best is None or version > best[0]:
            best = (version, wb, path.name)
    assert best is not None
    _, wb, name = best
    f = {str(r["Activity"]).strip(): num(r["kg CO2e per unit"]) for r in rows_after_header(wb["Factors"], "Category")}
    gwp = {}
    for r in rows_after_header(wb["GWP"], "Refrigerant"):
        gwp[gas_key(r["Refrigerant"])] = {k.split()[-1]: num(v) for k, v in r.items() if k.startswith("GWP")}
    return f, gwp, name


def gas_key(v) -> str:
    s = re.sub(r"\(.*?\)", "", str(v or "")).upper().replace("-", "").replace(" ", "")
    s = {"CO2": "744"}.get(s, s)
    return s[1:] if s.startswith("R") else s


def gwp_set(policy: Path) -> str:
    text = "\n".join(p.text for p in docx.Document(str(policy)).paragraphs)
    for key, words in (("AR6", ("AR6", "Sixth")), ("AR5", ("AR5", "Fifth")), ("AR4", ("AR4", "Fourth"))):
        if any(w in text for w in words):
            return key
    return "AR5"


def pdf_lines(path: Path) -> list[str]:
    return [ln.strip() for page in PdfReader(str(path)).pages for ln in (page.extract_text() or "").splitlines()]


def bills(folder: Path) -> list[dict]:
    """Every bill line as exported: meter, number, period, kWh, read type (A or E)."""
    out = []
    with open(folder / "electricity_bills_2026.csv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if not (r.get("MPAN") or "").strip().isdigit():
                continue  # a blank line or a second header
            out.append({"meter": r["MPAN"].strip(), "no": r["Bill number"].strip(), "from": to_date(r["Period from"]),
                        "to": to_date(r["Period to"]), "kwh": num(r["Consumption (kWh)"]),
                        "read": "E" if r["Read type"].strip().upper().startswith("E") else "A", "fuel": "electricity"})
    with open(folder / "gas_meter_export_2026.csv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            out.append({"meter": r["MPRN"].strip(), "no": r["Invoice"].strip(), "from": to_date(r["Start"]),
                        "to": to_date(r["End"]), "kwh": num(r["Energy kWh (gross)"]),
                        "read": "E" if r["Reading"].strip().upper().startswith("E") else "A", "fuel": "gas"})
    pages = [p.extract_text() or "" for path in sorted((folder / "head_office_statements").glob("*.pdf"))
             for p in PdfReader(str(path)).pages]
    for text in pages:
        m = re.search(r"Billing period: (\d+ \w+ \d{4}) to (\d+ \w+ \d{4})", text)
        meter = re.search(r"(?:MPAN|MPRN): (\d+)", text)
        kwh = re.search(r"Energy used: ([\d,.]+) kWh", text)
        no = re.search(r"Statement number: (\w+)", text)
        if not (m and meter and kwh and no):
            continue
        out.append({"meter": meter.group(1), "no": no.group(1), "from": to_date(m.group(1)), "to": to_date(m.group(2)),
                    "kwh": num(kwh.group(1)), "read": "E" if "Reading type: Estimated" in text else "A",
                    "fuel": "gas" if "Natural gas" in text else "electricity"})
    return out


def fuel(folder: Path, fleet: dict) -> list[dict]:
    out = []
    with open(folder / "fuellink_transactions_2026.csv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            p = {"DIESEL": "diesel", "ULSP": "petrol"}.get(r["Product"].strip().upper(), "other")
            out.append({"id": r["Transaction ID"], "date": to_date(r["Date"]), "site": r["Cost centre"].strip(),
                        "product": p, "litres": num(r["Quantity (L)"])})
    with open(folder / "crossway_fuel_2026.csv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            p = {"DERV": "diesel", "UNLEADED": "petrol"}.get(r["Product"].strip().upper(), "other")
            out.append({"id": r["Txn Ref"], "date": to_date(r["Txn Date"]),
                        "site": fleet.get(r["Vehicle Reg"].replace(" ", "").upper(), "?"), "product": p,
                        "litres": num(r["Volume (gal)"]) * 4.54609, "gallons": num(r["Volume (gal)"])})
    return out


def site_of(name: str, sites: dict) -> str | None:
    low = name.lower()
    if "head office" in low or "pellam" in low:
        return "HO1"
    for code, s in sites.items():
        words = re.sub(r"larchmont (market|local)|distribution centre|depot|\(.*?\)", "", s["name"].lower()).split()
        if words and words[0][:5] in low:
            return code
    m = re.search(r"\b(?:store|st)\s*0?(\d{1,2})\b", low)
    return f"ST{int(m.group(1)):02d}" if m else None


def refrigerant_jobs(path: Path, sites: dict) -> list[dict]:
    wb = openpyxl.load_workbook(path, data_only=True)
    out = []
    for r in rows_after_header(wb.active, "Job ref"):
        q = r["Quantity"]
        if isinstance(q, str) and q.strip().lower().endswith(" g"):
            kg = num(q.strip()[:-2]) / 1000
        elif isinstance(q, str):
            kg = float(q.lower().replace("kg", "").strip().replace(",", ".") or 0)
        else:
            kg = float(q or 0)
        work = str(r["Work done"] or "").lower()
        out.append({"ref": r["Job ref"], "date": to_date(r["Date"]), "site": site_of(str(r["Site"]), sites),
                    "gas": gas_key(r["Refrigerant"]), "top_up": "top" in work, "kg": kg, "work": work,
                    "notes": str(r["Engineer notes"] or "")})
    return out


def certificates(path: Path) -> list[dict]:
    out = []
    for ln in pdf_lines(path):
        parts = [p.strip() for p in ln.split("|")]
        if len(parts) != 6 or parts[0].lower().startswith("certificate"):
            continue
        a, b = (to_date(x.strip()) for x in parts[3].split(" - "))
        if a is None or b is None:
            continue
        end = date(b.year + (b.month == 12), b.month % 12 + 1, 1)
        out.append({"ref": parts[0], "supplier": parts[1], "mpan": parts[2], "from": a,
                    "to": date.fromordinal(end.toordinal() - 1), "mwh": num(parts[4]), "for": parts[5]})
    return out
