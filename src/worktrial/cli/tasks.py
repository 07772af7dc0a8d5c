"""`worktrial tasks` and `worktrial lint`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..tasks import lint_path, load_suite
from .common import SuiteOpt, app, default_suites, err, guarded, out


@app.command()
def tasks(suite: SuiteOpt = None, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List instances (family/variant/level)."""

    def body() -> None:
        families = [f for s in (suite or default_suites()) for f in load_suite(s)]
        rows = [i for f in families for i in f.instances()]
        if as_json:
            for i in rows:
                print(
                    json.dumps(
                        {
                            "instance": i.id,
                            "family": i.family.id,
                            "variant": i.variant,
                            "level": i.level,
                            "kind": i.config.kind,
                            "industry": i.config.industry,
                            "tier": i.config.tier,
                            "content_hash": i.content_hash,
                        }
                    )
                )
            return
        table = Table("instance", "kind", "industry", "tier", "title")
        for i in rows:
            table.add_row(i.id, i.config.kind, i.config.industry, str(i.config.tier), i.config.title)
        out.print(table)

    guarded(body)


@app.command()
def lint(paths: Annotated[list[Path], typer.Argument(help="Suite or family folders.")]) -> None:
    """Check task files; print every problem as `file:field: reason (fix)`."""
    problems = [p for path in paths for p in lint_path(path)]
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        err.print(f"{len(problems)} problem(s)")
        raise typer.Exit(1)
    out.print("ok")
