"""Custom check of dosage_table: the workbook's layout."""

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
            notes.append(f"{len(keys)} rows ({len(set(keys))} distinct drug/indication pairs), expected {len(want.rows)}")
    else:
        one_each = False
        notes.append("no drug and indication columns")
    items.append(one_each)
    return sum(items) / len(items), "; ".join(notes) or "sheet, columns and rows as asked"
