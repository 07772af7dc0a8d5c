"""Sandboxes that run worker and grader commands: `bwrap` (default) and `local` (development only); one-shot
runs (`Sandbox.run`) and long-lived sessions (`Sandbox.session`), optionally on a simulated clock."""

from __future__ import annotations

from typing import Any

from worktrial.sandbox.base import ExecResult, ExecSpec, Limits, Mount, Sandbox, SandboxError
from worktrial.sandbox.bwrap import BwrapSandbox
from worktrial.sandbox.clock import LiveClock, WithClock, clock_library, epoch, fixed_clock, with_clock
from worktrial.sandbox.local import LocalSandbox
from worktrial.sandbox.session import SESSION_ENDED_EXIT, PtyChannel, Session, SessionSpec
from worktrial.sandbox.toolbox import WithToolbox, default_toolbox, with_toolbox

BACKENDS: dict[str, type[BwrapSandbox] | type[LocalSandbox]] = {"bwrap": BwrapSandbox, "local": LocalSandbox}

__all__ = [
    "BACKENDS",
    "SESSION_ENDED_EXIT",
    "BwrapSandbox",
    "ExecResult",
    "ExecSpec",
    "Limits",
    "LiveClock",
    "LocalSandbox",
    "Mount",
    "PtyChannel",
    "Sandbox",
    "SandboxError",
    "Session",
    "SessionSpec",
    "WithClock",
    "WithToolbox",
    "clock_library",
    "default_toolbox",
    "epoch",
    "fixed_clock",
    "get_sandbox",
    "with_clock",
    "with_toolbox",
]


def get_sandbox(name: str = "bwrap", **kw: Any) -> Sandbox:
    """A new sandbox of backend `name`; keyword arguments go to its constructor (e.g. `uid=` for bwrap)."""
    try:
        backend = BACKENDS[name]
    except KeyError:
        raise ValueError(f"unknown sandbox {name!r}; valid sandboxes: {', '.join(sorted(BACKENDS))}") from None
    sandbox: Sandbox = backend(**kw)
    return sandbox
