"""Custom checks of freight_audit: the headline totals, the totals by carrier and by cause, and the matters the note
raises."""

from __future__ import annotations

import json
import math
import re


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
    if not isinstance(got, dict):
        return 0.0, f"{key} is not an object"
    if not want:
        return 0.0, f"no {key} in this instance: nothing to check"
    norm = {str(k).strip().lower(): v for k, v in got.items()}
    wrong = [k for k, v in want.items() if not _close(norm.get(k.lower()), float(v))]
    extra = [k for k in norm if k not in {w.lower() for w in want}]
    score = (len(want) - len(wrong)) / (len(want) + len(extra))
    ev = f"{len(want) - len(wrong)}/{len(want)} {key} figures right"
    if wrong:
        ev += f"; wrong or missing: {', '.join(wrong)}"
    if extra:
        ev += f"; keys not expected: {', '.join(extra[:6])}"
    return score, ev


def by_carrier(output, reference, params):
    """The amount overcharged by each carrier (brackenford, quillon, tern as keys), each within GBP 1 or 0.1%."""
    return _block(output, reference, "by_carrier")


def by_cause(output, reference, params):
    """Billed minus agreed by cause (rate, weight, fuel, accessorial, minimum, duplicate), each within GBP 1 or
    0.1%."""
    return _block(output, reference, "by_cause")


def headline(output, reference, params):
    """Total overcharged and undercharged (within GBP 1 or 0.1%) and the numbers of lines overcharged and
    undercharged (exact)."""
    want = _totals(reference)
    try:
        got = _totals(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read totals.json: {type(e).__name__}: {e}"
    right, wrong = 0, []
    for key in ("total_overcharge_gbp", "total_undercharge_gbp"):
        if _close(got.get(key), float(want[key])):
            right += 1
        else:
            wrong.append(key)
    for key in ("lines_overcharged", "lines_undercharged"):
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
    _, ref = reference.read_one("issues.json")
    issues = json.loads(ref)
    if not issues:
        return 0.0, "no matters to raise in this instance: nothing to check"
    try:
        _, data = output.read_one("note_to_finance_manager.md")
        text = data.decode("utf-8", errors="replace")
    except Exception as e:  # a missing or unreadable note is the worker's
        return 0.0, f"cannot read note_to_finance_manager.md: {type(e).__name__}: {e}"
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
