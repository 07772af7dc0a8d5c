"""Job ownership: the process that runs a job holds the job's lock until it ends, so no two processes ever run one
job (and so no trial runs twice at once). A crashed owner's lock is dropped with it, and the job can be resumed at
once.

The lock lives with the store, so every process that shares the store sees it: beside a SQLite store a lock file
(`locks/jobs/<job>.lock` in the store's folder, dropped by the kernel), in a PostgreSQL store an advisory lock on
a connection of the owner's (dropped by the server), which holds across machines.
"""

from __future__ import annotations

from pathlib import Path

from ..locking import FileLock, Holder, LockBusy, live_holder
from ..store import ServerLock, Store, StoreError, holder

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


class JobClaim:
    """This process's hold on one job, until `release`."""

    def __init__(self, store: Store, job_id: str, lock: FileLock | ServerLock) -> None:
        self.store, self.job_id, self._lock = store, job_id, lock

    def verify(self) -> None:
        """`StoreError` if the hold was lost (a PostgreSQL connection that broke took its lock with it): the job
        must stop before it starts another trial that a resume elsewhere might start too."""
        if isinstance(self._lock, FileLock):
            return  # the kernel keeps a flock while its descriptor is open
        try:
            with self.store.errors():
                self._lock.verify()
        except RuntimeError as e:
            raise StoreError(
                self.store.location, f"job {self.job_id} lost its lock in the store ({e})", "resume the job"
            ) from None

    def release(self) -> None:
        self._lock.release()


def job_lock_path(store: Store, job_id: str) -> Path:
    assert store.sqlite_file is not None
    return store.sqlite_file.parent / "locks" / "jobs" / f"{job_id}.lock"


def claim_job(store: Store, job_id: str) -> JobClaim:
    """Own `job_id` until the claim is released (or this process ends); `JobBusy` names the owner."""
    if store.sqlite_file is None:
        server = ServerLock(store.engine, f"job {job_id}")
        with store.errors():
            if not server.acquire(timeout_s=CLAIM_WAIT_S):
                raise JobBusy(job_id, holder(store.engine, server.name))
        return JobClaim(store, job_id, server)
    lock = FileLock(job_lock_path(store, job_id), purpose=f"run job {job_id}")
    try:
        lock.acquire(timeout_s=CLAIM_WAIT_S)
    except LockBusy as e:
        raise JobBusy(job_id, e.holder) from None
    return JobClaim(store, job_id, lock)


def job_owner(store: Store, job_id: str) -> Holder | None:
    """The live process running `job_id`, or None."""
    if store.sqlite_file is None:
        with store.errors():
            return holder(store.engine, f"job {job_id}")
    return live_holder(job_lock_path(store, job_id))
