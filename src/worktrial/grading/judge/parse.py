"""Reading the judge's replies. A reply that cannot be read gives None (the judge then retries)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from worktrial.tasks.rubric import RUBRIC_DIMENSIONS

from ..checks.base import JudgeAnswer

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_FIRST_WORD = re.compile(r"^[\s\W]*(yes|no)\b[\s.,:;!\-–—]*(.*)$", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class DimensionScore:
    score: float  # 0 to 10
    justification: str


def json_objects(reply: str) -> list[dict[str, Any]]:
    """The JSON objects in `reply`: fenced blocks first, then every object found scanning the text."""
    found: list[dict[str, Any]] = []
    decoder = json.JSONDecoder()
    for text in [*_FENCE.findall(reply), reply]:
        i = text.find("{")
        while i != -1:
            try:
                value, end = decoder.raw_decode(text, i)
            except json.JSONDecodeError:
                i = text.find("{", i + 1)
                continue
            if isinstance(value, dict):
                found.append(value)
            i = text.find("{", end)
    return found


def _yes_no(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().strip(".!").lower()
        if word in ("yes", "no"):
            return word == "yes"
    return None


def parse_yes_no(reply: str) -> JudgeAnswer | None:
    """`{"answer": "yes"|"no", "rationale": "..."}` (fenced or amid text), else a reply whose first word is
    yes or no (the rest is the rationale); None for anything else."""
    for obj in json_objects(reply):
        yes = _yes_no(obj.get("answer"))
        if yes is not None:
            rationale = obj.get("rationale", "")
            return JudgeAnswer(yes, rationale.strip() if isinstance(rationale, str) else json.dumps(rationale))
    if "{" not in reply:
        m = _FIRST_WORD.match(reply)
        if m:
            return JudgeAnswer(m.group(1).lower() == "yes", m.group(2).strip())
    return None


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _score(value: Any) -> DimensionScore | None:
    justification: Any = ""
    if isinstance(value, dict):
        justification = value.get("justification", value.get("rationale", ""))
        value = value.get("score")
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 10:
        return None
    return DimensionScore(float(value), justification.strip() if isinstance(justification, str) else "")


def _dimensions(obj: dict[str, Any]) -> dict[str, DimensionScore] | None:
    named = {_key(k): v for k, v in obj.items() if isinstance(k, str)}
    if not all(d in named for d in RUBRIC_DIMENSIONS):
        return None
    scores = {d: _score(named[d]) for d in RUBRIC_DIMENSIONS}
    if any(s is None for s in scores.values()):
        return None
    return {d: s for d, s in scores.items() if s is not None}


def parse_rubric(reply: str) -> dict[str, DimensionScore] | None:
    """Every dimension's score (0 to 10) and justification, or None when one is missing or out of range.

    Accepts `{"dimension": {"score": n, "justification": "..."}}`, bare numbers, and the dimensions wrapped
    in one object (`{"scores": {...}}`)."""
    for obj in json_objects(reply):
        candidates = [obj, *(v for v in obj.values() if isinstance(v, dict))]
        for candidate in candidates:
            scores = _dimensions(candidate)
            if scores is not None:
                return scores
    return None
