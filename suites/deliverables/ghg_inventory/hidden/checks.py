"""Custom checks of ghg_inventory: the scope totals, the totals by source and by site, and the matters the note
raises."""

from __future__ import annotations

import json
import math
import re

SCOPES = ["scope1_tco2e", "scope2_location_tco2e", "scope2_market_tco2e", "total_location_tco2e",
          "total_market_tco2e"]


def _totals(tree):
    _, data = tree.read_one("totals.json")
    doc = json.loads(data.decode("utf-8"))
    if not isinstance(doc, dict):
        raise ValueError("totals.json is not an object")
    return doc


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
    got = got.get(key)
    if not isinstance(got, dict):
        return 0.0, f"{key} is not an object"
    if not want:
        return 0.0, f"no {key} in this instance: nothing to check"
    norm = {str(k).strip().lower(): v for k, v in got.items()}
    wrong = [k for k, v in want.items() if not _close(norm.get(k.lower()), float(v))]
    extra = [k for k in norm if k not in {w.lower() for w in want} and (_number(norm[k]) or 0) > 0.5]
    score = (len(want) - len(wrong)) / (len(want) + len(extra))
    ev = f"{len(want) - len(wrong)}/{len(want)} {key} figures right"
    if wrong:
        ev += f"; wrong or missing: {', '.join(wrong)}"
    if extra:
        ev += f"; keys not expected: {', '.join(extra[:6])}"
    return score, ev


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
    _, ref = reference.read_one("issues.json")
    issues = json.loads(ref)
    if not issues:
        return 0.0, "no matters to raise in this instance: nothing to check"
    try:
        _, data = output.read_one("note_to_audit_committee.md")
        text = data.decode("utf-8", errors="replace")
    except Exception as e:  # a missing or unreadable note is the worker's
        return 0.0, f"cannot read note_to_audit_committee.md: {type(e).__name__}: {e}"
    blocks = [b.lower() for b in re.split(r"\n\s*\n", text) + text.splitlines() if b.strip()]
    raised, missed = [], []
    for issue in issues:
        hit = any(all(_has(b, w) for w in issue["all_of"]) and _has(b, issue["any_of"]) for b in blocks)
        (raised if hit else missed).append(issue["what"])
    ev = f"{len(raised)}/{len(issues)} matters raised"
    if missed:
        ev += "; not raised: " + "; ".join(missed)
    return len(raised) / len(issues), ev


def _has(block: str, words) -> bool:
    return any(w.lower() in block for w in ([words] if isinstance(words, str) else words))
