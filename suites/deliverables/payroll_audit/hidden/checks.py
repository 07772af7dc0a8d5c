"""Custom checks of payroll_audit: the totals by site and by cause, and the matters the note raises."""

from __future__ import annotations

import math

from worktrial.kit.grader import figure_block, json_object, note_matters


def _totals(tree):
    return json_object(tree, "totals.json")


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


def _close(got, want: float) -> bool:
    got = _number(got)
    return got is not None and abs(got - want) <= max(1.0, 0.001 * abs(want))


def _block(output, reference, key):
    want = _totals(reference)[key]
    try:
        got = _totals(output).get(key)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read totals.json: {type(e).__name__}: {e}"
    return figure_block(got, want, key, _close)


def by_site(output, reference, params):
    """The amount underpaid at each site (the sites' codes as keys), each within GBP 1 or 0.1%."""
    return _block(output, reference, "by_site")


def by_cause(output, reference, params):
    """The net shortfall by pay element (basic, overtime, night, weekend, public_holiday, call_out), each within
    GBP 1 or 0.1%."""
    return _block(output, reference, "by_cause")


def headline(output, reference, params):
    """Total underpaid and overpaid (within GBP 1 or 0.1%) and the numbers of employees underpaid and overpaid
    (exact)."""
    want = _totals(reference)
    try:
        got = _totals(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read totals.json: {type(e).__name__}: {e}"
    right, wrong = 0, []
    for key in ("total_underpaid_gbp", "total_overpaid_gbp"):
        if _close(got.get(key), float(want[key])):
            right += 1
        else:
            wrong.append(key)
    for key in ("employees_underpaid", "employees_overpaid"):
        n = _number(got.get(key))
        if n is not None and n == float(want[key]):
            right += 1
        else:
            wrong.append(key)
    ev = f"{right}/4 headline figures right"
    if wrong:
        ev += f"; wrong or missing: {', '.join(wrong)}"
    return right / 4, ev


def note_issues(output, reference, params):
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_hr_director.md")
