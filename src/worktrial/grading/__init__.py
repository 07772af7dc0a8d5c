"""Grading: production runs and KPIs, engagement uplift, snapshots, score cards, one evaluator per task kind,
task code in its own process."""

from .checks import FileLimits, Judge, JudgeAnswer, Runner, sandbox_runner
from .deliverable import DeliverableResult, grade_deliverable, grade_with_config
from .engagement import score_engagement, uplift
from .evaluation import Anchors, Evaluation, Evaluator
from .evaluators import EVALUATORS, evaluate
from .judge import JudgeUnavailable, LLMJudge, make_judge, with_rubric
from .production import (
    KpiContext,
    KpiOutcome,
    generated_data,
    hidden_copy,
    measure,
    pilot_feedback,
    run_system,
    task_code,
)
from .safetree import TreeLimits, TreeReport, copy_tree, remove_tree
from .scorecard import Component, ErrorKind, ScoreCard, left_out_component, redact, worker_view
from .snapshot import Snapshot, copy_snapshot, take_snapshot, tree_hash
from .taskcode import Budget, Call, GraderError, TaskCode, Writable
from .tools import using_sandbox

__all__ = [
    "EVALUATORS",
    "Anchors",
    "Budget",
    "Call",
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
    "TaskCode",
    "TreeLimits",
    "TreeReport",
    "Writable",
    "copy_snapshot",
    "copy_tree",
    "evaluate",
    "generated_data",
    "grade_deliverable",
    "grade_with_config",
    "hidden_copy",
    "left_out_component",
    "make_judge",
    "measure",
    "pilot_feedback",
    "redact",
    "remove_tree",
    "run_system",
    "sandbox_runner",
    "score_engagement",
    "take_snapshot",
    "task_code",
    "tree_hash",
    "uplift",
    "using_sandbox",
    "with_rubric",
    "worker_view",
]
