"""The sandbox contract: what every backend must provide (docs/sandbox.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .session import Session, SessionSpec


@dataclass(frozen=True)
class Limits:
    """Resource limits for one sandboxed command. `None` means the backend's default is not lowered."""

    wall_s: float = 600.0
    memory_mb: int | None = 2048
    processes: int | None = 256
    file_size_mb: int | None = 512
    output_bytes: int = 1_000_000  # stdout/stderr kept per stream; the rest is dropped (tail kept)
    # Bytes the workspace and the writable mounts may hold together; past it the sandbox is stopped (quota.py).
    disk_mb: int | None = None


@dataclass(frozen=True)
class Mount:
    """A host path made visible inside the sandbox at `target`."""

    source: Path
    target: str
    writable: bool = False


@dataclass(frozen=True)
class ExecSpec:
    """One command to run. `argv[0]` is looked up on the sandbox PATH.

    `workspace` is bound read-write at /workspace; `readonly` lists paths under /workspace that stay
    read-only (e.g. "input"). Nothing else of the host is visible except the system's binaries and Python.
    """

    argv: list[str]
    workspace: Path
    cwd: str = "/workspace"
    env: dict[str, str] = field(default_factory=dict)
    mounts: list[Mount] = field(default_factory=list)
    readonly: list[str] = field(default_factory=list)
    stdin: bytes | None = None
    limits: Limits = field(default_factory=Limits)


@dataclass(frozen=True)
class ExecResult:
    exit_code: int
    stdout: str
    stderr: str
    wall_s: float
    timed_out: bool = False
    stopped: str = ""  # why the sandbox stopped the command early (its disk quota), or ""

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out and not self.stopped


class SandboxError(RuntimeError):
    """The sandbox itself failed (not the command in it): an infrastructure failure."""


@runtime_checkable
class Sandbox(Protocol):
    """Runs commands in isolation. Implementations: `bwrap` (default) and `local` (development only)."""

    name: str

    def check(self) -> None:
        """Raise SandboxError with a fix if this backend cannot run on this machine."""

    def run(self, spec: ExecSpec) -> ExecResult:
        """Run one command to completion (or until its wall limit) and return what it did."""

    def session(self, spec: SessionSpec) -> Session:
        """Start a long-lived sandbox (docs/sandbox.md, "Sessions"); the caller must `close()` it."""
