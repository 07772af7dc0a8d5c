"""`worktrial workspace`: a person (or an agent worktrial does not wrap) works one trial through a detached daemon
that holds its session, world and clock (docs/workspace.md). Only the client side is imported here; the daemon
is its own process (`python -m worktrial.workspace.daemon`)."""

from .client import exec_command, files, listing, shell, start, status, stop, submit
from .state import FINAL, LIVE, WorkspaceError

__all__ = [
    "FINAL",
    "LIVE",
    "WorkspaceError",
    "exec_command",
    "files",
    "listing",
    "shell",
    "start",
    "status",
    "stop",
    "submit",
]
