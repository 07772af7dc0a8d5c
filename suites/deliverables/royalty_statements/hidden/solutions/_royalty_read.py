"""Reading royalty_statements' inputs as a royalties accountant would: the agreements (and the amendment), the
royalty ledger, Pellham's monthly reports in both layouts (each line once), the special sales record, Inkstream's
report and the receipts it led to, Sonorant's report and the sub-rights register. Shared by the reference and the
shortcuts."""

from __future__ import annotations

import csv
import io
import re
from datetime import date, datetime
from pathlib import Path

import docx
import openpyxl
from pypdf import PdfReader

FORMATS = {"hardback": "HB", "paperback": "PB", "ebook": "EB", "audio download": "AU"}
RIGHTS = {"translation": "translation", "first serial": "serial", "audio licence": "audio_licence"}


def digits(v) -> str:
    if isinstance(v, float):
        v = int(v)
    return re.sub(r"\D", "", str(v or ""))


def num(v) -> float:
    if isinstance(v, (int, float)):
        return float(v)
    s = str(v or "").strip().replace("£", "").replace("%", "")
    if re.fullmatch(r"-?[\d.]+,\d+", s):
        s = s.replace(".", "").replace(",", ".")
    return float(s.replace(",", "")) if s else 0.0


def parse_date(v) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = str(v or "").strip()
    for f in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%d %b %Y", "%d %B %Y"):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


# ------------------------------------------------------------------------------------------------ agreements

RATE = r"(\d+(?:\.\d+)?)% \([^)]*\)"


def escalator(text: str) -> list[tuple[int | None, float]]:
    bands = []
    for m in re.finditer(
        RATE + r" of the recommended retail price on (?:the (?:first|next) ([\d,]+) \([^)]*\) "
        r"copies sold|all copies sold)",
        text,
    ):
        bands.append((int(m.group(2).replace(",", "")) if m.group(2) else None, float(m.group(1))))
    return bands


def by_edition(text: str) -> dict[str, float]:
    out = {}
    for m in re.finditer(RATE + r" of net receipts on the (hardback|paperback) edition", text):
        out["HB" if m.group(2) == "hardback" else "PB"] = float(m.group(1))
    return out


def read_contract(path: Path) -> dict | None:
    d = docx.Document(str(path))
    paras = [p.text.strip() for p in d.paragraphs if p.text.strip()]
    text = "\n".join(paras)
    if "DRAFT" in paras[0].upper():
        return None
    if paras[0].startswith("Amendment"):
        m = re.search(r"Agreement no\. (KL-\d{4}-\d{3})", text)
        eff = re.search(r"With effect from (\d{1,2} \w+ \d{4})", text)
        clause = re.search(r"\"\((\w)\) (Hardback|Paperback) edition, home market: (.*?)\.\"", text)
        return {
            "amends": m.group(1),
            "from": parse_date(eff.group(1)),
            "key": "HB" if clause.group(2) == "Hardback" else "PB",
            "bands": escalator(clause.group(3)),
        }
    c: dict = {"cid": re.search(r"Agreement no\. (KL-\d{4}-\d{3})", text).group(1), "bands": {}, "sub": {}}
    for p in paras:
        m = re.match(r"\(\w\) (Hardback|Paperback) edition, home market: (.*)", p)
        if m:
            c["bands"]["HB" if m.group(1) == "Hardback" else "PB"] = escalator(m.group(2))
        elif re.match(r"\(\w\) Export:", p):
            c["export"] = by_edition(p)
        elif re.match(r"\(\w\) High discount:", p):
            c["hd_threshold"] = float(re.search(r"at a discount of (\d+(?:\.\d+)?)%", p).group(1))
            c["hd"] = by_edition(p)
        elif re.match(r"\(\w\) Ebook:", p):
            c["ebook"] = float(re.search(RATE, p).group(1))
        elif re.match(r"\(\w\) Audio download:", p):
            c["audio"] = float(re.search(RATE, p).group(1))
        elif p.startswith("8.2"):
            c["reserve"] = float(re.search(RATE, p).group(1))
            c["reserve_periods"] = {"two": 2, "three": 3}[re.search(r"first (\w+) accounting periods", p).group(1)]
        elif "accounted jointly" in p:
            c["joint"] = re.search(r"agreement no\. (KL-\d{4}-\d{3})", p).group(1)
        elif "paid to the Author's agent" in p:
            c["agency"] = re.search(r"agent, (.+?), whose receipt", p).group(1)
    for table in d.tables:
        for row in table.rows[1:]:
            right, share = (cell.text.strip().lower() for cell in row.cells)
            key = "translation" if "translation" in right else "serial" if "serial" in right else "audio_licence"
            c["sub"][key] = float(re.search(RATE, share).group(1))
    return c


