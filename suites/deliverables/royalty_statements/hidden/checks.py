"""Custom checks of royalty_statements: each author's statement figures (earnings, reserves, advance and payable)
and the matters the note to the managing director raises."""

from __future__ import annotations

import math

from worktrial.kit.grader import json_object, note_matters

TOTALS = "statement_totals.json"


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


def _authors(tree) -> dict:
    doc = json_object(tree, TOTALS)
    authors = doc.get("authors")
    if not isinstance(authors, dict):
        raise ValueError("statement_totals.json has no 'authors' object")
    return {str(k).strip().upper(): v for k, v in authors.items()}


def _per_author(output, reference, fields: tuple[str, ...], what: str) -> tuple[float, str]:
    """An author counts when every one of `fields` agrees (within GBP 1 or 0.1%); authors the reference does not
    have count against the score."""
    want = _authors(reference)
    try:
        got = _authors(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read {TOTALS}: {type(e).__name__}: {e}"
    wrong = []
    for aid, figs in want.items():
        mine = got.get(aid)
        if not isinstance(mine, dict):
            wrong.append(f"{aid} missing")
            continue
        norm = {str(k).strip().lower(): v for k, v in mine.items()}
        bad = [f for f in fields if not _close(norm.get(f), float(figs[f]))]
        if bad:
            wrong.append(f"{aid} ({', '.join(bad)})")
    extra = [k for k in got if k not in want]
    right = len(want) - len(wrong)
    value = right / (len(want) + len(extra))
    ev = f"{right}/{len(want)} authors' {what} right"
    if wrong:
        ev += "; wrong or missing: " + ", ".join(wrong[:10]) + (" ..." if len(wrong) > 10 else "")
    if extra:
        ev += "; authors not on the ledger: " + ", ".join(extra[:6])
    return value, ev


def author_earnings(output, reference, params):
    """Each author's sales royalties and share of sub-rights income for the half-year."""
    return _per_author(output, reference, ("sales_royalties_gbp", "subrights_gbp"), "earnings")


def author_reserves(output, reference, params):
    """Each author's reserve against returns held on this statement and released from the June statements."""
    return _per_author(output, reference, ("reserve_held_gbp", "reserve_released_gbp"), "reserves")


def author_balances(output, reference, params):
    """Each author's advance still unearned at 31 December 2026 and the amount the statements pay out."""
    return _per_author(output, reference, ("unearned_advance_gbp", "payable_gbp"), "advance and payable")


def note_issues(output, reference, params):
    """Share of the matters the reference raises that the note raises too: one paragraph or line that names the
    item and says what is wrong with it or what must be done (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "note_to_managing_director.md")
