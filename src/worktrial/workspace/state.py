"""A workspace's private folder under the state folder: what the daemon was asked to start (`request.json`), what
it says about itself (`state.json`, rewritten whole at every change), its socket and its log."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..locking import atomic_write_text
from ..store.home import Home

REQUEST = "request.json"
STATE = "state.json"
LOG = "daemon.log"
# While the daemon lives a workspace is in one of these; a daemon that is gone while they are recorded is dead.
LIVE = ("starting", "open", "grading", "stopping")
# What a workspace ends as: handed in, graded at its deadline, abandoned, or never opened.
FINAL = ("submitted", "expired", "stopped", "failed")
_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]{0,99}")


class WorkspaceError(RuntimeError):
    """A workspace command that cannot be done; the message says why and what to do instead."""


def workspace_folder(home: Home, ws_id: str) -> Path:
    if not _ID.fullmatch(ws_id):
        raise WorkspaceError(f"{ws_id!r} is not a workspace id (list them with `worktrial workspace list`)")
    return home.workspaces / ws_id


def make_folder(home: Home, ws_id: str) -> Path:
    """The new workspace's folder, private to its owner (0700): its socket lets anyone who reaches it act."""
    home.workspaces.mkdir(parents=True, exist_ok=True)
    home.workspaces.chmod(0o700)
    folder = workspace_folder(home, ws_id)
    folder.mkdir(mode=0o700)
    folder.chmod(0o700)
    return folder


def read_json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def read_state(folder: Path) -> dict[str, Any] | None:
    return read_json(folder / STATE)


def write_state(folder: Path, state: dict[str, Any]) -> None:
    atomic_write_text(folder / STATE, json.dumps(state, indent=2, sort_keys=True))


def find_workspace(home: Home, ws_id: str) -> tuple[Path, dict[str, Any]]:
    """The folder and recorded state of workspace `ws_id`; WorkspaceError if there is none."""
    folder = workspace_folder(home, ws_id)
    state = read_state(folder)
    if state is None:
        raise WorkspaceError(f"no workspace {ws_id} in {home.root} (list them with `worktrial workspace list`)")
    return folder, state


def all_workspaces(home: Home) -> list[tuple[Path, dict[str, Any]]]:
    """Every workspace with a readable state, oldest first (ids sort by creation time)."""
    if not home.workspaces.is_dir():
        return []
    found = []
    for folder in sorted(home.workspaces.iterdir()):
        state = read_state(folder)
        if state is not None:
            found.append((folder, state))
    return found
