"""The judge's fixed prompts and reply schemas. Their hash is part of the judge's pin: editing a word here
makes every cached answer stale, as it should."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from worktrial.tasks.rubric import RUBRIC_DIMENSIONS

PROBE_SYSTEM = (
    "You are a strict, careful grader of work products. You answer one yes/no question using only the "
    "evidence you are shown; when the evidence does not show that the answer is yes, the answer is no. "
    'Reply with one JSON object and nothing else: {"answer": "yes" or "no", "rationale": "one or two '
    'sentences citing the evidence"}.'
)

PROBE_USER = """Question: {question}

Evidence ({what}):
<<<
{evidence}
>>>

Answer the question. Reply with the JSON object only."""

DIMENSION_TEXT = {
    "grounded_accuracy": "statements and figures are correct and supported by the task's inputs and the key "
    "evidence; nothing is invented or contradicted",
    "task_relevance": "it does what the task asks, for the audience the task names, without drifting",
    "substantive_depth": "it goes beyond restating the inputs: reasons, quantifies, weighs alternatives and risks",
    "practical_utility": "a practitioner could act on it as delivered: clear conclusions or recommendations in a "
    "usable form",
    "communication_quality": "clear structure, concise, professional wording, no errors or leftovers",
}

RUBRIC_SYSTEM = (
    "You are an expert reviewer grading a deliverable written for a workplace task. Score it on each "
    "dimension below with an integer from 0 (missing or wrong) to 10 (excellent), using only the task and "
    "the evidence you are shown, and justify each score in one short sentence.\n"
    + "\n".join(f"- {d}: {DIMENSION_TEXT[d]}" for d in RUBRIC_DIMENSIONS)
    + '\nReply with one JSON object and nothing else: {"<dimension>": {"score": 0-10, "justification": '
    '"..."}, ...} with all five dimensions.'
)

RUBRIC_USER = """# Task
{task}

# Key evidence a strong deliverable reflects
{key_evidence}

# Deliverable ({what})
{evidence}

Score the deliverable on the five dimensions. Reply with the JSON object only."""

JUSTIFICATION_CHARS = 240  # a bound on each free-text field, where the server can enforce one


def probe_schema(bounded: bool) -> dict[str, Any]:
    rationale: dict[str, Any] = {"type": "string"}
    if bounded:
        rationale["maxLength"] = JUSTIFICATION_CHARS
    return {
        "type": "object",
        "properties": {"answer": {"type": "string", "enum": ["yes", "no"]}, "rationale": rationale},
        "required": ["answer", "rationale"],
        "additionalProperties": False,
    }


def rubric_schema(bounded: bool) -> dict[str, Any]:
    justification: dict[str, Any] = {"type": "string"}
    if bounded:
        justification["maxLength"] = JUSTIFICATION_CHARS
    one = {
        "type": "object",
        "properties": {"score": {"type": "integer", "enum": list(range(11))}, "justification": justification},
        "required": ["score", "justification"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {d: one for d in RUBRIC_DIMENSIONS},
        "required": list(RUBRIC_DIMENSIONS),
        "additionalProperties": False,
    }


def probe_prompt(question: str, evidence: str, what: str) -> str:
    return PROBE_USER.format(question=question.strip(), what=what, evidence=evidence)


def rubric_prompt(task: str, key_evidence: Sequence[str], evidence: str, what: str) -> str:
    items = "\n".join(f"- {item}" for item in key_evidence) or "(none given)"
    return RUBRIC_USER.format(task=task.strip() or "(not given)", key_evidence=items, what=what, evidence=evidence)


def template_hash(*settings: object) -> str:
    """sha256 (first 16 hex digits) of every prompt and schema, and of the `settings` that change replies."""
    parts = [PROBE_SYSTEM, PROBE_USER, RUBRIC_SYSTEM, RUBRIC_USER, probe_schema(True), rubric_schema(True), settings]
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:16]
