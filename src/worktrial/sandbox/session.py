"""Long-lived sandboxes: one per trial, in which successive commands share /tmp and background processes.

A `Session` is started from a `SessionSpec` (what an `ExecSpec` says minus the command) by `Sandbox.session`
and lives until `close()` or until `limits.wall_s` has passed. docs/sandbox.md describes the contract.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from .base import ExecResult, Limits, Mount

# What a command gets once its session is gone (closed, expired, or its server killed from inside).
SESSION_ENDED_EXIT = 125
SESSION_ENDED = "worktrial: the session has ended (its sandbox is gone); nothing more can run in it\n"


@dataclass(frozen=True)
class SessionSpec:
    """The sandbox of one session. `limits.wall_s` is the session's lifetime; the other limits hold for every
    command in it (`memory_mb` is also the most a single command may ask for)."""

    workspace: Path
    cwd: str = "/workspace"
    env: dict[str, str] = field(default_factory=dict)
    mounts: list[Mount] = field(default_factory=list)
    readonly: list[str] = field(default_factory=list)
    limits: Limits = field(default_factory=Limits)


@runtime_checkable
class PtyChannel(Protocol):
    """An interactive program on a pseudo-terminal inside a session (a shell, an editor)."""

    def read(self, timeout: float | None = None) -> bytes:
        """What the terminal printed since the last read; waits up to `timeout` for something.
        Returns b"" once the program has exited and everything was read (or when nothing came in time)."""

    def write(self, data: bytes) -> None:
        """Type `data` (keys, control characters) into the terminal."""

    def resize(self, rows: int, cols: int) -> None: ...

    def wait(self, timeout: float | None = None) -> int | None:
        """The program's exit code (128 + signal when killed), or None if it still runs after `timeout`."""

    def close(self) -> None:
        """Hang up: the program and its process group are killed."""


@runtime_checkable
class Session(Protocol):
    """Commands in one long-lived sandbox. Thread-safe: several `exec` calls may run at once."""

    @property
    def alive(self) -> bool: ...

    @property
    def stopped(self) -> str:
        """Why the sandbox stopped the session before it was closed (its disk quota, `Limits.disk_mb`), or ""."""

    def exec(
        self,
        argv: Sequence[str],
        *,
        stdin: bytes | None = None,
        env: dict[str, str] | None = None,
        cwd: str = "/workspace",
        wall_s: float = 600.0,
        output_bytes: int = 1_000_000,
        memory_mb: int | None = None,
        on_output: Callable[[int, bytes], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> ExecResult:
        """Run one command to completion (or its wall limit) and return what it did. `env` is added to the
        session's. Anything it leaves in the background keeps running until `close()`. Once the session has
        ended this returns exit code SESSION_ENDED_EXIT instead of raising. `on_output(fd, chunk)` is called
        (from another thread) with the command's output as it is written, fd 1 or 2, until the result; the
        result still holds the output's tails. Setting `cancel` kills the command's process group (the person who
        ran it interrupted it); what it left in the background of other groups keeps running."""

    def spawn_pty(
        self,
        argv: Sequence[str],
        env: dict[str, str] | None = None,
        rows: int = 24,
        cols: int = 80,
        cwd: str = "/workspace",
    ) -> PtyChannel:
        """Start an interactive program on a new pseudo-terminal. Raises SandboxError once the session ended."""

    def close(self) -> None:
        """Kill everything inside and release the sandbox. Idempotent."""
