"""The `worktrial` command. Each module registers its commands on the shared Typer app."""

from __future__ import annotations

from . import new, report, run, show, tasks, validate, world  # noqa: F401  (registers commands)
from .common import app


def main() -> None:
    app(prog_name="worktrial")


__all__ = ["app", "main"]
