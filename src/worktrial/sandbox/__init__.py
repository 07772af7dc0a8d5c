"""Sandboxes that run worker and grader commands: `bwrap` (default) and `local` (development only)."""

from __future__ import annotations

from typing import Any

from worktrial.sandbox.base import ExecResult, ExecSpec, Limits, Mount, Sandbox, SandboxError
from worktrial.sandbox.bwrap import BwrapSandbox
from worktrial.sandbox.local import LocalSandbox
from worktrial.sandbox.toolbox import WithToolbox, default_toolbox, with_toolbox

BACKENDS: dict[str, type[BwrapSandbox] | type[LocalSandbox]] = {"bwrap": BwrapSandbox, "local": LocalSandbox}

__all__ = [
    "BACKENDS",
    "BwrapSandbox",
    "ExecResult",
    "ExecSpec",
    "Limits",
    "LocalSandbox",
    "Mount",
    "Sandbox",
    "SandboxError",
    "WithToolbox",
    "default_toolbox",
    "get_sandbox",
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
