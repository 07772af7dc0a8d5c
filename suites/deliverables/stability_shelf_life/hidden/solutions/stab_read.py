"""Reading stability_shelf_life's inputs: the batch register, Carrow Mill's LIMS exports (both layouts), Oderberg's
workbook, the current specification and the e-mails, into results each kept once, with their ages as the
protocol defines them. Shared by the reference and the shortcuts."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

import openpyxl

INPUT = Path("input")
DAYS_PER_MONTH = 30.44
LOQ = 0.05
TESTS = {
    "assay": "assay",
    "impurity b": "impurity_b",
    "total impurities": "total_impurities",
    "dissolution 30 min": "dissolution",
}


@dataclass
class Row:
    rid: str
    batch: str
    condition: str  # T0, LT, INT, ACC
    nominal: int
    pulled: date
    tested: date
    attribute: str
    text: str
    status: str
    comment: str = ""


def parse_date(v) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = str(v or "").strip()
    for f in ("%Y-%m-%d", "%d-%b-%Y", "%d/%m/%Y", "%d.%m.%Y"):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


def norm_batch(v) -> str:
    m = re.match(r"^\s*([A-Z])\s*(\d{2})[\s/-]*(\d{4})\s*$", str(v or "").upper())
    return f"{m.group(1)}{m.group(2)}-{m.group(3)}" if m else str(v).strip().upper()


def condition_of(text: str) -> str:
    s = str(text).upper().replace("°", "").replace(" ", "")
    if s.startswith("INITIAL"):
        return "T0"
    if s.startswith("25"):
        return "LT"
    if s.startswith("30"):
        return "INT"
    return "ACC"


def nominal_of(text: str) -> int:
    m = re.search(r"(\d+)", str(text))
    return int(m.group(1)) if m and "initial" not in str(text).lower() else 0


def value_of(text: str, attribute: str) -> float:
    """The value the evaluation uses (QC-SOP-112 2.3): '<LOQ' at half the LOQ, 'ND' at zero."""
    s = str(text).strip().lower().replace(" ", "").replace(",", ".")
    if s.startswith("<loq") or s.startswith("<"):
        return LOQ / 2
    if s in ("nd", "n.d."):
        return 0.0
    return float(s)


def register(path: Path) -> dict[str, dict]:
    ws = openpyxl.load_workbook(path, data_only=True).active
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Batch")
    out = {}
    for r in rows[head + 1 :]:
        if not r or not r[0]:
            continue
        out[norm_batch(r[0])] = {
            "strength": str(r[1]).replace(" ", ""),
            "site": str(r[2]),
            "start": parse_date(r[4]),
            "pack": str(r[5]),
        }
    return out


def read_lims(path: Path) -> list[Row]:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp1252")
    first = text.splitlines()[0]
    delim = ";" if first.count(";") > first.count(",") else ","
    out = []
    for r in csv.DictReader(io.StringIO(text), delimiter=delim):
        if "RESULT_ID" in r:
            test = TESTS[r["TEST"].strip().lower()]
            out.append(
                Row(
                    r["RESULT_ID"].strip(),
                    norm_batch(r["BATCH"]),
                    condition_of(r["CONDITION"]),
                    nominal_of(r["TIMEPOINT"]),
                    parse_date(r["PULL_DATE"]),
                    parse_date(r["TEST_DATE"]),
                    test,
                    r["RESULT"].strip(),
                    r["STATUS"].strip().upper(),
                    r["COMMENT"].strip(),
                )
            )
        else:
            test = TESTS[r["Analysis"].strip().lower()]
            status = "APPROVED" if r["Status"].strip().lower() == "released" else r["Status"].strip().upper()
            out.append(
                Row(
                    r["Result No"].strip(),
                    norm_batch(r["Batch"]),
                    condition_of(r["Storage"]),
                    nominal_of(r["Interval"]),
                    parse_date(r["Pulled"]),
                    parse_date(r["Tested"]),
                    test,
                    r["Result"].strip(),
                    status,
                )
            )
    return out


def read_oderberg(path: Path, reg: dict) -> list[Row]:
    wb = openpyxl.load_workbook(path, data_only=True)
    out = []
    for ws in wb.worksheets:
        rows = [r for r in ws.iter_rows(values_only=True) if r and r[0] is not None]
        m = re.search(r"batch (\S+) - (\w+)", str(rows[0][0]))
        batch, cond = norm_batch(m.group(1)), {"long": "LT", "intermediate": "INT", "accelerated": "ACC"}[m.group(2)]
        label = {str(r[0]).strip(): r[1:] for r in rows[1:]}
        strength = int(reg[batch]["strength"].replace("mg", ""))
        for j, n in enumerate(label["Interval (months)"]):
            if n is None:
                continue
            n = int(n)
            c = "T0" if n == 0 else cond
            pulled, tested = parse_date(label["Pull date"][j]), parse_date(label["Test date"][j])
            rid = f"{batch}/{c}/{n}"
            mg = float(label["Assay (mg/tablet)"][j])
            out.append(Row(rid + "/A", batch, c, n, pulled, tested, "assay", repr(mg * 100 / strength), "APPROVED"))
            out.append(
                Row(rid + "/B", batch, c, n, pulled, tested, "impurity_b", str(label["Impurity B (%)"][j]), "APPROVED")
            )
            out.append(
                Row(
                    rid + "/T",
                    batch,
                    c,
                    n,
                    pulled,
                    tested,
                    "total_impurities",
                    str(label["Total impurities (%)"][j]),
                    "APPROVED",
                )
            )
            units = [float(label[f"Dissolution 30 min, vessel {v} (%)"][j]) for v in range(1, 7)]
            out.append(
                Row(rid + "/D", batch, c, n, pulled, tested, "dissolution", repr(sum(units) / len(units)), "APPROVED")
            )
    return out


def all_rows(reg: dict) -> list[Row]:
    rows: dict[str, Row] = {}
    for path in sorted((INPUT / "lims").glob("*.csv")):
        for r in read_lims(path):
            rows.setdefault(r.rid, r)  # the same result id once (QC-SOP-112 2.2)
    for path in sorted((INPUT / "oderberg").glob("*.xlsx")):
        for r in read_oderberg(path, reg):
            rows.setdefault(r.rid, r)
    return list(rows.values())


def current_limits(path: Path) -> dict[str, float]:
    import docx

    d = docx.Document(str(path))
    out = {}
    for t in d.tables:
        for row in t.rows[1:]:
            name, crit = row.cells[0].text.strip().lower(), row.cells[2].text
            nums = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", crit)]
            if name == "assay":
                out["assay"] = nums[0]
            elif name == "impurity b":
                out["impurity_b"] = nums[0]
            elif name == "total impurities":
                out["total_impurities"] = nums[0]
            elif name.startswith("dissolution"):
                out["dissolution"] = nums[-1]
    return out


def closed_oos() -> set[str]:
    """Investigations an e-mail reports closed with the original invalidated."""
    out = set()
    for mail in sorted((INPUT / "emails").glob("*.eml")):
        body = mail.read_text(encoding="utf-8")
        for m in re.finditer(r"(OOS-\d{2}-\d{3})[^\n]*\) is closed", body):
            if "invalidated" in body:
                out.add(m.group(1))
    return out


def age(start: date, tested: date) -> float:
    return max(0.0, (tested - start).days / DAYS_PER_MONTH)


def build_series(rows: list[Row], reg: dict, known: dict, ages: str = "tested") -> dict:
    """{condition: {strength: {(attribute, batch): (ages, values)}}} of the reportable results. known: "closed"
    (OOS ids whose retest replaces the original), "invalid" ({(batch, condition, nominal, attribute): value}),
    "rrf" (Oderberg's impurity B divisor), "excluded" (batches), "total_limit"."""
    chosen: dict[tuple, Row] = {}
    closed = known.get("closed", set())
    for r in sorted(rows, key=lambda r: r.rid):
        key = (r.batch, r.condition, r.nominal, r.attribute)
        inv = next((c for c in closed if c in r.comment), None)
        if r.status == "RETEST":
            if inv:
                chosen[key] = r
            continue
        if r.status == "OOS" and inv:
            continue
        if key not in chosen or chosen[key].status != "RETEST":
            chosen.setdefault(key, r)
    out: dict = {c: {} for c in ("LT", "INT", "ACC")}
    rrf = known.get("rrf")
    for (batch, cond, n, attr), r in chosen.items():
        if batch in known.get("excluded", ()) or batch not in reg:
            continue
        b = reg[batch]
        value = known.get("invalid", {}).get((batch, cond, n, attr), value_of(r.text, attr))
        if rrf and b["site"].lower().startswith("oder") and attr in ("impurity_b", "total_impurities"):
            imp = chosen[(batch, cond, n, "impurity_b")]
            if not str(imp.text).strip().lower().startswith(("<", "n")):
                raw = value_of(imp.text, "impurity_b")
                value = raw / rrf if attr == "impurity_b" else value + raw / rrf - raw
        if cond == "T0":
            t = 0.0
        elif ages == "nominal":
            t = float(n)
        elif ages == "pulled":
            t = age(b["start"], r.pulled)
        else:
            t = age(b["start"], r.tested)
        for c in ("LT", "INT", "ACC") if cond == "T0" else (cond,):
            xs, ys = out[c].setdefault(b["strength"], {}).setdefault((attr, batch), ([], []))
            xs.append(t)
            ys.append(value)
    for per in out.values():
        for s in per.values():
            for xs, ys in s.values():
                order = sorted(range(len(xs)), key=lambda i: xs[i])
                xs[:], ys[:] = [xs[i] for i in order], [ys[i] for i in order]
    return out
