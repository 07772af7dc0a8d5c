"""Job ownership: the process that runs a job holds its lock file until it ends, so no two processes ever run one
job (and so no trial runs twice at once). A crashed owner's lock is dropped by the kernel, and the job can be
resumed at once."""

from __future__ import annotations

from pathlib import Path

from ..locking import FileLock, Holder, LockBusy, live_holder
from ..store import Home

# A `worktrial jobs` next door probes the lock for an instant; a claim waits this long before it believes a refusal.
CLAIM_WAIT_S = 2.0


class JobBusy(RuntimeError):
    """Another live process owns the job."""

    def __init__(self, job_id: str, holder: Holder | None) -> None:
        who = str(holder) if holder else "another process"
        super().__init__(
            f"job {job_id} is being run by {who}: wait for it to finish, or stop that process and resume again"
        )
        self.job_id = job_id
        self.holder = holder


def job_lock_path(home: Home, job_id: str) -> Path:
    return home.locks / "jobs" / f"{job_id}.lock"


def claim_job(home: Home, job_id: str) -> FileLock:
    """Own `job_id` until the returned lock is released (or this process ends); `JobBusy` names the owner."""
    lock = FileLock(job_lock_path(home, job_id), purpose=f"run job {job_id}")
    try:
        lock.acquire(timeout_s=CLAIM_WAIT_S)
    except LockBusy as e:
        raise JobBusy(job_id, e.holder) from None
    return lock


def job_owner(home: Home, job_id: str) -> Holder | None:
    """The live process running `job_id`, or None."""
    return live_holder(job_lock_path(home, job_id))
