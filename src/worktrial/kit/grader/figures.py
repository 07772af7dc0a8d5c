"""Figures a delivered JSON file gives, against the reference's, for deliverable checks (`kind = "python"`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any


def json_object(tree: Any, name: str) -> dict[str, Any]:
    """The JSON object in file `name` of a check's tree; ValueError when the file holds something else."""
    _, data = tree.read_one(name)
    doc = json.loads(data.decode("utf-8"))
    if not isinstance(doc, dict):
        raise ValueError(f"{name} is not an object")
    return doc


def figure_block(
    got: Any,
    want: Mapping[str, Any],
    key: str,
    close: Callable[[Any, float], bool],
    counts_extra: Callable[[Any], bool] = lambda _value: True,
) -> tuple[float, str]:
    """A mapping of figures (site → amount, cause → amount) against the reference's: keys match case- and
    blank-insensitively, each figure must be `close`; a delivered key the reference lacks counts against the
    score when `counts_extra(value)`. The score is right / (expected + extra), with evidence."""
    if not isinstance(got, dict):
        return 0.0, f"{key} is not an object"
    if not want:
        return 0.0, f"no {key} in this instance: nothing to check"
    norm = {str(k).strip().lower(): v for k, v in got.items()}
    expected = {w.lower() for w in want}
    wrong = [k for k, v in want.items() if not close(norm.get(k.lower()), float(v))]
    extra = [k for k in norm if k not in expected and counts_extra(norm[k])]
    score = (len(want) - len(wrong)) / (len(want) + len(extra))
    evidence = f"{len(want) - len(wrong)}/{len(want)} {key} figures right"
    if wrong:
        evidence += f"; wrong or missing: {', '.join(wrong)}"
    if extra:
        evidence += f"; keys not expected: {', '.join(extra[:6])}"
    return score, evidence


__all__ = ["figure_block", "json_object"]
