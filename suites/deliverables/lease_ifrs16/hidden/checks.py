"""Custom check of lease_ifrs16: the matters the notes raise."""

from __future__ import annotations

import json
import re


def notes_issues(output, reference, params):
    """Share of the matters of `hidden/reference/issues.json` that `notes.md` raises: one paragraph or line that
    names the lease and says what is the matter with it."""
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