def read_contracts(folder: Path, period_start: date) -> dict[str, dict]:
    contracts, amendments = {}, []
    for path in sorted(folder.glob("*.docx")):
        c = read_contract(path)
        if c is None:
            continue
        (amendments if "amends" in c else []).append(c)
        if "cid" in c:
            contracts[c["cid"]] = c
    for a in amendments:
        if a["from"] <= period_start:
            contracts[a["amends"]]["bands"][a["key"]] = a["bands"]
            contracts[a["amends"]]["amended"] = a
    for cid, c in contracts.items():  # joint accounting binds both agreements
        if c.get("joint"):
            contracts[c["joint"]]["joint"] = cid
    return contracts


# ------------------------------------------------------------------------------------------------ ledger


def _period(label) -> str:
    s = str(label or "").strip()
    return {"Jul-Dec 2025": "H2 2025", "Jan-Jun 2026": "H1 2026"}.get(s, s)


def read_ledger(path: Path) -> dict:
    wb = openpyxl.load_workbook(path, data_only=True)
    authors = {}
    for r in list(wb["Authors"].iter_rows(values_only=True))[1:]:
        if r[0]:
            authors[r[0]] = {
                "name": r[1],
                "agency": None if r[2] in (None, "-") else r[2],
                "commission": 0.0 if r[3] in (None, "-") else num(r[3]),
            }
    titles = {}
    for r in list(wb["Titles"].iter_rows(values_only=True))[1:]:
        if r[0] and r[0] != "-":
            titles[digits(r[4])] = {
                "cid": r[0],
                "author": r[1],
                "title": r[2],
                "fmt": FORMATS[r[3].lower()],
                "pub": parse_date(r[5]),
                "rrp": r[6],
            }
    cumulative: dict[str, dict[str, int]] = {}
    h1_units: dict[str, int] = {}
    for r in list(wb["Statement lines"].iter_rows(values_only=True))[1:]:
        period, cid, isbn, line, units, _, cum = r[:7]
        period = _period(period)
        if line == "Home" and cum is not None:
            cumulative.setdefault(digits(isbn), {})[period] = int(cum)
        if period == "H1 2026" and digits(isbn):
            h1_units[cid] = h1_units.get(cid, 0) + int(units or 0)
    c0 = {isbn: v.get("H1 2026", v.get("H2 2025", 0)) for isbn, v in cumulative.items()}
    balances = {}
    for r in list(wb["Account balances"].iter_rows(values_only=True))[1:]:
        if _period(r[0]) == "H1 2026":
            balances[r[1]] = {"author": r[2], "reserve_withheld": float(r[5] or 0), "unearned_cf": float(r[9] or 0)}
    advances = [
        (r[0], float(r[2]), parse_date(r[3])) for r in list(wb["Advances paid"].iter_rows(values_only=True))[1:] if r[0]
    ]
    return {
        "authors": authors,
        "titles": titles,
        "c0": c0,
        "h1_units": h1_units,
        "balances": balances,
        "advances": advances,
    }


# ------------------------------------------------------------------------------------------------ sales


def _rows(path: Path, encoding: str = "utf-8") -> list[list[str]]:
    text = path.read_bytes().decode(encoding)
    sep = ";" if any(line.count(";") > 5 for line in text.splitlines()[:6]) else ","
    return list(csv.reader(io.StringIO(text), delimiter=sep))


