"""Deliverable reward: typed checks on a copy of the delivered output/ against hidden references."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..grading import (
    Budget,
    ScoreCard,
    copy_tree,
    grade_deliverable,
    hidden_copy,
    left_out_component,
    sandbox_runner,
    using_sandbox,
)
from ..grading.deliverable import limits_of
from ..grading.judge import with_rubric
from ..sandbox import with_clock
from ..world import LedgerSummary

if TYPE_CHECKING:
    from .trial import Delivered, TrialContext, TrialSpec


def evaluate_deliverable(
    spec: TrialSpec,
    ctx: TrialContext,
    delivered: Delivered,
    incidents: list[str],
    summary: LedgerSummary,
    scratch: Path,
) -> ScoreCard:
    instance = spec.instance
    grader = instance.config.grader
    # A private copy: custom checks read it (read-only, in their own process), nothing reaches the task folder.
    hidden = hidden_copy(instance, scratch)
    reference = hidden / grader.reference_dir.removeprefix("hidden/")
    reference.mkdir(parents=True, exist_ok=True)
    output = scratch / "output"
    copy_tree(delivered.snapshot / grader.output_dir, output, keep_links=True)  # links kept, to be reported
    judge = ctx.judge
    clocked = with_clock(ctx.sandbox, datetime.fromisoformat(instance.config.grading_clock))
    with using_sandbox(ctx.sandbox):  # renderers and the task's own checks run in the trial's sandbox
        result = grade_deliverable(
            output,
            reference,
            grader.checks,
            judge=judge,
            runner=sandbox_runner(clocked),
            limits=limits_of(grader),
            hidden=hidden,
            params=dict(instance.params),
            budget=Budget(grader.budget_s, grader.memory_mb),
        )
        task = instance.brief() if grader.rubric is not None else ""
        result = with_rubric(result, output, grader.rubric, judge, task=task, limits=limits_of(grader))
    if result.errors:
        return ScoreCard.infrastructure_error("grader: " + "; ".join(result.errors[:3]), instance.content_hash)
    if result.score is None:
        return ScoreCard.infrastructure_error("grader: no check could be evaluated", instance.content_hash)
    # People's time costs the same here as in an engagement (a deliverable task may ship staff too).
    score = (0.0 if incidents else result.score) - summary.contact_cost
    left_out = left_out_component(delivered.left_out)
    return ScoreCard(
        status="done",
        score=round(score, 6),
        solved=score >= instance.config.anchors.solved_at and not incidents,
        incidents=sorted(set(incidents)),
        components=[*result.components, *([left_out] if left_out else [])],
        contact_cost=round(summary.contact_cost, 6),
        facts_obtained=sorted(summary.facts),
        questions_asked=summary.questions_asked,
        details={"gates_failed": result.gates_failed, **_judge_details(judge)},
    )


def _judge_details(judge: object) -> dict[str, object]:
    """The judge's pin (provider, endpoint, model, prompt-template hash), when a pinned judge graded."""
    pin = getattr(judge, "pin", None)
    return {"judge": pin.as_dict()} if pin is not None and hasattr(pin, "as_dict") else {}
