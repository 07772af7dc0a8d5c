"""`worktrial sessions build`: tasks from a workplace session archive (docs/sessions.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from .common import HomeOpt, app, err, out

sessions_app = typer.Typer(help="Tasks built from workplace session archives.", no_args_is_help=True)
app.add_typer(sessions_app, name="sessions")


@sessions_app.command("build")
def build_cmd(
    archive: Annotated[Path, typer.Argument(help="The archive folder (archive.toml, sessions.jsonl, files/, ...).")],
    out_dir: Annotated[Path, typer.Option("--out", help="The suite folder to write (replaced as a whole).")],
    reviewer: Annotated[
        str | None, typer.Option("--reviewer", help="A model id for the judgement steps; default: the fixed rules.")
    ] = None,
    review_cache: Annotated[
        Path | None,
        typer.Option("--review-cache", help="Cache of the model's answers."),
    ] = None,
    replay: Annotated[bool, typer.Option("--replay", help="Use only cached answers; a miss is an error.")] = False,
    home: HomeOpt = None,
) -> None:
    """Run the gated funnel; write one deliverable family per accepted session, BUILD.json and FUNNEL.md."""
    from ..authoring.sessions import ArchiveError, ModelReviewer, ReviewUnavailable, build
    from ..store import Home

    model = None
    if reviewer is not None:
        cache = review_cache or Home.default(home).ensure().cache / "review"
        model = ModelReviewer(reviewer, cache / reviewer.partition("?")[0].replace("/", "_"), replay=replay)
    try:
        funnel = build(archive, out_dir, model)
    except (ArchiveError, ReviewUnavailable) as e:
        err.print(f"sessions build: {e}", markup=False)
        raise typer.Exit(2) from None
    if model is not None:
        fell = ", ".join(f"{step} {n}" for step, n in sorted(model.fallbacks.items())) or "none"
        out.print(f"reviewer {model.name}: {model.calls} model call(s), fixed-rule fallbacks: {fell}", markup=False)
    table = Table("stage", "sessions left", title=f"funnel: {funnel.archive} {funnel.version} ({funnel.reviewer})")
    for stage, left in funnel.counts():
        table.add_row(stage, str(left))
    out.print(table)
    reasons = Table("stage", "reason", "rejected", title="rejections")
    for stage, reason, n in funnel.reasons():
        reasons.add_row(stage, reason, str(n))
    out.print(reasons)
    out.print(f"wrote {out_dir} ({funnel.counts()[-1][1]} tasks; every decision in BUILD.json)", markup=False)
