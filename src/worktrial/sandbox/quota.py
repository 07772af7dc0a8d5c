"""Disk quotas: a watchdog that measures what a sandbox's writable folders hold and stops it past its limit.

Kernel quotas need a filesystem mounted with them and loop mounts need free loop devices; neither can be
assumed on a shared machine, with or without root. So a thread runs `du` (which never follows links and counts
a hard-linked file once, by allocated blocks: a sparse file costs what it really holds) over the workspace and
every writable mount, every `INTERVAL_S`, and calls `stop` the first time the total passes `Limits.disk_mb`.
Between two measurements a command can write past the limit; `Limits.file_size_mb` bounds each file meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from .base import ExecSpec
from .session import SessionSpec

INTERVAL_S = 0.5
_MB = 1 << 20


def disk_used(roots: Sequence[Path]) -> int:
    """Bytes allocated below `roots` together (0 for a root that is gone); entries that vanish meanwhile are skipped."""
    du = shutil.which("du") or "/usr/bin/du"
    existing = [str(r) for r in roots if r.exists()]
    if not existing:
        return 0
    done = subprocess.run(
        [du, "-s", "-c", "-x", "-P", "-B1", "--", *existing],
        capture_output=True,
        env={"LC_ALL": "C"},
        timeout=300,
        check=False,
    )
    lines = done.stdout.decode("ascii", "replace").strip().splitlines()
    try:
        return int(lines[-1].split()[0]) if lines else 0
    except ValueError:
        return 0


class DiskWatch:
    """Watches `roots` from `start()` until `cancel()`; `exceeded` says why `stop` was called ("" if it was not)."""

    def __init__(self, roots: Sequence[Path], limit_mb: int, stop: Callable[[], None]) -> None:
        self.roots = list(roots)
        self.limit_mb = limit_mb
        self.exceeded = ""
        self._stop = stop
        self._cancelled = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="disk-quota", daemon=True)

    def start(self) -> DiskWatch:
        self._thread.start()
        return self

    def cancel(self) -> None:
        self._cancelled.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=30)

    def check(self) -> bool:
        """Measure once; True (and `stop` called) if the folders hold more than the limit."""
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            used = disk_used(self.roots)
            if used > self.limit_mb * _MB:
                self.exceeded = (
                    f"disk quota exceeded: the writable folders held {used / _MB:.0f} MB, more than the limit of "
                    f"{self.limit_mb} MB; the sandbox was stopped"
                )
                self._stop()
                return True
        return False

    def _watch(self) -> None:
        while not self._cancelled.wait(INTERVAL_S):
            if self.check():
                return


def writable_roots(spec: ExecSpec | SessionSpec) -> list[Path]:
    return [spec.workspace, *(m.source for m in spec.mounts if m.writable)]


def watch_spec(spec: ExecSpec | SessionSpec, stop: Callable[[], None]) -> DiskWatch | None:
    """A started watch of what `spec` may write, or None when its limits set no disk quota."""
    if spec.limits.disk_mb is None:
        return None
    return DiskWatch(writable_roots(spec), spec.limits.disk_mb, stop).start()


class ProcessWatch:
    """`watch_spec` for a one-shot command: past the quota its leader gets SIGKILL (the sandbox goes with it).

    The leader is signalled through a pidfd, so a pid reused after the command ended is never hit."""

    def __init__(self, spec: ExecSpec) -> None:
        self._spec = spec
        self._pidfd: int | None = None
        self._watch: DiskWatch | None = None

    def started(self, pid: int) -> None:
        if self._spec.limits.disk_mb is None:
            return
        with contextlib.suppress(OSError):
            self._pidfd = os.pidfd_open(pid)
        self._watch = watch_spec(self._spec, self._kill)

    def _kill(self) -> None:
        if self._pidfd is not None:
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)

    def finish(self) -> str:
        """Stop watching; why the command was stopped, or ""."""
        if self._watch is None:
            return ""
        self._watch.cancel()
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        return self._watch.exceeded
