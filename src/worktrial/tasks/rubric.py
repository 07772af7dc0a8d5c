"""The 5-dimension rubric of a deliverable family (`[grader.rubric]`), scored by an LLM judge (docs/judge.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, model_validator

from .checks import _as_list, _Spec
from .fields import Id, RelPath

RUBRIC_DIMENSIONS: tuple[str, ...] = (
    "grounded_accuracy", "task_relevance", "substantive_depth", "practical_utility", "communication_quality",
)  # fmt: skip
"""The dimensions an LLM judge scores 0–10 in a `[grader.rubric]` section (docs/judge.md)."""


class RubricWeights(_Spec):
    grounded_accuracy: float = Field(1.0, ge=0, description="Correct, supported by the inputs, nothing invented.")
    task_relevance: float = Field(1.0, ge=0, description="Does what the task asks, for its audience.")
    substantive_depth: float = Field(1.0, ge=0, description="Reasons, quantifies, weighs alternatives.")
    practical_utility: float = Field(1.0, ge=0, description="Usable as delivered: clear conclusions or actions.")
    communication_quality: float = Field(1.0, ge=0, description="Clear structure, concise, professional.")

    @model_validator(mode="after")
    def _some_weight(self) -> RubricWeights:
        if sum(getattr(self, d) for d in RUBRIC_DIMENSIONS) <= 0:
            raise ValueError("at least one rubric dimension needs a positive weight")
        return self


class RubricConfig(_Spec):
    name: Id = Field("rubric", description="Name of the rubric's row in the score card.")
    weight: float = Field(1.0, ge=0, description="Weight of the rubric in the mean of non-gate checks.")
    paths: Annotated[list[RelPath], BeforeValidator(_as_list)] = Field(
        default_factory=lambda: ["**/*"],
        min_length=1,
        description="Globs relative to output/: the files the judge sees, in this order (a file once).",
    )
    evidence: Literal["text", "image", "both"] = Field(
        "text",
        description="`text`: extracted text of the files; `image`: rendered pages and screenshots (a vision "
        "model); `both`.",
    )
    key_evidence: list[str] = Field(
        default_factory=list, description="Facts or figures a strong deliverable reflects, shown to the judge."
    )
    weights: RubricWeights = Field(default_factory=RubricWeights)
    max_chars: int = Field(20000, ge=100, description="Text evidence of all files together is cut to this.")
    max_pages: int = Field(6, ge=1, description="Image evidence: at most this many pages of all files together.")
    max_files: int = Field(20, ge=1, description="At most this many files are shown to the judge.")
    description: str = Field("", description="What the rubric is about, for authors and reviewers.")


__all__ = ["RUBRIC_DIMENSIONS", "RubricConfig", "RubricWeights"]
