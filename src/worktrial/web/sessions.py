"""The web app's side of a workspace: what it asks of the workspace daemon, on behalf of a person in a browser.

Everything goes through the daemon's socket, exactly as `worktrial workspace` does: commands run inside the trial's
sandbox, files are listed and read there (a link leads nowhere the worker could not go), and questions go through
`bin/ask` so they are priced and ledgered like anyone's. Paths a browser sends are checked before anything runs.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from ..store.home import Home
from ..workspace import client
from ..workspace.protocol import b64

MAX_EDIT = 1 << 20  # bytes a browser may save into one file
COMMAND_TIMEOUT_S = 120.0


class BadPath(ValueError):
    """A path the file API will not touch; the message says why."""


def workspace_path(path: str) -> str:
    """`path` relative to /workspace, refusing absolute paths, `..`, NUL and anything odd."""
    if not path or len(path) > 1024 or "\0" in path or "\\" in path:
        raise BadPath("give a path inside the workspace, like docs/notes.md")
    p = PurePosixPath(path)
    if p.is_absolute() or any(part in ("..", "") for part in p.parts):
        raise BadPath("a path must stay inside the workspace: no leading '/' and no '..'")
    return str(p)


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


def run(
    home: Home, ws_id: str, argv: list[str], stdin: bytes | None = None, timeout_s: float = COMMAND_TIMEOUT_S
) -> Ran:
    """One command in the session, its output captured (one action, as `workspace exec`)."""
    out, err = io.BytesIO(), io.BytesIO()
    op = {"op": "exec", "argv": argv, "stdin": b64(stdin) if stdin else None, "timeout_s": timeout_s}
    code = client.run_command(home, ws_id, op, out, err)
    return Ran(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def files(home: Home, ws_id: str, path: str | None) -> Ran:
    """A folder's listing (folders end with /) or a file's text, read inside the sandbox; free, as `files` is."""
    out, err = io.BytesIO(), io.BytesIO()
    code = client.run_command(home, ws_id, {"op": "files", "path": path}, out, err)
    return Ran(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def save(home: Home, ws_id: str, path: str, text: str) -> Ran:
    data = text.replace("\r\n", "\n").encode()
    if len(data) > MAX_EDIT:
        raise BadPath(f"the editor saves files up to {MAX_EDIT // 1024} KiB")
    script = 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"'
    return run(home, ws_id, ["sh", "-c", script, "sh", workspace_path(path)], stdin=data)


def people(home: Home, ws_id: str) -> list[dict[str, Any]]:
    """Who the worker can contact; nobody where the task has no people."""
    listed = files(home, ws_id, "bin")
    if listed.code != 0 or "ask" not in listed.out.split():
        return []
    got = run(home, ws_id, ["bin/ask", "--who", "--json"])
    try:
        value = json.loads(got.out)
    except ValueError:
        return []
    found = value.get("people", value) if isinstance(value, dict) else value
    return [p for p in found if isinstance(p, dict)] if isinstance(found, list) else []


def ask(home: Home, ws_id: str, person: str, question: str) -> Ran:
    return run(home, ws_id, ["bin/ask", "--json", person, "-"], stdin=question.encode())


def world(home: Home, ws_id: str, *args: str) -> Ran:
    """`bin/ask --wait D`, `--inbox`, `--now`, or `bin/pilot` (args[0] == "pilot")."""
    if args and args[0] == "pilot":
        return run(home, ws_id, ["bin/pilot", *args[1:]])
    return run(home, ws_id, ["bin/ask", *args])


__all__ = ["BadPath", "Ran", "ask", "files", "people", "run", "save", "workspace_path", "world"]
