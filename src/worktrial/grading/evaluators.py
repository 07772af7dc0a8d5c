"""One evaluator per kind of task, behind one call."""

from __future__ import annotations

from .evaluate_deliverable import evaluate_deliverable
from .evaluate_engagement import evaluate_engagement
from .evaluation import Evaluation, Evaluator
from .scorecard import ScoreCard

EVALUATORS: dict[str, Evaluator] = {"engagement": evaluate_engagement, "deliverable": evaluate_deliverable}


def evaluate(evaluation: Evaluation) -> ScoreCard:
    """Score `evaluation` with the evaluator of its task's kind (`task.toml` `kind`)."""
    kind = evaluation.instance.config.kind
    try:
        evaluator = EVALUATORS[kind]
    except KeyError:
        raise ValueError(f"no evaluator for task kind {kind!r}; known: {', '.join(sorted(EVALUATORS))}") from None
    return evaluator(evaluation)
