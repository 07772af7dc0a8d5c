"""Custom checks of claims_reserving: the link ratios, the ultimates by method, the selected ultimate and IBNR by
accident year, the totals, and the matters the note raises."""

from __future__ import annotations

import json
import math

from worktrial.kit.grader import note_matters


def _json(tree):
    _, data = tree.read_one("reserves.json")
    doc = json.loads(data.decode("utf-8"))
    if not isinstance(doc, dict):
        raise ValueError("reserves.json is not an object")
    return doc


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.replace(",", "").replace("£", "").replace("GBP", "").strip()
        try:
            number = float(text)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def _get(doc, *path):
    for p in path:
        if not isinstance(doc, dict):
            return None
        doc = {str(k).strip().lower(): v for k, v in doc.items()}.get(str(p).lower())
    return doc


def _compare(output, reference, pairs, tol):
    """pairs: (label, path); tol(want) -> allowed absolute difference."""
    want_doc = _json(reference)
    try:
        got_doc = _json(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read reserves.json: {type(e).__name__}: {e}"
    right, wrong = 0, []
    for label, path in pairs:
        want = _number(_get(want_doc, *path))
        got = _number(_get(got_doc, *path))
        if want is not None and got is not None and abs(got - want) <= tol(want):
            right += 1
        else:
            wrong.append(label)
    ev = f"{right}/{len(pairs)} figures right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong[:12]) + (" ..." if len(wrong) > 12 else "")
    return right / len(pairs), ev


def _years(reference):
    doc = _json(reference)
    return [(c, ay) for c, b in doc["classes"].items() for ay in b["accident_years"]]


def _money_tol(want: float) -> float:
    return max(500.0, 0.002 * abs(want))


def link_ratios(output, reference, params):
    """The selected incurred link ratios of each class, each within 0.001."""
    doc = _json(reference)
    pairs = [(f"{c} {k}", ("classes", c, "link_ratios", k))
             for c, b in doc["classes"].items() for k in b["link_ratios"]]
    return _compare(output, reference, pairs, lambda w: 0.001)


def _by_year(output, reference, field):
    pairs = [(f"{c} {ay}", ("classes", c, "accident_years", ay, field)) for c, ay in _years(reference)]
    return _compare(output, reference, pairs, _money_tol)


def cl_ultimates(output, reference, params):
    """The chain-ladder ultimate of every class and accident year, within GBP 500 or 0.2%."""
    return _by_year(output, reference, "cl_ultimate")


def bf_ultimates(output, reference, params):
    """The Bornhuetter-Ferguson ultimate of every class and accident year, within GBP 500 or 0.2%."""
    return _by_year(output, reference, "bf_ultimate")


def selected(output, reference, params):
    """The ultimate the policy selects for every class and accident year, within GBP 500 or 0.2%."""
    return _by_year(output, reference, "ultimate")


def ibnr(output, reference, params):
    """The IBNR of every class and accident year, within GBP 500 or 0.2% of the ultimate, each accident year
    weighted by the size of its IBNR in the reference (what matters to the Committee is where the IBNR is)."""
    want_doc = _json(reference)
    try:
        got_doc = _json(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read reserves.json: {type(e).__name__}: {e}"
    total = right = 0.0
    wrong = []
    for c, ay in _years(reference):
        ref = want_doc["classes"][c]["accident_years"][ay]
        weight = max(abs(float(ref["ibnr"])), 1.0)
        got = _number(_get(got_doc, "classes", c, "accident_years", ay, "ibnr"))
        total += weight
        if got is not None and abs(got - float(ref["ibnr"])) <= _money_tol(float(ref["ultimate"])):
            right += weight
        else:
            wrong.append(f"{c} {ay}")
    ev = f"{right / total:.1%} of the reference IBNR in accident years estimated right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong[:12]) + (" ..." if len(wrong) > 12 else "")
    return right / total, ev


def totals(output, reference, params):
    """Total ultimate, IBNR and reserve of each class and overall, each within GBP 1,000 or 1% of the IBNR it
    includes (the ultimate, IBNR and reserve of a class move together)."""
    doc = _json(reference)
    pairs, tols = [], {}
    for c, b in doc["classes"].items():
        for k in ("ultimate", "ibnr", "reserve"):
            pairs.append((f"{c} total_{k}", ("classes", c, f"total_{k}")))
            tols[pairs[-1][0]] = max(1000.0, 0.01 * abs(float(b["total_ibnr"])))
    for k in ("ultimate", "ibnr", "reserve"):
        pairs.append((f"total_{k}", (f"total_{k}",)))
        tols[pairs[-1][0]] = max(1000.0, 0.01 * abs(float(doc["total_ibnr"])))
    try:
        got_doc = _json(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read reserves.json: {type(e).__name__}: {e}"
    right, wrong = 0, []
    for label, path in pairs:
        want, got = _number(_get(doc, *path)), _number(_get(got_doc, *path))
        if want is not None and got is not None and abs(got - want) <= tols[label]:
            right += 1
        else:
            wrong.append(label)
    ev = f"{right}/{len(pairs)} totals right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong)
    return right / len(pairs), ev


def note_issues(output, reference, params):
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_reserving_committee.md")
