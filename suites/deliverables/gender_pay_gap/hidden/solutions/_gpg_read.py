"""Reading gender_pay_gap's inputs as they come: the HR master (title rows, repeated rows, rows superseded by a change,
genders and hours written several ways, mixed dates), the payroll elements export (two runs of the monthly payroll,
a block of lines in twice, codes in other cases), the Hull bureau's payslips, the bonus ledger (repeated lines, a
reversal, mixed dates and amounts), the non-payroll workers, the flex timesheets and the e-mails. Shared by the
reference and the shortcuts."""

from __future__ import annotations

import csv
import email
import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

import openpyxl

INPUT = Path("input")
SNAPSHOT = date(2026, 4, 5)
BONUS_FROM = date(2025, 4, 6)


def parse_date(v: Any) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = str(v or "").strip()
    for f in ("%d/%m/%Y", "%Y-%m-%d", "%d-%b-%Y", "%d %b %Y", "%d.%m.%Y"):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


def parse_amount(v: Any) -> float:
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v or "").strip().replace(",", "").replace("£", "").replace("GBP", "").strip()
    if not s:
        return 0.0
    neg = (s.startswith("(") and s.endswith(")")) or s.startswith("-")
    s = s.strip("()").lstrip("-").strip()
    return -float(s) if neg else float(s)


def parse_hours(v: Any) -> float:
    m = re.search(r"\d+(?:\.\d+)?", str(v or ""))
    return float(m.group()) if m else 0.0


def parse_gender(v: Any) -> str | None:
    s = str(v or "").strip().lower()
    return {"m": "M", "male": "M", "f": "F", "female": "F"}.get(s)


def _sheet_rows(ws: Any, first: str) -> list[dict]:
    rows = list(ws.iter_rows(values_only=True))
    for i, r in enumerate(rows):
        if r and str(r[0] or "").strip() == first:
            head = [str(h or "").strip() for h in r]
            return [dict(zip(head, x, strict=False)) for x in rows[i + 1 :] if x and x[0] not in (None, "")]
    return []


def read_hr(path: Path) -> dict[str, dict]:
    """One row per employee: the row in effect on the snapshot date (a change supersedes an earlier row)."""
    wb = openpyxl.load_workbook(path, data_only=True)
    out: dict[str, dict] = {}
    for r in _sheet_rows(wb["Employees"], "Employee No"):
        eid = str(r["Employee No"]).strip()
        frm, to = parse_date(r.get("Effective From")), parse_date(r.get("Effective To"))
        if to is not None and to < SNAPSHOT:
            continue
        if frm is not None and frm > SNAPSHOT and eid in out:
            continue
        out[eid] = {
            "id": eid,
            "name": f"{r['Forename']} {r['Surname']}",
            "gender": parse_gender(r.get("Gender")),
            "site": str(r["Site"]).strip(),
            "title": str(r["Job Title"]).strip(),
            "payroll": str(r["Payroll"]).strip(),
            "flex": "flex" in str(r["Contract"]).lower(),
            "hours": parse_hours(r["Contracted Hrs/Wk"]),
            "start": parse_date(r["Start Date"]),
            "leaving": parse_date(r.get("Leaving Date")),
            "notes": str(r.get("Notes") or ""),
        }
    return out


def read_payroll(path: Path) -> list[dict]:
    """Every payroll line once (an exact repeat of a line is the export's, not a second payment)."""
    seen, out = set(), []
    with open(path, newline="", encoding="utf-8-sig") as f:
        for r in csv.DictReader(f):
            key = tuple(r.values())
            if key in seen:
                continue
            seen.add(key)
            out.append(
                {
                    "payroll": r["Payroll"].strip().upper(),
                    "id": r["Employee No"].strip(),
                    "start": parse_date(r["Period Start"]),
                    "end": parse_date(r["Period End"]),
                    "paid": parse_date(r["Pay Date"]),
                    "run": r["Run"].strip().upper(),
                    "code": r["Element"].strip().upper(),
                    "units": parse_amount(r["Units"]),
                    "amount": parse_amount(r["Amount"]),
                }
            )
    return out


