"""The score card: everything the grader says about one trial (docs/scoring.md)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, field_validator, model_serializer

from .safetree import display

ErrorKind = Literal["infrastructure", "task", "spec"]
"""Why a trial is void: `infrastructure` (the machinery failed; running it again may help), `task` (a bug of the
task's author: grader, anchors, solution) or `spec` (the job asked for something that cannot run). Only the first
is worth a `--resume`."""


class Component(BaseModel):
    name: str
    kind: str
    value: float | None
    weight: float = 1.0
    gate: bool = False
    evidence: str = ""
    dimensions: dict[str, float] | None = None  # a rubric row's score per dimension (0–10), as the judge gave them

    @field_validator("evidence")
    @classmethod
    def _printable(cls, v: str) -> str:
        # A delivered name that is not UTF-8 shows as \xNN, never as a lone surrogate a terminal cannot print.
        try:
            return display(v)
        except UnicodeEncodeError:  # a surrogate that no file name gave
            return v.encode("utf-8", "backslashreplace").decode("utf-8")

    @model_serializer(mode="wrap")
    def _without_empty_dimensions(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # Only a judged rubric row has dimensions; every other row's stored form stays as it was.
        data: dict[str, Any] = handler(self)
        if data.get("dimensions") is None:
            data.pop("dimensions", None)
        return data


class ScoreCard(BaseModel):
    status: Literal["done", "error"] = Field(description="`error` = infrastructure failure: void, never a score.")
    score: float | None = Field(None, description="S = U_adj − C (engagements).")
    solved: bool = False
    incidents: list[str] = Field(default_factory=list)
    components: list[Component] = Field(default_factory=list)
    kpi: float | None = None
    kpi_name: str = ""
    kpi_baseline: float | None = None
    kpi_reference: float | None = None
    uplift: float | None = Field(None, description="U = (KPI − baseline)/(reference − baseline).")
    uplift_adj: float | None = Field(None, description="min(U, 0) when there is an incident, else U.")
    contact_cost: float = 0.0
    facts_obtained: list[str] = Field(default_factory=list)
    key_fact_coverage: float | None = None
    questions_asked: int = 0
    error: str | None = None
    error_kind: ErrorKind | None = None
    content_hash: str = ""
    snapshot_hash: str = ""
    details: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def infrastructure_error(
        cls, message: str, content_hash: str = "", kind: ErrorKind = "infrastructure"
    ) -> ScoreCard:
        return cls(status="error", error=message, error_kind=kind, content_hash=content_hash)


def left_out_component(lines: Sequence[str], limit: int = 1500) -> Component | None:
    """A report-only row (no value, no weight) listing what of the delivery grading left out or changed, and why:
    special files, links not followed, privilege bits dropped, entries past the tree's bounds. None if nothing."""
    if not lines:
        return None
    text = "; ".join(lines)
    text = text if len(text) <= limit else text[: limit - 15] + " … (truncated)"
    return Component(name="delivery_left_out", kind="delivery", value=None, weight=0.0, evidence=text)


HIDDEN = "[hidden]"
# A value said to be what was expected: everything after the word up to the end of its clause.
# A comma between digits is a thousands separator inside the value ("expected 1,702,093,317.31"), not its end.
_EXPECTED = re.compile(
    r"\b(expected|should be|wanted|truth)\b(\s*[:=]?\s*)(?:\d,(?=\d)|[^,;()\n])*[^,;()\s]", re.IGNORECASE
)
# A list of what the delivery left out, quoted from the hidden reference ("not raised: the migrated events ..."):
# everything to the end of the line.
_LEFT_OUT = re.compile(r"\b(not raised|not found|not mentioned)(\s*:\s*)[^\n]+", re.IGNORECASE)
# A value next to a word that names hidden material: only the literal that follows (a number, a quoted text, a list).
_NAMED = re.compile(
    r"\b(reference|baseline|lacks|contains|with header)(\s*[:=]?\s*)"
    r"(-?\d[\w.+-]*|'[^']*'|\"[^\"]*\"|\[[^\]]*\])",
    re.IGNORECASE,
)
# Evidence of these kinds is about hidden material through and through: the KPI on unseen data, rubric questions.
# A delivered value set against the one it should equal ("ml-p018 4163.44 ≠ 17552.78", "x != 3"): the right side.
_UNEQUAL = re.compile(r"(≠|!=)(\s*)[^,;()\s]+")
# A reference figure the delivery was searched for ("adjusted balance 783,394.02 not found"): the figure.
_SOUGHT = re.compile(r"-?\d(?:[\d,]*\d)?(?:\.\d+)?(?=\s*%?\)?\s+(?:not found|not stated|missing)\b)", re.IGNORECASE)
_HIDDEN_KINDS = frozenset({"kpi", "rubric", "rubric_probe"})
_WORKER_DETAILS = frozenset({"agent", "gates_failed"})


def redact(text: str) -> str:
    """`text` without the hidden values it quotes (what was expected, reference and baseline values)."""
    text = _LEFT_OUT.sub(rf"\1\2{HIDDEN}", _EXPECTED.sub(rf"\1\2{HIDDEN}", _SOUGHT.sub(HIDDEN, text)))
    return _UNEQUAL.sub(rf"\1\2{HIDDEN}", _NAMED.sub(rf"\1\2{HIDDEN}", text))


def worker_view(card: ScoreCard) -> ScoreCard:
    """What the worker may see of their own score card: the verdict and its reasons, not the hidden references.

    Kept: status, score, solved, uplift, contact cost, incidents, facts, each component's value, weight and gate,
    and evidence about the delivery itself. Hidden: KPI values measured on unseen data (delivered, baseline,
    reference), the grader's details, production output, the task's own error text, and every value evidence
    quotes as expected or as the reference's (docs/scoring.md). Authors see everything (`worktrial show --author`).
    """
    components = [
        c.model_copy(update={"evidence": HIDDEN if c.kind in _HIDDEN_KINDS and c.evidence else redact(c.evidence)})
        for c in card.components
    ]
    error = card.error
    if card.error_kind == "task":
        error = "the task's grader failed; its authors can see why"
    return card.model_copy(
        update={
            "components": components,
            "incidents": [redact(i) for i in card.incidents],
            "kpi": None,
            "kpi_baseline": None,
            "kpi_reference": None,
            "error": redact(error) if error else error,
            "details": {k: v for k, v in card.details.items() if k in _WORKER_DETAILS},
        }
    )
