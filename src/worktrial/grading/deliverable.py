"""Grading a deliverable: run every check on a copy of the delivered output/ and compose the score.

Gates first: any failed gate makes the score 0, but every check still runs and is reported, so a person can
see why. The score is otherwise the weighted mean of the non-gate checks' values; a check that could not be
judged (value None, e.g. a rubric probe without a judge) is left out and the other weights renormalised.
Nothing delivered is imported or executed here, except through the `Runner` given for `world_state` checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from worktrial.tasks.checks import CheckSpec
from worktrial.tasks.models import GraderConfig

from .checks import CheckContext, FileLimits, Judge, Runner, Tree, run_check
from .checks.files import MB
from .scorecard import Component


class DeliverableResult(BaseModel):
    score: float | None = Field(description="In [0, 1]; None when no check could be evaluated.")
    components: list[Component] = Field(default_factory=list, description="One row per check, in spec order.")
    gates_failed: list[str] = Field(default_factory=list, description="Names of the failed gates.")
    errors: list[str] = Field(
        default_factory=list,
        description="Infrastructure problems (a tool missing, the sandbox or judge failing, a reference missing): "
        "a non-empty list means the grade cannot be trusted (status=error).",
    )


def limits_of(grader: GraderConfig) -> FileLimits:
    return FileLimits(max_file_bytes=int(grader.max_file_mb * MB), max_unzipped_bytes=int(grader.max_unzipped_mb * MB))


def compose(specs: Sequence[CheckSpec], components: list[Component]) -> tuple[float | None, list[str]]:
    """The score of evaluated components, and the failed gates."""
    gates_failed = [
        spec.name
        for spec, c in zip(specs, components, strict=True)
        if spec.gate and c.value is not None and c.value < spec.pass_at - 1e-12
    ]
    scored = [c for c in components if not c.gate and c.value is not None and c.weight > 0]
    total = sum(c.weight for c in scored)
    if total > 0:
        mean = sum(c.weight * (c.value or 0.0) for c in scored) / total
    elif any(c.gate and c.value is not None for c in components):
        mean = 1.0  # only gates were evaluable: passing them all is full marks
    else:
        return None, gates_failed
    return (0.0 if gates_failed else min(1.0, max(0.0, mean))), gates_failed


def grade_deliverable(
    output_dir: Path,
    reference_dir: Path,
    specs: Sequence[CheckSpec],
    judge: Judge | None = None,
    runner: Runner | None = None,
    *,
    limits: FileLimits | None = None,
    hidden: Path | None = None,
    params: dict[str, Any] | None = None,
) -> DeliverableResult:
    """Run `specs` on `output_dir` (a copy of what was delivered) against `reference_dir`.

    `hidden` (the instance's hidden/ folder) and `params` serve custom `python` checks.
    """
    limits = limits or FileLimits()
    reference_limits = FileLimits(max_file_bytes=max(limits.max_file_bytes, 200 * MB))
    ctx = CheckContext(
        Tree(output_dir, limits), Tree(reference_dir, reference_limits), judge, runner, hidden, dict(params or {})
    )
    components, errors = [], []
    for spec in specs:
        outcome = run_check(spec, ctx)
        if outcome.error is not None:
            errors.append(f"{spec.name}: {outcome.error}")
        value = None if outcome.value is None else min(1.0, max(0.0, outcome.value))
        components.append(
            Component(
                name=spec.name,
                kind=spec.kind,
                value=value,
                weight=spec.weight,
                gate=spec.gate,
                evidence=outcome.evidence,
            )
        )
    score, gates_failed = compose(specs, components)
    return DeliverableResult(score=score, components=components, gates_failed=gates_failed, errors=errors)


def grade_with_config(
    output_dir: Path,
    reference_dir: Path,
    grader: GraderConfig,
    judge: Judge | None = None,
    runner: Runner | None = None,
) -> DeliverableResult:
    """`grade_deliverable` with the checks and limits of a family's `[grader]` section."""
    return grade_deliverable(output_dir, reference_dir, grader.checks, judge, runner, limits=limits_of(grader))
