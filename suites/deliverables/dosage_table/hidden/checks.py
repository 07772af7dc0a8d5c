"""Custom check of dosage_table: the workbook's layout."""

import json

from worktrial.grading.checks import formats
from worktrial.grading.checks.files import FileProblem
from worktrial.grading.checks.tables import read_table

HEADERS = [
    "drug",
    "indication",
    "adult_dose_mg",
    "frequency_h",
    "max_daily_mg",
    "crcl_30_50_daily_mg",
    "crcl_10_29_daily_mg",
    "crcl_below_10_daily_mg",
]


def _key(row, idx):
    return tuple(" ".join(str(row[idx[c]] or "").split()).casefold() for c in ("drug", "indication"))


def dosage_layout(output, reference, params):
    """Sheet "Dosage", the eight columns in the order asked for, one row per formulary drug and indication."""
    try:
        entry, data = output.read_one("dosage.xlsx")
        wb = formats.workbook(data, entry.rel, output.limits, data_only=True)
    except FileProblem as e:
        return 0.0, str(e)
    want = read_table(reference, "dosage.xlsx", "Dosage")
    if "Dosage" not in wb.sheetnames:
        return 0.0, f"no sheet 'Dosage' (sheets: {wb.sheetnames})"
    got = read_table(output, "dosage.xlsx", "Dosage")
    items, notes = [True], []
    header = [h.strip().casefold() for h in got.columns if h.strip()]
    items.append(header == HEADERS)
    if header != HEADERS:
        notes.append(f"columns {got.columns}, expected {HEADERS} in that order")
    idx = got.index()
    if "drug" in idx and "indication" in idx:
        keys = [_key(r, idx) for r in got.rows]
        one_each = len(keys) == len(want.rows) and len(set(keys)) == len(keys)
        if not one_each:
            pairs = len(set(keys))
            notes.append(f"{len(keys)} rows ({pairs} distinct drug/indication pairs), expected {len(want.rows)}")
    else:
        one_each = False
        notes.append("no drug and indication columns")
    items.append(one_each)
    return sum(items) / len(items), "; ".join(notes) or "sheet, columns and rows as asked"


def _same(got, want):
    if isinstance(want, str):
        return str(got or "").strip().casefold() == want.casefold()
    try:
        value = float(str(got).replace(",", ""))
    except (TypeError, ValueError):
        return False
    return abs(value - want) <= max(0.0005, 0.005 * abs(want))


def _rows(output, path, sheet):
    try:
        table = read_table(output, path, sheet)
    except (FileProblem, FileNotFoundError):
        return None
    idx = table.index()
    if "drug" not in idx or "indication" not in idx:
        return None
    return {_key(r, idx): {c: r[i] for c, i in idx.items()} for r in table.rows}


def key_entries(output, reference, params):
    """The entries hidden/reference/key_entries.json names, graded on their own, group by group (each group its
    weight): in the instance with staff, one group per fact the client's staff hold; elsewhere the rows of the
    hardest wordings. An entry that must be absent earns its item when the row is absent; one that must be present
    earns an item per value; a warning earns its item when it is present with both figures, or absent as it must be."""
    try:
        _, raw = reference.read_one("key_entries.json")
    except FileNotFoundError:
        return 0.0, "no key entries in the reference"
    groups = json.loads(raw)
    table = _rows(output, "dosage.xlsx", "Dosage")
    if not table:
        return 0.0, "no readable Dosage table with drug and indication columns"
    warned = _rows(output, "warnings.csv", None) or {}
    total, notes = 0.0, []
    for group in groups:
        items = []
        for e in group["entries"]:
            key = tuple(" ".join(e[c].split()).casefold() for c in ("drug", "indication"))
            row = table.get(key)
            if not e["present"]:
                items.append(row is None)
                continue
            for col, want in e["values"].items():
                items.append(row is not None and _same(row.get(col), want))
        for w in group["warnings"]:
            key = tuple(" ".join(w[c].split()).casefold() for c in ("drug", "indication"))
            row = warned.get(key)
            if not w["present"]:
                items.append(row is None)
            else:
                items.append(
                    row is not None
                    and _same(row.get("daily_dose_mg"), w["daily_dose_mg"])
                    and _same(row.get("max_daily_mg"), w["max_daily_mg"])
                )
        share = sum(items) / len(items) if items else 0.0
        total += group["weight"] * share
        notes.append(f"{group['id']}: {sum(items)}/{len(items)}")
    return min(1.0, round(total, 6)), "; ".join(notes)
