"""`worktrial validate`: the admission anchors of every variant at L3."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..authoring import anchor_pairs, expectation
from ..run import JobConfig, JobRunner
from .common import HomeOpt, SandboxOpt, StoreOpt, app, default_suites, err, guarded, out
from .run import execute_job, open_runner


@app.command()
def validate(
    paths: Annotated[list[Path] | None, typer.Argument(help="Suite or family folders (default: bundled).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines: instance, agent, score, expected, ok.")] = False,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1)] = 2,
    sandbox: SandboxOpt = None,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Check the admission anchors of every variant at L3; exit 1 if any fails."""

    def body() -> tuple[JobRunner, str, JobConfig]:
        runner = open_runner(home, store_at)
        suites = [str(p.resolve()) for p in (paths or default_suites())]
        config = JobConfig(suites=suites, agents=[], concurrency=concurrency, sandbox=sandbox or "bwrap", levels=["L3"])
        instances = runner.load_instances(config)
        config.pairs = anchor_pairs(instances)
        return runner, runner.create(config), config

    runner, job_id, config = guarded(body)
    rows = execute_job(runner, job_id, config, as_json=False, quiet=as_json)
    instances = runner._instances
    failures = 0
    table = Table("instance", "agent", "score", "expected", "ok", title=f"anchors ({job_id})")
    for row in sorted(rows, key=lambda r: (r.instance, r.agent)):
        exp = expectation(instances[row.instance], row.agent)
        ok = row.status == "done" and exp.holds(row.score)
        failures += not ok
        if as_json:
            print(
                json.dumps(
                    {
                        "instance": row.instance,
                        "agent": row.agent,
                        "score": row.score,
                        "expected": exp.text,
                        "ok": ok,
                        "status": row.status,
                        "incidents": row.incidents,
                        "error": row.error,
                    }
                )
            )
        else:
            score = "error" if row.status == "error" else f"{row.score:.3f}"
            table.add_row(row.instance, row.agent, score, exp.text, "[green]ok[/]" if ok else "[red]FAIL[/]")
    if not as_json:
        out.print(table)
        for row in rows:
            if row.status == "error":
                kind = (row.scorecard or {}).get("error_kind") or "infrastructure"
                err.print(f"{row.instance} {row.agent}: [{kind}] {row.error}", markup=False)
    if failures:
        err.print(f"{failures} anchor(s) failed")
        raise typer.Exit(1)
