"""How this story's files are laid out, shared by the shortcut scripts: the two bank exports and the ledger
export read as a hurried pass reads them, the monthly totals, the memo's headings and a writer of cached formula
values (the reference solution is self-contained)."""

import datetime as dt
import re
import shutil
import tempfile
import zipfile
from pathlib import Path

import docx
import openpyxl
import worktrial_kit as kit

INPUT, OUTPUT = Path("input"), Path("output")

HEADINGS = ["Summary", "Reconciling items", "Ledger workbook errors", "Matters for your attention", "Monthly cash flow",
            "Recommended actions"]


def pence(x):
    if x in (None, ""):
        return 0
    return int(round(float(str(x).replace(",", "")) * 100))


def as_date(v):
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, str):
        for fmt in ("%Y-%m-%d", "%d-%b-%Y", "%d/%m/%Y"):
            try:
                return dt.datetime.strptime(v, fmt).date()
            except ValueError:
                pass
    return v


def read_bank(dedupe=False):
    """Both bank exports, one after the other; without `dedupe` the month they share is counted twice."""
    ws = openpyxl.load_workbook(INPUT / "bank_statement.xlsx", data_only=True).active
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    opening = next(pence(r[2]) for r in rows if str(r[0] or "").lower().startswith("opening balance"))
    start = next(i for i, r in enumerate(rows) if r[0] == "Date") + 1
    lines = []
    for r in rows[start:]:
        if not r[1]:
            continue
        lines.append({"id": r[1], "date": as_date(r[0]), "ref": r[4] or "",
                      "amount": pence(r[6]) - pence(r[5])})
    seen = {b["id"] for b in lines}
    for r in kit.read_csv(INPUT / "bank_portal_export.csv")[1]:
        if dedupe and r["Transaction ID"] in seen:
            continue
        lines.append({"id": r["Transaction ID"], "date": as_date(r["Posting date"]), "ref": r["Reference"],
                      "amount": pence(r["Amount GBP"])})
    return opening, lines


def read_ledger():
    wb = openpyxl.load_workbook(INPUT / "ledger_1010.xlsx", data_only=True)
    rows = [list(r) for r in wb["GL 1010"].iter_rows(values_only=True)]
    opening = pence(rows[1][7])
    lines = [{"entry": r[0], "date": as_date(r[1]), "ref": r[2] or "", "amount": pence(r[5]) - pence(r[6])}
             for r in rows[2:] if r[0]]
    summary = {str(r[0]): r[1] for r in wb["Summary"].iter_rows(values_only=True) if r[0]}
    return opening, lines, summary


def monthly(opening, bank):
    out = []
    for key in sorted({(b["date"].year, b["date"].month) for b in bank}):
        inn = sum(b["amount"] for b in bank if (b["date"].year, b["date"].month) == key and b["amount"] > 0)
        outp = -sum(b["amount"] for b in bank if (b["date"].year, b["date"].month) == key and b["amount"] < 0)
        out.append((f"{key[0]}-{key[1]:02d}", opening, inn, outp))
        opening += inn - outp
    return out


def write_memo(paragraphs, path=OUTPUT / "memo.docx"):
    d = docx.Document()
    d.add_heading("Bank reconciliation and cash flow", level=0)
    if len(paragraphs) == len(HEADINGS) - 1:  # nothing raised
        paragraphs = [*paragraphs[:3], "Nothing further.", *paragraphs[3:]]
    for h, text in zip(HEADINGS, paragraphs):
        d.add_heading(h, level=1)
        d.add_paragraph(text)
    d.save(path)


def with_cached_values(path, cached):
    """Write cached results into formula cells of an openpyxl-saved workbook: {(sheet index, 'B5'): value}."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.xlsx"
        shutil.copyfile(path, src)
        with zipfile.ZipFile(src) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
            for item in zin.infolist():
                data = zin.read(item.filename)
                m = re.match(r"xl/worksheets/sheet(\d+)\.xml$", item.filename)
                if m:
                    text = data.decode("utf-8")
                    for (sheet, ref), value in cached.items():
                        if sheet == int(m.group(1)) - 1:
                            text = re.sub(rf'(<c r="{ref}"[^>]*><f>[^<]*</f>)<v\s*/?>(</v>)?',
                                          rf"\g<1><v>{value}</v>", text)
                    data = text.encode("utf-8")
                zout.writestr(item, data)
