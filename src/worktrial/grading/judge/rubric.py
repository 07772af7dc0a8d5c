"""The 5-dimension rubric (`[grader.rubric]`): the judge scores each dimension 0–10, and the weighted mean,
divided by 10, becomes one score-card row of kind `rubric`, composed with the checks like any other row.

Without a judge the row is "not judged" (value None: left out, the other weights renormalised). A judge or
renderer that fails is an infrastructure problem: the row gets value None and the result an error, so the
trial is `status=error`, never a 0.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from worktrial.tasks.rubric import RUBRIC_DIMENSIONS, RubricConfig, RubricWeights

from .. import render
from ..checks.base import Outcome, clip
from ..checks.files import FileLimits, Tree
from ..deliverable import DeliverableResult, checked_value, compose
from ..scorecard import Component
from .errors import JudgeUnavailable
from .evidence import Evidence, collect
from .llm import RubricRating
from .parse import DimensionScore


@runtime_checkable
class RubricJudge(Protocol):
    def rate(
        self, task: str, key_evidence: Sequence[str], *, text: str | None = None, images: tuple[Path, ...] = ()
    ) -> RubricRating: ...


def weighted_score(scores: Mapping[str, DimensionScore], weights: RubricWeights) -> float:
    """Σ wᵢ·sᵢ / (10·Σ wᵢ), in [0, 1]."""
    weight = {d: float(getattr(weights, d)) for d in RUBRIC_DIMENSIONS}
    total = sum(weight.values())
    earned = sum(weight[d] * min(10.0, max(0.0, scores[d].score)) for d in RUBRIC_DIMENSIONS)
    return earned / (10.0 * total)


def _explain(rating: RubricRating, weights: RubricWeights, value: float, ev: Evidence) -> str:
    rows = [
        f"{d} {rating.scores[d].score:g}/10 ×{getattr(weights, d):g}: {rating.scores[d].justification[:160]}"
        for d in RUBRIC_DIMENSIONS
    ]
    cached = ", cached" if rating.cached else ""
    head = f"[judge {rating.pin.label}{cached}] {value:.3f} from files {', '.join(ev.files)}"
    notes = f"; left out: {'; '.join(ev.notes)}" if ev.notes else ""
    return clip(head + " | " + " | ".join(rows) + notes)


def score_rubric(output: Tree, rubric: RubricConfig, judge: RubricJudge | None, task: str) -> Outcome:
    """The rubric's outcome on the delivered files in `output`; `task` is the instruction the worker got."""
    if judge is None:
        return Outcome(None, "not judged: no judge configured")
    try:
        with tempfile.TemporaryDirectory(prefix="worktrial-rubric-") as tmp:
            ev = collect(output, rubric, Path(tmp))
            if ev.text is None and not ev.images:
                why = "; ".join(ev.notes) or "no delivered file matches " + ", ".join(rubric.paths)
                return Outcome.failed(clip(f"nothing to judge: {why}"))
            rating = judge.rate(task, rubric.key_evidence, text=ev.text, images=ev.images)
    except (render.ToolMissing, JudgeUnavailable) as e:
        return Outcome.unavailable(str(e))
    except Exception as e:  # anything else from a judge is its failure, never the worker's
        return Outcome.unavailable(f"the judge failed: {type(e).__name__}: {e}")
    value = weighted_score(rating.scores, rubric.weights)
    dims = {d: float(rating.scores[d].score) for d in RUBRIC_DIMENSIONS}
    return Outcome(value, _explain(rating, rubric.weights, value, ev), dimensions=dims)


def with_rubric(
    result: DeliverableResult,
    output_dir: Path,
    rubric: RubricConfig | None,
    judge: object | None,
    *,
    task: str,
    limits: FileLimits | None = None,
) -> DeliverableResult:
    """`result` (of `grade_deliverable`) with the rubric's row added and the score composed again.

    `judge` is used when it can rate (`RubricJudge`, e.g. an `LLMJudge`); a judge that only answers yes/no
    questions leaves the rubric not judged.
    """
    if rubric is None:
        return result
    rater = judge if isinstance(judge, RubricJudge) else None
    outcome = score_rubric(Tree(output_dir, limits or FileLimits()), rubric, rater, task)
    errors = [*result.errors, *([f"{rubric.name}: {outcome.error}"] if outcome.error else [])]
    value = checked_value(rubric.name, outcome.value, errors)
    row = Component(
        name=rubric.name,
        kind="rubric",
        value=value,
        weight=rubric.weight,
        evidence=outcome.evidence,
        dimensions=outcome.dimensions,
    )
    components = [*result.components, row]
    score = compose(components, result.gates_failed)
    return result.model_copy(update={"components": components, "errors": errors, "score": score})