def read_pellham_file(path: Path) -> list[dict]:
    """The invoice, credit and despatch lines of one Pellham report, in either layout."""
    kinds = {"INV": "INV", "CRN": "CRN", "DSP": "DSP", "INVOICE": "INV", "CREDIT NOTE": "CRN"}
    rows = _rows(path)
    head = next(i for i, r in enumerate(rows) if r and r[0].strip().lower() in ("period", "doc date"))
    cols = [c.strip().lower() for c in rows[head]]
    out = []
    for r in rows[head + 1 :]:
        if len(r) != len(cols) or r[0].strip().upper() == "TOTAL":
            continue
        x = dict(zip(cols, r, strict=True))
        out.append(
            {
                "doc": x.get("doc no", ""),
                "isbn": digits(x.get("isbn", x.get("ean"))),
                "country": x.get("country", x.get("ctry", "")).strip().upper(),
                "account": x.get("account", x.get("cust no", "")),
                "name": x.get("account name", x.get("customer", "")),
                "kind": kinds.get(x.get("type", x.get("sale type", "")).strip().upper(), "DSP"),
                "qty": int(num(x["qty"])),
                "rrp": num(x.get("rrp", x.get("retail price"))),
                "disc": num(x.get("disc %", x.get("disc"))),
                "value": num(x.get("net value", x.get("net amount"))),
                "date": parse_date(x.get("doc date")),
            }
        )
    return out


def read_pellham(folder: Path) -> list[dict]:
    """Every invoice and credit line once, whichever report (or copy of a report) it is in."""
    seen, out = set(), []
    for path in sorted(folder.glob("*.csv")):
        for line in read_pellham_file(path):
            key = (line["doc"], line["isbn"], line["qty"])
            if key not in seen:
                seen.add(key)
                out.append(line)
    return out


def read_special(path: Path) -> list[dict]:
    rows = list(openpyxl.load_workbook(path, data_only=True).active.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Order ref")
    out = []
    for r in rows[head + 1 :]:
        if not r or not r[0]:
            continue
        out.append(
            {
                "doc": r[0],
                "date": parse_date(r[1]),
                "name": r[2],
                "country": str(r[3]).upper(),
                "isbn": digits(r[4]),
                "qty": int(r[6]),
                "rrp": float(r[7]),
                "disc": num(r[8]),
                "price": float(r[9]),
                "value": float(r[10]),
                "note": r[11] or "",
                "kind": "INV",
            }
        )
    return out


def read_receipts(path: Path) -> dict[int, tuple[float, float]]:
    text = "\n".join(p.extract_text() or "" for p in PdfReader(str(path)).pages)
    out = {}
    for m in re.finditer(r"^(\w+) 2026\s+\d{2} \w{3} \d{4}\s+([\d,]+\.\d{2})\s+([\d,]+\.\d{2})", text, re.M):
        month = datetime.strptime(m.group(1), "%B").month
        out[month] = (num(m.group(2)), num(m.group(3)))
    return out


def read_inkstream(path: Path, receipts: dict[int, tuple[float, float]]) -> dict[str, list[float]]:
    """eISBN -> [units, sterling received]: each month's dollars at the sterling that month's remittance brought."""
    out: dict[str, list[float]] = {}
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            month = int(r["Sales Month"][-2:])
            usd, gbp = receipts[month]
            acc = out.setdefault(digits(r["eISBN"]), [0, 0.0])
            acc[0] += int(r["Units"])
            acc[1] += num(r["Net Receipts"]) * gbp / usd
    return out


def read_sonorant(path: Path) -> dict[str, list[float]]:
    rows = _rows(path, "cp1252")
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Month")
    out: dict[str, list[float]] = {}
    for r in rows[head + 1 :]:
        if len(r) >= 6 and digits(r[1]):
            acc = out.setdefault(digits(r[1]), [0, 0.0])
            acc[0] += int(r[4])
            acc[1] += num(r[5])
    return out


def read_register(path: Path) -> list[dict]:
    rows = list(openpyxl.load_workbook(path, data_only=True).active.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Ref")
    out = []
    for r in rows[head + 1 :]:
        if not r or not r[0]:
            continue
        out.append(
            {
                "ref": r[0],
                "cid": r[1],
                "title": r[2],
                "right": RIGHTS[str(r[3]).lower()],
                "licensee": r[4],
                "territory": r[5],
                "gbp": float(r[11]) if r[11] is not None else None,
                "received": parse_date(r[12]),
                "reconciled": r[13] or "",
                "note": r[14] or "",
            }
        )
    return out
