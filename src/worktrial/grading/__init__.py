"""Grading: production runs and KPIs, engagement uplift, snapshots, score cards, one evaluator per task kind."""

from .checks import FileLimits, Judge, JudgeAnswer, Runner, sandbox_runner
from .deliverable import DeliverableResult, grade_deliverable, grade_with_config
from .engagement import score_engagement, uplift
from .evaluation import Anchors, Evaluation, Evaluator
from .evaluators import EVALUATORS, evaluate
from .judge import JudgeUnavailable, LLMJudge, make_judge, with_rubric
from .production import (
    GraderError,
    KpiContext,
    KpiOutcome,
    generated_data,
    grader_module,
    measure,
    pilot_feedback,
    run_system,
)
from .scorecard import Component, ErrorKind, ScoreCard
from .snapshot import Snapshot, copy_snapshot, take_snapshot, tree_hash

__all__ = [
    "EVALUATORS",
    "Anchors",
    "Component",
    "DeliverableResult",
    "ErrorKind",
    "Evaluation",
    "Evaluator",
    "FileLimits",
    "GraderError",
    "Judge",
    "JudgeAnswer",
    "JudgeUnavailable",
    "KpiContext",
    "KpiOutcome",
    "LLMJudge",
    "Runner",
    "ScoreCard",
    "Snapshot",
    "copy_snapshot",
    "evaluate",
    "generated_data",
    "grade_deliverable",
    "grade_with_config",
    "grader_module",
    "make_judge",
    "measure",
    "pilot_feedback",
    "run_system",
    "sandbox_runner",
    "score_engagement",
    "take_snapshot",
    "tree_hash",
    "uplift",
    "with_rubric",
]
