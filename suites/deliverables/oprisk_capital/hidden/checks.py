"""Custom checks of oprisk_capital: the loss events used, the rule cases, and the matters the notes raise."""

from __future__ import annotations

import json
import re


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
    _, ref = reference.read_one("issues.json")
    issues = json.loads(ref)
    if not issues:
        return 0.0, "no matters to raise in this instance: nothing to check"
    try:
        _, data = output.read_one("notes.md")
        text = data.decode("utf-8", errors="replace")
    except Exception as e:  # a missing or unreadable note is the worker's
        return 0.0, f"cannot read notes.md: {type(e).__name__}: {e}"
    blocks = [b.lower() for b in re.split(r"\n\s*\n", text) + text.splitlines() if b.strip()]
    raised, missed = [], []
    for issue in issues:
        hit = any(all(w.lower() in b for w in issue["all_of"]) and any(w.lower() in b for w in issue["any_of"])
                  for b in blocks)
        (raised if hit else missed).append(issue["what"])
    ev = f"{len(raised)}/{len(issues)} matters raised"
    if missed:
        ev += "; not raised: " + "; ".join(missed)
    return len(raised) / len(issues), ev
