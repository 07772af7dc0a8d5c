"""Advisory file locks (`flock`) shared by every process on the machine.

The kernel drops a `flock` lock when the last descriptor of its holder closes, so a crashed or killed process never
leaves a lock behind: there is no stale-lock clean-up to get wrong. Lock files are never deleted (deleting one
while another process waits on it would let two holders in). The holder writes who it is into the file, for
messages such as "job J is run by pid 123 on host h"; that text is only believed while the lock is held.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import json
import os
import socket
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

_MAX_POLL_S = 0.2


@dataclass(frozen=True)
class Holder:
    """Who holds (or last held) a lock."""

    pid: int
    host: str
    since: str = ""
    purpose: str = ""

    def __str__(self) -> str:
        return f"pid {self.pid} on host {self.host}" + (f" since {self.since}" if self.since else "")


class LockBusy(RuntimeError):
    """The lock is held by another process (or another descriptor of this one)."""

    def __init__(self, path: Path, holder: Holder | None) -> None:
        who = str(holder) if holder else "another process"
        super().__init__(f"{path} is locked by {who}")
        self.path = path
        self.holder = holder


def _open(path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)


def _try_flock(fd: int, mode: int) -> bool:
    try:
        fcntl.flock(fd, mode | fcntl.LOCK_NB)
        return True
    except OSError as e:
        if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise


def _read_holder(path: Path) -> Holder | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "null")
        return Holder(int(data["pid"]), str(data["host"]), str(data.get("since", "")), str(data.get("purpose", "")))
    except (OSError, ValueError, TypeError, KeyError):
        return None


class FileLock:
    """An exclusive lock on `path`, held from `acquire` until `release` (or until the process ends).

    Two `FileLock`s on one path exclude each other even inside one process, so threads and tasks can use it too.
    """

    def __init__(self, path: Path, purpose: str = "") -> None:
        self.path = path
        self.purpose = purpose
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def try_acquire(self) -> bool:
        """Take the lock if it is free; never waits."""
        if self._fd is not None:
            raise RuntimeError(f"{self.path}: already held by this lock object")
        fd = _open(self.path)
        if not _try_flock(fd, fcntl.LOCK_EX):
            os.close(fd)
            return False
        self._fd = fd
        self._write_holder(fd)
        return True

    def acquire(self, timeout_s: float | None = None) -> None:
        """Wait for the lock; `LockBusy` (naming the holder) if it is still held after `timeout_s`."""
        if timeout_s is None:
            fd = _open(self.path)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
            except BaseException:
                os.close(fd)
                raise
            self._fd = fd
            self._write_holder(fd)
            return
        deadline = time.monotonic() + timeout_s
        delay = 0.01
        while not self.try_acquire():
            if time.monotonic() >= deadline:
                raise LockBusy(self.path, live_holder(self.path))
            time.sleep(delay)
            delay = min(_MAX_POLL_S, delay * 2)

    async def acquire_async(self, timeout_s: float | None = None) -> None:
        """`acquire` for the event loop: polls, so waiting blocks no thread and can be cancelled."""
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        delay = 0.01
        while not self.try_acquire():
            if deadline is not None and time.monotonic() >= deadline:
                raise LockBusy(self.path, live_holder(self.path))
            await asyncio.sleep(delay)
            delay = min(_MAX_POLL_S, delay * 2)

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # closing the only descriptor drops the lock

    def _write_holder(self, fd: int) -> None:
        me = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC"),
            "purpose": self.purpose,
        }
        data = json.dumps(me).encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, data, 0)

    def __enter__(self) -> FileLock:
        self.acquire()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.release()

    def __del__(self) -> None:
        # A lock object dropped while held releases its lock, as the process's end would.
        with contextlib.suppress(Exception):
            self.release()


def is_held(path: Path) -> bool:
    """Whether some live process holds the lock on `path`.

    The probe takes a shared lock for an instant, which an exclusive holder refuses; a process trying to take the
    lock at that very instant fails once, so acquirers that must not be refused by a probe wait a little
    (`acquire(timeout_s=...)`).
    """
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        return not _try_flock(fd, fcntl.LOCK_SH)
    finally:
        os.close(fd)


def live_holder(path: Path) -> Holder | None:
    """Who holds the lock on `path` now, or None if nobody does."""
    if not is_held(path):
        return None
    return _read_holder(path) or Holder(-1, "unknown host")
