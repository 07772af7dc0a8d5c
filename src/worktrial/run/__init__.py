"""Running: one trial (execute, grade), anchors, jobs with resume."""

from .anchors import AnchorCache, Anchors
from .job import JobConfig, JobRunner, trial_record
from .trial import Delivered, TrialContext, TrialSpec, execute, grade, run_trial, start_session
from .workspace import materialise

__all__ = [
    "AnchorCache",
    "Anchors",
    "Delivered",
    "JobConfig",
    "JobRunner",
    "TrialContext",
    "TrialSpec",
    "execute",
    "grade",
    "materialise",
    "run_trial",
    "start_session",
    "trial_record",
]