def read_bureau(path: Path) -> tuple[dict[str, list[dict]], dict[str, str], int, float]:
    """The Hull staff's lines for the bureau period holding the snapshot date, their genders where the bureau gives
    them, the period's length in days and the contracted hours."""
    wb = openpyxl.load_workbook(path, data_only=True)
    for ws in wb.worksheets:
        title = str(ws.cell(1, 1).value or "")
        dates = [parse_date(d) for d in re.findall(r"\d\d\.\d\d\.\d{4}", title)]
        if len(dates) >= 2 and dates[0] <= SNAPSHOT <= dates[1]:
            lines: dict[str, list[dict]] = {}
            sex: dict[str, str] = {}
            hours = 0.0
            for r in _sheet_rows(ws, "Emp Ref"):
                eid = str(r["Emp Ref"]).strip()
                lines.setdefault(eid, []).append(
                    {"code": str(r["Element"]).strip(), "amount": parse_amount(r["Amount"])}
                )
                g = parse_gender(r.get("Sex"))
                if g:
                    sex[eid] = g
                hours = parse_hours(r["Contract Hrs"]) or hours
            return lines, sex, (dates[1] - dates[0]).days + 1, hours
    return {}, {}, 28, 40.0


def read_bonuses(path: Path) -> list[dict]:
    """Every ledger line once, by its reference (the report was run twice into the file)."""
    out: dict[str, dict] = {}
    with open(path, newline="", encoding="utf-8-sig") as f:
        for r in csv.DictReader(f):
            ref = r["Ledger Ref"].strip()
            out.setdefault(
                ref,
                {
                    "ref": ref,
                    "id": r["Employee No"].strip(),
                    "scheme": r["Scheme"].strip(),
                    "paid": parse_date(r["Date Paid"]),
                    "amount": parse_amount(r["Amount"]),
                    "type": r["Type"].strip(),
                    "notes": r["Notes"].strip(),
                },
            )
    return list(out.values())


def read_non_payroll(path: Path) -> tuple[list[dict], dict[str, dict], dict[tuple[str, date], float]]:
    """Agency temps, owner-drivers (each agreement once) and the owner-drivers' invoices by week."""
    wb = openpyxl.load_workbook(path, data_only=True)
    agency = [
        {"id": str(r["Agency Ref"]), "name": r["Name"], "end": parse_date(r.get("Assignment End"))}
        for r in _sheet_rows(wb["Agency - StaffLink"], "Agency Ref")
    ]
    drivers: dict[str, dict] = {}
    for r in _sheet_rows(wb["Owner-drivers"], "OD Ref"):
        drivers.setdefault(
            str(r["OD Ref"]).strip(),
            {
                "id": str(r["OD Ref"]).strip(),
                "name": r["Name"],
                "gender": parse_gender(r["Gender"]),
                "site": r["Depot"],
                "hours": parse_hours(r["Shift Hours"]) * parse_hours(r["Shifts per Week"]),
                "from": parse_date(r["Engaged From"]),
                "to": parse_date(r.get("Engaged To")),
            },
        )
    invoices = {}
    for r in _sheet_rows(wb["OD invoices"], "OD Ref"):
        invoices[(str(r["OD Ref"]).strip(), parse_date(r["Week Ending"]))] = parse_amount(r["Amount"])
    return agency, drivers, invoices


def read_timesheets(path: Path) -> dict[str, dict[date, float]]:
    out: dict[str, dict[date, float]] = {}
    with open(path, newline="", encoding="utf-8-sig") as f:
        for r in csv.DictReader(f):
            out.setdefault(r["Employee No"].strip(), {})[parse_date(r["Week Ending"])] = parse_amount(r["Basic Hours"])
    return out


def read_mails(folder: Path) -> list[tuple[str, str, str]]:
    out = []
    for p in sorted(folder.glob("*.eml")):
        msg = email.message_from_bytes(p.read_bytes())
        body = msg.get_payload(decode=True).decode("utf-8")
        out.append((p.name, msg["Subject"] or "", body))
    return out


def find(pattern: str) -> Path:
    return next(INPUT.glob(pattern))
