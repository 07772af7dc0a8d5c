"""Custom checks of energy_bill_validation: the headline totals, the totals by site and by cause, and the matters the
note raises."""

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


def _delivered(output):
    try:
        return _totals(output), ""
    except Exception as e:  # a missing or malformed file is the worker's
        return None, f"cannot read totals.json: {type(e).__name__}: {e}"


def headline(output, reference, params):
    """Total overbilled and total underbilled, each within GBP 1 or 0.1%."""
    want = _totals(reference)
    got, err = _delivered(output)
    if got is None:
        return 0.0, err
    keys = ("total_overbilled_gbp", "total_underbilled_gbp")
    wrong = [k for k in keys if not _close(got.get(k), float(want[k]))]
    ev = f"{len(keys) - len(wrong)}/{len(keys)} headline figures right"
    if wrong:
        ev += f"; wrong or missing: {', '.join(wrong)}"
    return (len(keys) - len(wrong)) / len(keys), ev


def _flat(doc) -> dict:
    out = {}
    for side in ("overbilled", "underbilled"):
        block = doc.get(f"{side}_by_site") if isinstance(doc, dict) else None
        if isinstance(block, dict):
            out.update({f"{str(k).strip()} {side}": v for k, v in block.items()})
    return out


def by_site(output, reference, params):
    """Overbilled and underbilled of every site on the site list, each within GBP 1 or 0.1% (a site with none is 0)."""
    want = _flat(_totals(reference))
    got, err = _delivered(output)
    if got is None:
        return 0.0, err
    return figure_block(_flat(got), want, "by site", _close, counts_extra=lambda v: abs(_number(v) or 0) > 0.5)


def by_cause(output, reference, params):
    """Billed minus expected by cause over the register's lines, each within GBP 1 or 0.1%; a cause the reference
    does not have counts against the score."""
    want = _totals(reference)["by_cause"]
    got, err = _delivered(output)
    if got is None:
        return 0.0, err
    return figure_block(
        got.get("by_cause"), want, "by_cause", _close, counts_extra=lambda v: abs(_number(v) or 0) > 0.5
    )


def note_issues(output, reference, params):
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_finance_director.md")
