"""Grading: production runs and KPIs, engagement uplift, snapshots, score cards."""

from .engagement import score_engagement, uplift
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
from .scorecard import Component, ScoreCard
from .snapshot import Snapshot, copy_snapshot, take_snapshot, tree_hash

__all__ = [
    "Component",
    "GraderError",
    "KpiContext",
    "KpiOutcome",
    "ScoreCard",
    "Snapshot",
    "copy_snapshot",
    "generated_data",
    "grader_module",
    "measure",
    "pilot_feedback",
    "run_system",
    "score_engagement",
    "take_snapshot",
    "tree_hash",
    "uplift",
]
