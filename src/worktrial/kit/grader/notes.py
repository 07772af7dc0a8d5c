"""The matters a delivered note raises, for deliverable checks (`kind = "python"`).

A family lists in `hidden/reference/issues.json` the matters its note must raise, each as
`{"what": ..., "all_of": [...], "any_of": [...], "weight": 1}`: a matter is raised when one paragraph or one
line of the note names everything in `all_of` and something in `any_of`. An entry of either list is a word, or a
list of alternative wordings of it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Words = str | Sequence[Any]
Matter = Mapping[str, Any]


def note_blocks(text: str) -> list[str]:
    """The note's paragraphs and its lines, lower-cased: a matter may be raised in either."""
    return [b.lower() for b in re.split(r"\n\s*\n", text) + text.splitlines() if b.strip()]


def names(block: str, words: Words) -> bool:
    """A word, or any of a list of alternative wordings (lists may nest), occurs in the block."""
    if isinstance(words, str):
        return words.lower() in block
    return any(names(block, w) for w in words)


def names_matter(block: str, matter: Matter) -> bool:
    return all(names(block, w) for w in matter["all_of"]) and names(block, matter["any_of"])


def matters_raised(
    blocks: Sequence[str], matters: Sequence[Matter], hit: Callable[[str, Matter], bool] = names_matter
) -> tuple[float, str]:
    """The weighted share of `matters` some block raises, and evidence naming those it does not."""
    raised: list[str] = []
    missed: list[str] = []
    got = 0.0
    for matter in matters:
        found = any(hit(b, matter) for b in blocks)
        (raised if found else missed).append(matter["what"])
        got += float(matter.get("weight", 1)) if found else 0.0
    evidence = f"{len(raised)}/{len(matters)} matters raised"
    if missed:
        evidence += "; not raised: " + "; ".join(missed)
    return got / sum(float(m.get("weight", 1)) for m in matters), evidence


def note_matters(
    output: Any,
    reference: Any,
    note: str,
    issues: str = "issues.json",
    hit: Callable[[str, Matter], bool] = names_matter,
) -> tuple[float, str]:
    """The check itself: the share of the reference's matters (`issues`) that the delivered text file `note`
    raises. A missing or unreadable note is the worker's 0 with evidence; a missing `issues` file is the task's."""
    _, ref = reference.read_one(issues)
    matters = json.loads(ref)
    if not matters:
        return 0.0, "no matters to raise in this instance: nothing to check"
    try:
        _, data = output.read_one(note)
        text = data.decode("utf-8", errors="replace")
    except Exception as e:  # a missing or unreadable note is the worker's
        return 0.0, f"cannot read {note}: {type(e).__name__}: {e}"
    return matters_raised(note_blocks(text), matters, hit)


__all__ = ["matters_raised", "names", "names_matter", "note_blocks", "note_matters"]
