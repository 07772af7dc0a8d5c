"""Running: jobs (plan → anchors → trials), executors (local slots, Ray tasks), one trial (execute, grade), job
ownership, slots and their uids."""

from .anchor_cache import AnchorCache, AnchorRecord
from .anchors import AnchorError, AnchorFailure, compute_anchors, ensure_anchors
from .executor import EXECUTORS, Executor, ExecutorName, LocalExecutor, Slot, check_executor, open_executor
from .job import JobRunner, trial_record
from .ownership import JobBusy, JobClaim, claim_job, job_owner
from .plan import MAX_CONCURRENCY, MAX_REPEATS, MAX_TRIALS, JobConfig, build_judge, check_model_access
from .slots import UidLease, lease_uids, slot_sandboxes
from .trial import Delivered, MissingAnchors, TrialContext, TrialSpec, execute, grade, run_trial, start_session
from .workspace import materialise

__all__ = [
    "EXECUTORS",
    "MAX_CONCURRENCY",
    "MAX_REPEATS",
    "MAX_TRIALS",
    "AnchorCache",
    "AnchorError",
    "AnchorFailure",
    "AnchorRecord",
    "Delivered",
    "Executor",
    "ExecutorName",
    "JobBusy",
    "JobClaim",
    "JobConfig",
    "JobRunner",
    "LocalExecutor",
    "MissingAnchors",
    "Slot",
    "TrialContext",
    "TrialSpec",
    "UidLease",
    "build_judge",
    "check_executor",
    "check_model_access",
    "claim_job",
    "compute_anchors",
    "ensure_anchors",
    "execute",
    "grade",
    "job_owner",
    "lease_uids",
    "materialise",
    "open_executor",
    "run_trial",
    "slot_sandboxes",
    "start_session",
    "trial_record",
]
