"""Custom checks of stability_shelf_life: the batches' regression lines, the poolability decisions, the times the
attributes reach their acceptance criteria, the extrapolation limit, the shelf life, the storage statement and the
matters the note raises."""

from __future__ import annotations

import csv
import io
import math

from worktrial.kit.grader import json_object, note_matters

DECISION = "shelf_life_decision.json"
TABLE = "regression_by_batch.csv"
# per attribute: the intercept tolerance and the slope's absolute floor (the slope is also allowed 2 % of itself)
TOL = {
    "assay": (0.10, 0.002),
    "impurity_b": (0.004, 0.0002),
    "total_impurities": (0.006, 0.0003),
    "dissolution": (0.30, 0.004),
}
HORIZON = 60.0  # a crossing later than this (or none) is "no crossing within any shelf life at stake"


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.replace(",", "").replace("%", "").replace("months", "").strip()
        try:
            number = float(text)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def _key(text) -> str:
    return str(text).strip().lower().replace(" ", "").replace("_", "").replace("-", "")


def _get(doc, *path):
    for p in path:
        if not isinstance(doc, dict):
            return None
        doc = {_key(k): v for k, v in doc.items()}.get(_key(p))
    return doc


def _decision(output):
    try:
        return json_object(output, DECISION), ""
    except Exception as e:  # a missing or malformed file is the worker's
        return None, f"cannot read {DECISION}: {type(e).__name__}: {e}"


def _table(tree) -> list[dict]:
    _, data = tree.read_one(TABLE)
    text = data.decode("utf-8-sig", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text.splitlines()[0], delimiters=",;\t")
    except (csv.Error, IndexError):
        dialect = csv.excel
    rows = []
    for r in csv.DictReader(io.StringIO(text), dialect=dialect):
        rows.append({_key(k): (v or "").strip() for k, v in r.items() if k is not None})
    return rows


def _lines(output, reference, column):
    want = {(_key(r["batch"]), _key(r["attribute"])): r for r in _table(reference)}
    try:
        got_rows = _table(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read {TABLE}: {type(e).__name__}: {e}"
    got = {}
    for r in got_rows:
        k = (_key(r.get("batch", "")), _key(r.get("attribute", "")))
        got.setdefault(k, r)
    right, wrong = 0, []
    for k, r in want.items():
        attr = r["attribute"]
        w = float(r[_key(column)])
        g = _number(got.get(k, {}).get(_key(column)))
        tol = max(0.02 * abs(w), TOL[attr][1]) if column == "slope_per_month" else TOL[attr][0]
        if g is not None and abs(g - w) <= tol:
            right += 1
        else:
            wrong.append(f"{r['batch']} {attr}")
    extra = [f"{b} {a}" for b, a in got if (b, a) not in want]
    ev = f"{right}/{len(want)} lines right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong[:10]) + (" ..." if len(wrong) > 10 else "")
    if extra:
        ev += "; rows not expected: " + ", ".join(extra[:6])
    return right / (len(want) + len(extra)), ev


def regression_slopes(output, reference, params):
    """Each batch's long-term slope per month, within 2 % (or a small floor per attribute); rows for batches the
    shelf life does not rest on count against the score."""
    return _lines(output, reference, "slope_per_month")


def regression_intercepts(output, reference, params):
    """Each batch's long-term intercept, within a tolerance per attribute."""
    return _lines(output, reference, "intercept")


def _items(reference):
    want = json_object(reference, DECISION)
    return want, [(s, a) for s, v in want["strengths"].items() for a in v["attributes"]]


def _score(items, ok, label):
    right = [i for i in items if ok(i)]
    wrong = [f"{s} {a}" for s, a in items if (s, a) not in right]
    ev = f"{len(right)}/{len(items)} {label} right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong)
    return len(right) / len(items), ev


def poolability(output, reference, params):
    """For each strength and attribute, how the batches were combined: pooled, common_slope or separate."""
    want, items = _items(reference)
    got, err = _decision(output)
    if got is None:
        return 0.0, err

    def ok(item):
        s, a = item
        g = _get(got, "strengths", s, "attributes", a, "model")
        return isinstance(g, str) and _key(g) == _key(want["strengths"][s]["attributes"][a]["model"])

    return _score(items, ok, "poolability decisions")


def crossing(output, reference, params):
    """For each strength and attribute, the age at which its evaluation reaches the acceptance criterion, within
    0.3 months; where the reference has none before 60 months, none (null) or any time after 60 months."""
    want, items = _items(reference)
    got, err = _decision(output)
    if got is None:
        return 0.0, err

    def ok(item):
        s, a = item
        w = want["strengths"][s]["attributes"][a]["crossing_months"]
        entry = _get(got, "strengths", s, "attributes", a)
        if not isinstance(entry, dict) or "crossingmonths" not in {_key(k) for k in entry}:
            return False  # an answer must be given, even "none" (null)
        raw = _get(entry, "crossing_months")
        g = _number(raw)
        if w is None or w > HORIZON:
            return raw is None or (g is not None and g > HORIZON)
        return g is not None and abs(g - w) <= 0.3

    return _score(items, ok, "crossing times")


def extrapolation(output, reference, params):
    """The period the long-term data cover, whether the accelerated and the intermediate data show a significant
    change, and the longest shelf life the data allow."""
    want = json_object(reference, DECISION)
    got, err = _decision(output)
    if got is None:
        return 0.0, err
    keys = [
        "long_term_months",
        "accelerated_significant_change",
        "intermediate_significant_change",
        "max_shelf_life_months",
    ]
    wrong = []
    for k in keys:
        w, g = want[k], _get(got, k)
        if isinstance(w, bool):
            fine = g is w
        else:
            n = _number(g)
            fine = n is not None and abs(n - w) < 1e-6
        if not fine:
            wrong.append(k)
    ev = f"{len(keys) - len(wrong)}/{len(keys)} right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong)
    return (len(keys) - len(wrong)) / len(keys), ev


def shelf_life(output, reference, params):
    """The shelf life each strength's data support and the product's proposed shelf life (counted twice), in
    whole months, exactly."""
    want = json_object(reference, DECISION)
    got, err = _decision(output)
    if got is None:
        return 0.0, err
    pairs = [
        (f"{s} shelf_life_months", ("strengths", s, "shelf_life_months"), v["shelf_life_months"], 1)
        for s, v in want["strengths"].items()
    ]
    pairs.append(("proposed_shelf_life_months", ("proposed_shelf_life_months",), want["proposed_shelf_life_months"], 2))
    got_w = total = 0
    wrong = []
    for label, path, w, weight in pairs:
        total += weight
        g = _number(_get(got, *path))
        if g is not None and abs(g - w) < 1e-6:
            got_w += weight
        else:
            wrong.append(label)
    ev = f"{got_w}/{total} right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong)
    return got_w / total, ev


def storage(output, reference, params):
    """The highest storage temperature of the storage statement (null where none is needed)."""
    want = json_object(reference, DECISION)["storage_temperature_max_c"]
    got, err = _decision(output)
    if got is None:
        return 0.0, err
    raw = _get(got, "storage_temperature_max_c")
    g = _number(raw)
    fine = raw is None if want is None else (g is not None and abs(g - want) < 1e-6)
    return (1.0, "storage temperature right") if fine else (0.0, f"storage_temperature_max_c {raw!r} is wrong")


def note_issues(output, reference, params):
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_qp.md")
