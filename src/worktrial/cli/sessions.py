"""`worktrial sessions build`: tasks from a workplace session archive (docs/sessions.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from .common import app, err, out

sessions_app = typer.Typer(help="Tasks built from workplace session archives.", no_args_is_help=True)
app.add_typer(sessions_app, name="sessions")


@sessions_app.command("build")
def build_cmd(
    archive: Annotated[Path, typer.Argument(help="The archive folder (archive.toml, sessions.jsonl, files/, ...).")],
    out_dir: Annotated[Path, typer.Option("--out", help="The suite folder to write (replaced as a whole).")],
) -> None:
    """Run the gated funnel; write one deliverable family per accepted session, BUILD.json and FUNNEL.md."""
    from ..authoring.sessions import ArchiveError, build

    try:
        funnel = build(archive, out_dir)
    except ArchiveError as e:
        err.print(f"sessions build: {e}", markup=False)
        raise typer.Exit(2) from None
    table = Table("stage", "sessions left", title=f"funnel: {funnel.archive} {funnel.version} ({funnel.reviewer})")
    for stage, left in funnel.counts():
        table.add_row(stage, str(left))
    out.print(table)
    reasons = Table("stage", "reason", "rejected", title="rejections")
    for stage, reason, n in funnel.reasons():
        reasons.add_row(stage, reason, str(n))
    out.print(reasons)
    out.print(f"wrote {out_dir} ({funnel.counts()[-1][1]} tasks; every decision in BUILD.json)", markup=False)
