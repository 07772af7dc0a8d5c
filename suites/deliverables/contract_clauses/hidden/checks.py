"""Custom checks of contract_clauses: the workbook's layout, partial credit field by field, and the key contracts."""

import json

from worktrial.grading.checks import formats
from worktrial.grading.checks.files import FileProblem
from worktrial.grading.checks.tables import read_table
from worktrial.grading.checks.values import as_number, same

HEADERS = [
    "contract_id",
    "counterparty",
    "governing_law",
    "term_months",
    "renewal",
    "notice_days",
    "liability_cap",
    "termination_for_convenience",
]
TEXT = {"contract_id", "counterparty", "governing_law", "renewal", "termination_for_convenience"}
TOLERANCE = {"term_months": 0.0, "notice_days": 0.0, "liability_cap": 1.0}


def _cell_ok(column, got, want):
    if column in TEXT or (isinstance(want, str) and as_number(want) is None):
        g = "" if got is None else " ".join(str(got).split()).casefold()
        w = "" if want is None else " ".join(str(want).split()).casefold()
        return g == w
    return same(got, want, TOLERANCE.get(column, 1e-9), 1e-9)


def clauses_layout(output, reference, params):
    """Sheet "Clauses", the eight columns in the order asked for, one row per contract, no duplicates."""
    try:
        entry, data = output.read_one("clauses.xlsx")
        wb = formats.workbook(data, entry.rel, output.limits, data_only=True)
    except FileProblem as e:
        return 0.0, str(e)
    want = read_table(reference, "clauses.xlsx", "Clauses")
    items, notes = [], []
    has_sheet = "Clauses" in wb.sheetnames
    items.append(has_sheet)
    if not has_sheet:
        notes.append(f"no sheet 'Clauses' (sheets: {wb.sheetnames})")
        return sum(items) / 3, "; ".join(notes)
    got = read_table(output, "clauses.xlsx", "Clauses")
    header = [h.strip().casefold() for h in got.columns if h.strip()]
    items.append(header == HEADERS)
    if header != HEADERS:
        notes.append(f"columns {got.columns}, expected {HEADERS} in that order")
    ids = [str(r[0]).strip() for r in got.rows if r and r[0] is not None]
    one_each = len(ids) == len(want.rows) and len(set(ids)) == len(ids)
    items.append(one_each)
    if not one_each:
        notes.append(f"{len(ids)} rows ({len(set(ids))} distinct ids), expected {len(want.rows)} contracts")
    return sum(items) / len(items), "; ".join(notes) or "sheet, columns and rows as asked"


def clause_fields(output, reference, params):
    """Share of the reference's fields (7 per contract) that the delivered row for that contract gets right."""
    try:
        got = read_table(output, "clauses.xlsx", "Clauses")
    except FileProblem as e:
        return 0.0, str(e)
    want = read_table(reference, "clauses.xlsx", "Clauses")
    gi, wi = got.index(), want.index()
    if "contract_id" not in gi:
        return 0.0, f"no contract_id column (columns: {got.columns})"
    delivered = {}
    for row in got.rows:
        key = " ".join(str(row[gi["contract_id"]] or "").split()).casefold()
        delivered.setdefault(key, row)
    fields = [h for h in HEADERS if h != "contract_id"]
    right, total, wrong = 0, 0, {}
    for row in want.rows:
        key = " ".join(str(row[wi["contract_id"]]).split()).casefold()
        mine = delivered.get(key)
        for f in fields:
            total += 1
            ok = mine is not None and f in gi and _cell_ok(f, mine[gi[f]], row[wi[f]])
            right += ok
            if not ok:
                wrong[f] = wrong.get(f, 0) + 1
    detail = ", ".join(f"{f}: {n} wrong" for f, n in wrong.items())
    return right / total, f"{right}/{total} fields right" + (f" ({detail})" if detail else "")


def _rules(table):
    idx = table.index()
    if "contract_id" not in idx or "rule_id" not in idx:
        return None
    out = {}
    for row in table.rows:
        cid = " ".join(str(row[idx["contract_id"]] or "").split()).casefold()
        rid = " ".join(str(row[idx["rule_id"]] or "").split()).casefold()
        if cid:
            out.setdefault(cid, set()).add(rid)
    return out


def key_terms(output, reference, params):
    """One slice per contract in hidden/reference/key_terms.json (of its "weight", 1 unless given): its row right
    in every column, exactly its breaches, and no row or breach under a reference that the register does not use
    ("absent")."""
    _, data = reference.read_one("key_terms.json")
    items = json.loads(data)
    if not items:
        return 1.0, "no key contracts in this instance"
    want = read_table(reference, "clauses.xlsx", "Clauses")
    want_rules = _rules(read_table(reference, "risks.csv", None)) or {}
    try:
        got = read_table(output, "clauses.xlsx", "Clauses")
    except FileProblem as e:
        return 0.0, str(e)
    try:
        got_rules = _rules(read_table(output, "risks.csv", None))
    except FileProblem:
        got_rules = None
    gi, wi = got.index(), want.index()
    if "contract_id" not in gi:
        return 0.0, f"no contract_id column (columns: {got.columns})"

    def key(v):
        return " ".join(str(v or "").split()).casefold()

    delivered = {}
    for row in got.rows:
        delivered.setdefault(key(row[gi["contract_id"]]), row)
    wanted = {key(row[wi["contract_id"]]): row for row in want.rows}
    right, total, notes = 0.0, 0.0, []
    for item in items:
        weight = float(item.get("weight", 1))
        total += weight
        cid = key(item["id"])
        mine, ref_row = delivered.get(cid), wanted[cid]
        wrong = [] if mine is not None else ["no row"]
        if mine is not None:
            wrong = [h for h in HEADERS[1:] if h not in gi or not _cell_ok(h, mine[gi[h]], ref_row[wi[h]])]
        if got_rules is None:
            wrong.append("no readable risks.csv")
        elif got_rules.get(cid, set()) != want_rules.get(cid, set()):
            wrong.append(f"breaches {sorted(got_rules.get(cid, set()))}, expected {sorted(want_rules.get(cid, set()))}")
        for other in item.get("absent", []):
            if key(other) in delivered or (got_rules and key(other) in got_rules):
                wrong.append(f"also logged under {other}")
        if wrong:
            notes.append(f"{item['id']}: " + ", ".join(wrong))  # 'why' names the hidden fact: authors only
        else:
            right += weight
    n_right = len(items) - len(notes)
    summary = f"{n_right}/{len(items)} key contracts right"
    return right / total, summary + ("; " + "; ".join(notes) if notes else "")
