"""Deliverable reward: typed checks on a copy of the delivered output/ against hidden references."""

from __future__ import annotations

from datetime import datetime

from ..sandbox import with_clock
from .checks import sandbox_runner
from .deliverable import grade_deliverable, limits_of
from .evaluation import Evaluation
from .judge import with_rubric
from .production import hidden_copy
from .safetree import copy_tree
from .scorecard import ScoreCard, left_out_component
from .taskcode import Budget
from .tools import using_sandbox


def evaluate_deliverable(e: Evaluation) -> ScoreCard:
    instance = e.instance
    grader = instance.config.grader
    # A private copy: custom checks read it (read-only, in their own process), nothing reaches the task folder.
    hidden = hidden_copy(instance, e.scratch)
    reference = hidden / grader.reference_dir.removeprefix("hidden/")
    reference.mkdir(parents=True, exist_ok=True)
    output = e.scratch / "output"
    copy_tree(e.snapshot / grader.output_dir, output, keep_links=True)  # links kept, to be reported
    judge = e.judge
    clocked = with_clock(e.sandbox, datetime.fromisoformat(instance.grading_clock))
    with using_sandbox(e.sandbox):  # renderers and the task's own checks run in the trial's sandbox
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
    incidents = list(e.incidents)
    # People's time costs the same here as in an engagement (a deliverable task may ship staff too).
    score = (0.0 if incidents else result.score) - e.contact_cost
    left_out = left_out_component(list(e.left_out))
    return ScoreCard(
        status="done",
        score=round(score, 6),
        solved=score >= instance.config.anchors.solved_at and not incidents,
        incidents=sorted(set(incidents)),
        components=[*result.components, *([left_out] if left_out else [])],
        contact_cost=round(e.contact_cost, 6),
        facts_obtained=sorted(e.facts),
        questions_asked=e.questions_asked,
        details={"gates_failed": result.gates_failed, **_judge_details(judge)},
    )


def _judge_details(judge: object) -> dict[str, object]:
    """The judge's pin (provider, endpoint, model, prompt-template hash), when a pinned judge graded."""
    pin = getattr(judge, "pin", None)
    return {"judge": pin.as_dict()} if pin is not None and hasattr(pin, "as_dict") else {}
