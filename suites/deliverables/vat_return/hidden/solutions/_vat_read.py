"""Reading vat_return's inputs as they come: the sales ledger csv (repeated rows, a repeated header, dd/mm/yyyy and ISO
dates, amounts with thousands separators or in brackets), the purchase ledger workbook (title rows, a repeated header,
one or two sheets that overlap, Excel and text dates, text amounts, a TOTAL row), the VAT code list, the aged debtors,
the bad-debt journal and the e-mails. Shared by the reference and the shortcuts."""

from __future__ import annotations

import csv
import email
import re
from datetime import date, datetime
from pathlib import Path

import docx
import openpyxl

INPUT = Path("input")
Q_START, Q_END = date(2026, 7, 1), date(2026, 9, 30)


def parse_date(v) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = str(v or "").strip()
    for f in ("%d/%m/%Y", "%Y-%m-%d", "%d %b %Y", "%d-%b-%Y", "%d %B %Y"):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


def parse_amount(v) -> float:
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v or "").strip().replace(",", "").replace("£", "")
    if not s:
        return 0.0
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()")
    return -float(s) if neg else float(s)


def read_sales(path: Path) -> list[dict]:
    """Every sales ledger line once (the export repeats some lines with the same transaction number)."""
    out: dict[str, dict] = {}
    with open(path, newline="", encoding="utf-8-sig") as f:
        for r in csv.DictReader(f):
            txn = (r.get("Txn No") or "").strip()
            if not txn or txn == "Txn No":
                continue
            out.setdefault(
                txn,
                {
                    "id": txn,
                    "kind": r["Type"].strip(),
                    "day": parse_date(r["Date"]),
                    "doc": r["Doc No"].strip(),
                    "customer": r["Customer"].strip(),
                    "booking": r["Booking Ref"].strip(),
                    "details": r["Details"],
                    "dept": r["Dept"].strip(),
                    "code": r["Tax Code"].strip().upper(),
                    "net": parse_amount(r["Net"]),
                    "vat": parse_amount(r["VAT"]),
                    "gross": parse_amount(r["Gross"]),
                    "service": parse_date(r["Service Date"]),
                },
            )
    return list(out.values())


def read_purchases(path: Path) -> list[dict]:
    """Every purchase ledger posting once, from every sheet (repeated rows and overlapping sheets kept once)."""
    wb = openpyxl.load_workbook(path, data_only=True)
    out: dict[str, dict] = {}
    for ws in wb.worksheets:
        head = None
        for row in ws.iter_rows(values_only=True):
            first = str(row[0]).strip() if row and row[0] is not None else ""
            if first == "PL Ref":
                head = [str(c).strip() if c is not None else "" for c in row]
                continue
            if head is None or not first.startswith("PL-"):
                continue
            r = dict(zip(head, row, strict=False))
            out.setdefault(
                first,
                {
                    "id": first,
                    "posted": parse_date(r["Posted"]),
                    "supplier": str(r["Supplier"]).strip(),
                    "inv_no": str(r["Supplier Inv No"]).strip(),
                    "inv_date": parse_date(r["Inv Date"]),
                    "details": str(r["Details"] or ""),
                    "nominal": str(r["Nominal"] or ""),
                    "cc": str(r["Cost Centre"] or "").strip().upper(),
                    "code": str(r["Tax Code"] or "").strip().upper(),
                    "net": parse_amount(r["Net"]),
                    "vat": parse_amount(r["VAT"]),
                    "vat_no": str(r["Supplier VAT No"] or "").strip(),
                },
            )
    return sorted(out.values(), key=lambda p: p["id"])


def read_centres(folder: Path) -> dict[str, str]:
    """Cost centre -> its use for VAT, from the code list in force (the version that supersedes the others)."""
    best: tuple[int, dict[str, str]] = (-1, {})
    for path in sorted(folder.glob("*.docx")):
        d = docx.Document(str(path))
        text = " ".join(p.text for p in d.paragraphs)
        m = re.search(r"[Vv]ersion (\d+)", text)
        version = int(m.group(1)) if m else 0
        centres = {}
        for t in d.tables:
            for row in t.rows:
                cells = [c.text.strip() for c in row.cells]
                if re.fullmatch(r"CC\d+", cells[0]):
                    centres[cells[0]] = cells[2].lower()
        if centres and version > best[0]:
            best = (version, centres)
    return best[1]


def read_debtors(path: Path) -> list[dict]:
    ws = openpyxl.load_workbook(path, data_only=True).active
    rows = list(ws.iter_rows(values_only=True))
    head_at = next(i for i, r in enumerate(rows) if r and r[0] == "Customer")
    head = [str(c) for c in rows[head_at]]
    out = []
    for r in rows[head_at + 1 :]:
        if not r or not r[0]:
            continue
        d = dict(zip(head, r, strict=False))
        out.append(
            {
                "customer": str(d["Customer"]),
                "invoice": str(d["Invoice"]),
                "inv_day": parse_date(d["Invoice date"]),
                "terms": int(d["Terms (days)"]),
                "gross": parse_amount(d["Gross"]),
                "paid": parse_amount(d["Paid"]),
                "outstanding": parse_amount(d["Outstanding"]),
                "status": str(d.get("Status") or ""),
                "written_off": parse_date(d.get("Written off")),
            }
        )
    return out


def read_writeoffs(folder: Path) -> dict[str, date]:
    out = {}
    for path in sorted(folder.glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as f:
            for r in csv.DictReader(f):
                if r.get("Invoice") and "written off" in (r.get("Nominal", "") + r.get("Narrative", "")).lower():
                    out[r["Invoice"].strip()] = parse_date(r["Date"])
    return out


def read_emails(folder: Path) -> list[tuple[str, str, str]]:
    """(to, subject, body) of every e-mail."""
    out = []
    for path in sorted(folder.glob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes())
        body = msg.get_payload(decode=True).decode("utf-8", errors="replace")
        out.append((str(msg["To"] or ""), str(msg["Subject"] or ""), body))
    return out


def read_prior(folder: Path) -> dict:
    """The June return as submitted (its recovery percentage and net VAT) and, from the bank statement, when HMRC
    was paid."""
    from pypdf import PdfReader

    out: dict = {}
    for path in sorted(folder.glob("*.pdf")):
        text = re.sub(r"\s+", " ", " ".join(p.extract_text() or "" for p in PdfReader(str(path)).pages))
        m = re.search(r"Recovery percentage \(taxable / total\) ([\d.]+)%", text)
        if m:
            out["rec"] = float(m.group(1))
        m = re.search(r"Box 5 Net VAT to pay to HMRC ([\d,.]+)", text)
        if m:
            out["box5"] = parse_amount(m.group(1))
        m = re.search(r"Payment due by (\d+ \w+ \d{4})", text)
        if m:
            out["due"] = parse_date(m.group(1))
    for path in sorted((folder.parent / "bank").glob("*.csv")):
        with open(path, newline="", encoding="cp1252") as f:
            for r in csv.DictReader(f):
                if r["Description"].startswith("HMRC VAT") and "06/26" in r["Description"]:
                    out["paid_on"] = parse_date(r["Date"])
                    out["paid"] = parse_amount(r["Paid out (£)"])
    return out
