"""Custom checks of oprisk_capital: the loss events used, the rule cases, and the matters the notes raise."""

from __future__ import annotations

import json

from worktrial.kit.grader import note_matters


def _ids(tree, path):
    _, data = tree.read_one(path)
    doc = json.loads(data.decode("utf-8"))
    ids = doc.get("events_in_capital") if isinstance(doc, dict) else None
    if not isinstance(ids, list):
        raise ValueError("events_in_capital is not a list")
    return {str(x).strip().upper() for x in ids}


def included_events(output, reference, params):
    """F1 of the delivered `events_in_capital` against the reference set (order does not matter)."""
    try:
        got = _ids(output, "capital.json")
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read events_in_capital: {type(e).__name__}: {e}"
    want = _ids(reference, "capital.json")
    hits = got & want
    if not want:
        return 0.0, "no events expected in this instance: nothing to check"
    f1 = 2 * len(hits) / (len(got) + len(want))
    missing, extra = sorted(want - got), sorted(got - want)
    ev = f"{len(hits)}/{len(want)} events right, {len(got)} delivered"
    if missing:
        ev += f"; missing ({len(missing)}): {', '.join(missing[:6])}"
    if extra:
        ev += f"; not used by the policy ({len(extra)}): {', '.join(extra[:6])}"
    return f1, ev


def rule_cases(output, reference, params):
    """Accuracy on the entries where the standard's rules, not the plain lookups, decide the answer: overridden
    event types (section 4.3 rules 1 and 2), deliberate conduct and vandalism that keep their primary type
    (rule 3), and losses booked to shared-service cost centres (section 5.2)."""
    import csv
    import io

    _, ref = reference.read_one("rule_cases.csv")
    cases = list(csv.DictReader(io.StringIO(ref.decode("utf-8"))))
    try:
        _, data = output.read_one("classified_events.csv")
        text = data.decode("utf-8-sig")
        dialect = csv.Sniffer().sniff(text.splitlines()[0]) if text.strip() else csv.excel
        rows = list(csv.DictReader(io.StringIO(text), dialect=dialect))
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read classified_events.csv: {type(e).__name__}: {e}"
    got = {}
    for r in rows:
        r = {str(k or "").strip().lower(): str(v or "").strip() for k, v in r.items()}
        if r.get("event_id"):
            got[r["event_id"].upper()] = r
    if not cases:
        return 0.0, "no rule cases in this instance: nothing to check"
    wrong = {}
    for c in cases:
        have = got.get(c["event_id"].upper(), {}).get(c["aspect"], "")
        if have.upper() != c["expected"].upper():
            wrong.setdefault(c["rule"], []).append(f"{c['event_id']} {have or '-'}≠{c['expected']}")
    n_wrong = sum(len(v) for v in wrong.values())
    ev = f"{len(cases) - n_wrong}/{len(cases)} rule cases right"
    for rule, items in sorted(wrong.items()):
        ev += f"; {rule}: {len(items)} wrong ({', '.join(items[:3])})"
    return (len(cases) - n_wrong) / len(cases), ev


def notes_issues(output, reference, params):
    """Share of the matters the reference raises that `notes.md` raises too: one paragraph or line that names the
    item and says what is wrong with it (`hidden/reference/issues.json`)."""
    return note_matters(output, reference, "notes.md", hit=_names_matter)


def _names_matter(block, matter):
    return all(_has(block, w) for w in matter["all_of"]) and any(_has(block, w) for w in matter["any_of"])


def _has(block, words):
    """A word, or any of a list of alternative wordings, occurs in the block (padded so that ' bi ' matches at its
    ends)."""
    text = f" {block} "
    return any(w.lower() in text for w in ([words] if isinstance(words, str) else words))


def _capital(tree):
    _, data = tree.read_one("capital.json")
    doc = json.loads(data.decode("utf-8"))
    if not isinstance(doc, dict):
        raise ValueError("capital.json is not an object")
    return doc


def _close(got, want, abs_tol, rel_tol):
    try:
        got = float(got)
    except (TypeError, ValueError):
        return False
    return abs(got - want) <= max(abs_tol, rel_tol * abs(want))


def annual_losses(output, reference, params):
    """Each year of the observation window by year (order and extra fields do not matter): the net loss within
    EUR 1 and the event count exact; a year missing from or added to the window counts against the score."""
    want = {int(a["year"]): a for a in _capital(reference)["annual_net_losses"]}
    try:
        rows = _capital(output).get("annual_net_losses")
        got = {int(a["year"]): a for a in rows if isinstance(a, dict) and "year" in a}
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read annual_net_losses: {type(e).__name__}: {e}"
    if not want:
        return 0.0, "no window in this instance: nothing to check"
    right, wrong = 0, []
    for year, ref in sorted(want.items()):
        have = got.get(year, {})
        ok_loss = _close(have.get("net_loss"), float(ref["net_loss"]), 1.0, 1e-6)
        ok_n = _close(have.get("events"), float(ref["events"]), 0.0, 0.0)
        right += ok_loss + ok_n
        if not (ok_loss and ok_n):
            wrong.append(str(year))
    extra = sorted(set(got) - set(want))
    score = right / (2 * (len(want) + len(extra)))
    ev = f"{right}/{2 * len(want)} year figures right"
    if wrong:
        ev += f"; wrong or missing: {', '.join(wrong)}"
    if extra:
        ev += f"; years outside the window: {', '.join(map(str, extra))}"
    return score, ev


BI_PARTS = ("interest_leases_dividend_component", "services_component", "financial_component", "business_indicator")


def bi_components(output, reference, params):
    """The business indicator's components (ILDC, SC, FC) and BI, each within 0.01 %: one quarter each."""
    want = _capital(reference)
    try:
        got = _capital(output)
    except Exception as e:  # a missing or malformed file is the worker's
        return 0.0, f"cannot read capital.json: {type(e).__name__}: {e}"
    ok = [k for k in BI_PARTS if _close(got.get(k), float(want[k]), 1.0, 1e-4)]
    bad = [f"{k} {got.get(k)!r} (expected {want[k]:,.2f})" for k in BI_PARTS if k not in ok]
    ev = f"{len(ok)}/{len(BI_PARTS)} right" + (f"; wrong: {'; '.join(bad)}" if bad else "")
    return len(ok) / len(BI_PARTS), ev
