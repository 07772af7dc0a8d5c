"""`worktrial validate`: the admission anchors of every variant at L3."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..authoring import anchor_pairs, expectation, pair_keys, pair_name, reusable
from ..run import JobConfig, JobRunner
from ..store import TrialRow
from .common import HomeOpt, SandboxOpt, StoreOpt, app, default_suites, err, guarded, out
from .run import execute_job, open_runner


@app.command()
def validate(
    paths: Annotated[list[Path] | None, typer.Argument(help="Suite or family folders (default: bundled).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines: instance, agent, score, expected, ok.")] = False,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1)] = 2,
    fresh: Annotated[
        bool,
        typer.Option(
            "--fresh",
            help="Run every pair again, even one whose family files, sandbox and worktrial code are unchanged since "
            "a done trial of an earlier validate.",
        ),
    ] = False,
    sandbox: SandboxOpt = None,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Check the admission anchors of every variant at L3; exit 1 if any fails. A pair whose inputs are unchanged
    since an earlier validate takes that trial's result (shown as reused) unless --fresh."""

    def body() -> tuple[JobRunner, JobConfig, dict[str, TrialRow]]:
        runner = open_runner(home, store_at)
        suites = [str(p.resolve()) for p in (paths or default_suites())]
        config = JobConfig(suites=suites, agents=[], concurrency=concurrency, sandbox=sandbox or "bwrap", levels=["L3"])
        instances = runner.load_instances(config)
        pairs = anchor_pairs(instances)
        keys = pair_keys(runner._instances, pairs, config.sandbox)
        reused = {} if fresh else reusable(runner.store, keys)
        config.pairs = [(i, a) for i, a in pairs if pair_name(i, a) not in reused]
        config.pair_keys = {pair_name(i, a): keys[pair_name(i, a)] for i, a in config.pairs}
        return runner, config, reused

    runner, config, reused = guarded(body)
    job_id = guarded(lambda: runner.create(config)) if config.pairs else None
    rows = execute_job(runner, job_id, config, as_json=False, quiet=as_json) if job_id else []
    rows += list(reused.values())
    instances = runner._instances
    failures = 0
    title = f"anchors ({job_id or 'no new trial'}; {len(reused)} reused)" if reused else f"anchors ({job_id})"
    table = Table("instance", "agent", "score", "expected", "ok", "trial", title=title)
    for row in sorted(rows, key=lambda r: (r.instance, r.agent)):
        exp = expectation(instances[row.instance], row.agent)
        ok = row.status == "done" and exp.holds(row.score)
        failures += not ok
        from_job = row.job_id if row.job_id != job_id else None
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
                        "reused_from": from_job,
                    }
                )
            )
        else:
            score = "error" if row.status == "error" else f"{row.score:.3f}"
            verdict = "[green]ok[/]" if ok else "[red]FAIL[/]"
            trial = f"reused ({from_job})" if from_job else "run"
            table.add_row(row.instance, row.agent, score, exp.text, verdict, trial)
    if not as_json:
        out.print(table)
        for row in rows:
            if row.status == "error":
                kind = (row.scorecard or {}).get("error_kind") or "infrastructure"
                err.print(f"{row.instance} {row.agent}: [{kind}] {row.error}", markup=False)
    if failures:
        err.print(f"{failures} anchor(s) failed")
        raise typer.Exit(1)
