"""The `worktrial` command. Each module registers its commands on the shared Typer app.

Only the module of the command being run is imported (each imports what it needs), so a quick command such as
`worktrial workspace exec` does not pay for loading every package; help and unknown commands load them all.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

# command -> the module that registers it
COMMANDS = {
    "new": "new",
    "report": "report",
    "compare": "report",
    "run": "run",
    "show": "show",
    "jobs": "run",
    "tasks": "tasks",
    "lint": "tasks",
    "playtests": "tasks",
    "validate": "validate",
    "world": "world",
    "workspace": "workspace",
    "serve": "serve",
    "users": "serve",
    "judges": "judges",
    "sessions": "sessions",
    "skills": "skills",
}


def load_commands(argv: Sequence[str] = ()) -> None:
    name = next((a for a in argv if not a.startswith("-")), None)
    for module in sorted({COMMANDS[name]} if name in COMMANDS else set(COMMANDS.values())):
        importlib.import_module(f"{__name__}.{module}")


def main() -> None:
    load_commands(sys.argv[1:])
    from .common import app

    app(prog_name="worktrial")


def __getattr__(name: str) -> Any:
    if name == "app":  # the whole app, every command registered (tests, embedding)
        load_commands()
        from .common import app

        return app
    raise AttributeError(name)


__all__ = ["app", "main"]
