"""`worktrial new engagement|deliverable NAME`: scaffold a task family that lints and validates as generated."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..authoring import ScaffoldError, scaffold
from .common import app, err, out

new_app = typer.Typer(no_args_is_help=True, help="Scaffold a new task family (docs/authoring.md).")
app.add_typer(new_app, name="new")

SuiteDirOpt = Annotated[
    Path | None, typer.Option("--suite", help="Suite folder to create it in (default ./suites/<kind>s).")
]
TitleOpt = Annotated[str | None, typer.Option("--title", help="One-line title for task.toml.")]


def _new(kind: str, name: str, suite: Path | None, title: str | None) -> None:
    folder = suite if suite is not None else Path.cwd() / "suites" / f"{kind}s"
    try:
        dest = scaffold(kind, name, folder, title)
    except ScaffoldError as e:
        err.print(f"new: {e}", markup=False)
        raise typer.Exit(2) from None
    except OSError as e:
        err.print(f"new: cannot write {e.filename or folder}: {e.strerror or e}", markup=False)
        raise typer.Exit(2) from None
    out.print(f"created {dest}", markup=False)
    out.print(f"next: worktrial lint {dest} && worktrial validate {dest}", markup=False)


@new_app.command("engagement")
def new_engagement(
    name: Annotated[str, typer.Argument(help="Family id, also the folder name.")],
    suite: SuiteDirOpt = None,
    title: TitleOpt = None,
) -> None:
    """An engagement: briefs L0-L3, a production system, people, a grader using the kit, solutions."""
    _new("engagement", name, suite, title)


@new_app.command("deliverable")
def new_deliverable(
    name: Annotated[str, typer.Argument(help="Family id, also the folder name.")],
    suite: SuiteDirOpt = None,
    title: TitleOpt = None,
) -> None:
    """A deliverable: an instruction, messy inputs, reference outputs, typed checks, solutions."""
    _new("deliverable", name, suite, title)
