"""Shared pieces of the CLI: the app, consoles, options and error handling."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.console import Console

if TYPE_CHECKING:
    from ..store import Home, Store

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Measure whether an agent or a person delivers business value on realistic client work.",
)


@app.callback()
def _group() -> None:
    """Keep `worktrial` a group of commands even when only one command's module is loaded."""


# Piped output keeps whole instance ids rather than wrapping to the 80-column default.
out = Console(width=None if sys.stdout.isatty() else 160)
err = Console(stderr=True, width=None if sys.stderr.isatty() else 160)
T = TypeVar("T")

SuiteOpt = Annotated[list[Path] | None, typer.Option("--suite", help="Suite or family folder (repeatable).")]
HomeOpt = Annotated[Path | None, typer.Option("--home", help="State folder (default ./.worktrial).")]
StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--store",
        help="Store URL: sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DB "
        "(default $WORKTRIAL_STORE, else worktrial.db in the state folder).",
    ),
]
SandboxOpt = Annotated[
    str | None, typer.Option("--sandbox", help="bwrap (isolated, the default) or local (development only).")
]


def default_suites() -> list[Path]:
    from ..tasks import TaskFormatError

    for candidate in (Path.cwd() / "suites", Path(__file__).resolve().parents[3] / "suites"):
        if candidate.is_dir():
            return [candidate]
    raise TaskFormatError([])


def open_state(home: Path | None, store_at: str | None) -> tuple[Home, Store]:
    """The state folder and the store of a command — the one place the CLI opens them: the store is `--store`,
    else $WORKTRIAL_STORE, else the SQLite file in the state folder."""
    from ..store import Home, Store, store_url

    h = Home.default(home).ensure()
    return h, Store(store_url(h, store_at))


def open_store(home: Path | None, store_at: str | None) -> Store:
    return open_state(home, store_at)[1]


def guarded(fn: Callable[[], T]) -> T:
    """Turn user-facing failures into `file:field: reason (fix)` lines and exit 2, never a traceback."""
    # Imported here, not above: a command that needs none of them (workspace exec) starts without loading them.
    from ..locking import LockBusy
    from ..run import JobBusy
    from ..sandbox import SandboxError
    from ..store import StoreError
    from ..tasks import TaskFormatError

    try:
        return fn()
    except TaskFormatError as e:
        lines = [str(p) for p in e.problems] or ["no suite found: pass --suite PATH"]
        print("\n".join(lines), file=sys.stderr)
        raise typer.Exit(2) from None
    except SandboxError as e:
        err.print(f"sandbox: {e}", markup=False)
        raise typer.Exit(2) from None
    except (StoreError, JobBusy, LockBusy) as e:
        print(str(e), file=sys.stderr)
        raise typer.Exit(2) from None
