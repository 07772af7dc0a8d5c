"""Running: one trial (execute, grade), anchors, jobs with resume."""

from .anchors import AnchorCache, Anchors
from .job import JobConfig, JobRunner, trial_record
from .trial import Delivered, TrialContext, TrialSpec, execute, grade, run_trial
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
    "trial_record",
]
