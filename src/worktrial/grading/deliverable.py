"""Grading a deliverable: run every check on a copy of the delivered output/ and compose the score.

Gates first: any failed gate makes the score 0, but every check still runs and is reported, so a person can
see why. The score is otherwise the weighted mean of the non-gate checks' values; a check that could not be
judged (value None, e.g. a rubric probe without a judge) is left out and the other weights renormalised. When
every check that counts was left out, there is no honest score (None). Nothing delivered is imported or executed
here, except through the `Runner` given for `world_state` checks; custom `python` checks run in their own
process (taskcode.py), and programs that render delivered files in a sandbox (tools.py).
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from worktrial.tasks.checks import CheckSpec
from worktrial.tasks.models import GraderConfig

from .checks import CheckContext, FileLimits, Judge, Runner, Tree, run_check
from .checks.custom import prefetch
from .checks.files import MB
from .scorecard import Component
from .taskcode import Budget, TaskCode
from .tools import tool_sandbox


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


def failed_gates(specs: Sequence[CheckSpec], components: list[Component]) -> list[str]:
    return [
        spec.name
        for spec, c in zip(specs, components, strict=True)
        if spec.gate and c.value is not None and c.value < spec.pass_at - 1e-12
    ]


def compose(components: Sequence[Component], gates_failed: Sequence[str]) -> float | None:
    """The score of evaluated components; None when no check that counts could be evaluated."""
    counted = [c for c in components if not c.gate and c.weight > 0]
    scored = [c for c in counted if c.value is not None]
    total = sum(c.weight for c in scored)
    if total > 0:
        mean = sum(c.weight * (c.value or 0.0) for c in scored) / total
    elif counted:
        return None  # every check that counts was left unjudged: passing the gates alone earns nothing
    elif any(c.gate and c.value is not None for c in components):
        mean = 1.0  # a family made only of gates: passing them all is full marks
    else:
        return None
    return 0.0 if gates_failed else min(1.0, max(0.0, mean))


def checked_value(name: str, value: float | None, errors: list[str]) -> float | None:
    """A check's value, which must be a finite number in [0, 1]; anything else is a grader bug, never clamped."""
    if value is None or (math.isfinite(value) and 0.0 <= value <= 1.0):
        return value
    errors.append(f"{name}: the check produced {value!r}, outside [0, 1]")
    return None


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
    budget: Budget | None = None,
) -> DeliverableResult:
    """Run `specs` on `output_dir` (a copy of what was delivered) against `reference_dir`.

    `hidden` (the instance's hidden/ folder, read-only to the checks) and `params` serve custom `python` checks,
    which run under `budget`, in the sandbox of `tools.using_sandbox` (else a bubblewrap sandbox).
    """
    limits = limits or FileLimits()
    reference_limits = FileLimits(max_file_bytes=max(limits.max_file_bytes, 200 * MB))
    with tempfile.TemporaryDirectory(prefix="worktrial-taskcode-") as exchange:
        code = None if hidden is None else TaskCode(tool_sandbox(), hidden, budget or Budget(), Path(exchange))
        ctx = CheckContext(
            Tree(output_dir, limits),
            Tree(reference_dir, reference_limits),
            judge,
            runner,
            hidden,
            code,
            dict(params or {}),
        )
        prefetch(specs, ctx)  # the task's own checks first, all in one process
        components, errors = [], []
        for spec in specs:
            outcome = run_check(spec, ctx)
            if outcome.error is not None:
                errors.append(f"{spec.name}: {outcome.error}")
            components.append(
                Component(
                    name=spec.name,
                    kind=spec.kind,
                    value=checked_value(spec.name, outcome.value, errors),
                    weight=spec.weight,
                    gate=spec.gate,
                    evidence=outcome.evidence,
                )
            )
    gates_failed = failed_gates(specs, components)
    score = compose(components, gates_failed)
    return DeliverableResult(score=score, components=components, gates_failed=gates_failed, errors=errors)


def grade_with_config(
    output_dir: Path,
    reference_dir: Path,
    grader: GraderConfig,
    judge: Judge | None = None,
    runner: Runner | None = None,
) -> DeliverableResult:
    """`grade_deliverable` with the checks, limits and budget of a family's `[grader]` section."""
    budget = Budget(grader.budget_s, grader.memory_mb)
    return grade_deliverable(
        output_dir, reference_dir, grader.checks, judge, runner, limits=limits_of(grader), budget=budget
    )
