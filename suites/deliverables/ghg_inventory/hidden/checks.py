"""Custom checks of ghg_inventory: the scope totals, the totals by source and by site, and the matters the note
raises."""

from __future__ import annotations

import math

from worktrial.kit.grader import figure_block, json_object, note_matters

SCOPES = ["scope1_tco2e", "scope2_location_tco2e", "scope2_market_tco2e", "total_location_tco2e",
          "total_market_tco2e"]


def _totals(tree):
    return json_object(tree, "totals.json")


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        try:
            number = float(value.replace(",", "").replace("t", "").strip())
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def _close(got, want: float) -> bool:
    got = _number(got)
    return got is not None and abs(got - want) <= max(0.5, 0.005 * abs(want))


def _delivered(output):
    try:
        return _totals(output), ""
    except Exception as e:  # a missing or malformed file is the worker's
        return None, f"cannot read totals.json: {type(e).__name__}: {e}"


def scope_totals(output, reference, params):
    """Scope 1, scope 2 location- and market-based and both totals (each within 0.5% or 0.5 t), and whether the
    base year must be recalculated."""
    want = _totals(reference)
    got, err = _delivered(output)
    if got is None:
        return 0.0, err
    wrong = [k for k in SCOPES if not _close(got.get(k), float(want[k]))]
    flag = got.get("base_year_recalculation_required")
    if flag is not want["base_year_recalculation_required"]:
        wrong.append("base_year_recalculation_required")
    n = len(SCOPES) + 1
    ev = f"{n - len(wrong)}/{n} figures right"
    if wrong:
        ev += f"; wrong or missing: {', '.join(wrong)}"
    return (n - len(wrong)) / n, ev


def _block(output, reference, key):
    want = _totals(reference)[key]
    got, err = _delivered(output)
    if got is None:
        return 0.0, err
    return figure_block(got.get(key), want, key, _close, counts_extra=lambda v: (_number(v) or 0) > 0.5)


def by_source(output, reference, params):
    """t CO2e by source (natural gas, diesel, petrol, refrigerants, electricity location- and market-based), each
    within 0.5% or 0.5 t."""
    return _block(output, reference, "by_source")


def by_site(output, reference, params):
    """t CO2e by site (scope 1 + scope 2 market-based), each within 0.5% or 0.5 t; a site outside the boundary
    all year must not appear with emissions."""
    return _block(output, reference, "by_site")


def note_issues(output, reference, params):
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_audit_committee.md")
