"""Concurrency slots: one sandbox each, and as root one sandbox uid each, unique on the whole machine.

RLIMIT_NPROC counts every process of a uid, so two slots sharing a uid share one process limit: a fork bomb in one
trial would starve the other. Each slot therefore leases its own uid, with a lock file in a machine-wide folder
(whatever the state folder) that the kernel drops when the leasing process ends. A uid that still has processes
(left by a process that was not ours) is skipped.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..locking import FileLock
from ..sandbox import BACKENDS, Sandbox, SandboxError, get_sandbox, with_toolbox

UID_BASE = 100_000
UID_COUNT = 50_000
UID_LOCKS = Path("/run/worktrial/uids")


@dataclass
class UidLease:
    """Uids held for this process's slots until `release`."""

    uids: list[int] = field(default_factory=list)
    _locks: list[FileLock] = field(default_factory=list, repr=False)

    def release(self) -> None:
        for lock in self._locks:
            lock.release()
        self._locks.clear()
        self.uids.clear()


def uids_in_use() -> set[int]:
    """Real uids of the processes now running on this machine."""
    uids: set[int] = set()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status", encoding="ascii", errors="replace") as f:
                for line in f:
                    if line.startswith("Uid:"):
                        uids.add(int(line.split()[1]))
                        break
        except (OSError, ValueError, IndexError):
            continue  # the process ended while we looked
    return uids


def lease_uids(n: int, lock_dir: Path = UID_LOCKS, base: int = UID_BASE, count: int = UID_COUNT) -> UidLease:
    """`n` uids from [base, base + count) that no other live lease holds and no process runs as."""
    lease = UidLease()
    try:
        lock_dir.mkdir(parents=True, exist_ok=True)
        busy = uids_in_use()
        for uid in range(base, base + count):
            if len(lease.uids) == n:
                return lease
            if uid in busy:
                continue
            lock = FileLock(lock_dir / f"{uid}.lock", purpose="sandbox uid")
            if lock.try_acquire():
                lease.uids.append(uid)
                lease._locks.append(lock)
    except OSError as e:
        lease.release()
        raise SandboxError(f"cannot lease sandbox uids under {lock_dir}: {e}") from None
    if len(lease.uids) == n:
        return lease
    lease.release()
    raise SandboxError(f"no {n} free sandbox uids in {base}..{base + count - 1}: too many concurrent slots")


def check_sandbox_name(name: str) -> None:
    if name not in BACKENDS:
        raise ValueError(f"unknown sandbox {name!r}; valid sandboxes: {', '.join(sorted(BACKENDS))}")


def check_sandbox_works(name: str) -> None:
    """SandboxError (with the install hint) unless backend `name` can run a command here."""
    check_sandbox_name(name)
    get_sandbox(name).check()


def slot_sandboxes(name: str, n: int) -> tuple[list[Sandbox], UidLease]:
    """One checked sandbox per slot, with the uid lease the caller releases when the slots are done."""
    lease = lease_uids(n) if name == "bwrap" and os.geteuid() == 0 else UidLease()
    try:
        boxes = [get_sandbox(name, uid=uid) for uid in lease.uids] or [get_sandbox(name) for _ in range(n)]
        boxes[0].check()
    except BaseException:
        lease.release()
        raise
    return [with_toolbox(box) for box in boxes], lease
