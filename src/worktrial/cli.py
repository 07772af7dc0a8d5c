"""The `worktrial` command."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from .agents import CALIBRATION, shortcut_names
from .analysis import AgentSummary, TrialScore, summarise_job
from .authoring import anchor_pairs, expectation
from .grading import ScoreCard
from .sandbox import SandboxError
from .store import Home, Store, TrialRow
from .tasks import Instance, TaskFormatError, lint_path, load_suite

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
# Piped output keeps whole instance ids rather than wrapping to the 80-column default.
out = Console(width=None if sys.stdout.isatty() else 160)
err = Console(stderr=True, width=None if sys.stderr.isatty() else 160)
T = TypeVar("T")

SuiteOpt = Annotated[list[Path] | None, typer.Option("--suite", help="Suite or family folder (repeatable).")]
HomeOpt = Annotated[Path | None, typer.Option("--home", help="State folder (default ./.worktrial).")]
SandboxOpt = Annotated[str, typer.Option("--sandbox", help="bwrap (isolated) or local (development only).")]


def default_suites() -> list[Path]:
    for candidate in (Path.cwd() / "suites", Path(__file__).resolve().parents[2] / "suites"):
        if candidate.is_dir():
            return [candidate]
    raise TaskFormatError([])


def guarded(fn: Callable[[], T]) -> T:
    """Turn user-facing failures into `file:field: reason (fix)` lines and exit 2, never a traceback."""
    try:
        return fn()
    except TaskFormatError as e:
        lines = [str(p) for p in e.problems] or ["no suite found: pass --suite PATH"]
        print("\n".join(lines), file=sys.stderr)
        raise typer.Exit(2) from None
    except SandboxError as e:
        err.print(f"sandbox: {e}", markup=False)
        raise typer.Exit(2) from None


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


@app.command()
def run(
    suite: SuiteOpt = None,
    task: Annotated[list[str] | None, typer.Option("--task", help="family, family/variant or instance id.")] = None,
    agent: Annotated[
        list[str] | None,
        typer.Option(
            "--agent",
            help="noop, reference, literal, shortcut:NAME, shortcuts, calibration. Default: calibration.",
        ),
    ] = None,
    level: Annotated[list[str] | None, typer.Option("--level")] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant")] = None,
    repeats: Annotated[int, typer.Option("--repeats", min=1)] = 1,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1)] = 2,
    resume: Annotated[str | None, typer.Option("--resume", help="Finish a killed or failed job.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines per trial on stdout.")] = False,
    sandbox: SandboxOpt = "bwrap",
    home: HomeOpt = None,
) -> None:
    """Run trials and print a table per agent."""
    from .run import JobConfig, JobRunner

    def body() -> tuple[JobRunner, str, JobConfig]:
        h = Home.default(home).ensure()
        runner = JobRunner(Store(h.db_url), h)
        if resume:
            return runner, resume, runner.resume_config(resume)
        suites = [str(s.resolve()) for s in (suite or default_suites())]
        config = JobConfig(
            suites=suites,
            tasks=task or [],
            variants=variant or [],
            levels=level or [],
            agents=[],
            repeats=repeats,
            concurrency=concurrency,
            sandbox=sandbox,
        )
        instances = runner.load_instances(config)
        config.pairs = expand_agents(instances, agent or ["calibration"])
        return runner, runner.create(config), config

    runner, job_id, config = guarded(body)
    finished = execute_job(runner, job_id, config, as_json)
    if not as_json:
        print_summary(job_id, finished)


@app.command()
def validate(
    paths: Annotated[list[Path] | None, typer.Argument(help="Suite or family folders (default: bundled).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines: instance, agent, score, expected, ok.")] = False,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1)] = 2,
    sandbox: SandboxOpt = "bwrap",
    home: HomeOpt = None,
) -> None:
    """Check the admission anchors of every variant at L3; exit 1 if any fails."""
    from .run import JobConfig, JobRunner

    def body() -> tuple[JobRunner, str, JobConfig]:
        h = Home.default(home).ensure()
        runner = JobRunner(Store(h.db_url), h)
        suites = [str(p.resolve()) for p in (paths or default_suites())]
        config = JobConfig(suites=suites, agents=[], concurrency=concurrency, sandbox=sandbox, levels=["L3"])
        instances = [i for i in runner.load_instances(config) if i.config.kind == "engagement"]
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
                err.print(f"{row.instance} {row.agent}: {row.error}", markup=False)
    if failures:
        err.print(f"{failures} anchor(s) failed")
        raise typer.Exit(1)


@app.command()
def jobs(home: HomeOpt = None) -> None:
    """List jobs in the store."""
    h = Home.default(home)
    store = Store(h.ensure().db_url)
    table = Table("job", "created", "status", "trials", "done", "errors")
    for job in store.jobs():
        trials = store.trials(job.id)
        table.add_row(
            job.id,
            f"{job.created:%Y-%m-%d %H:%M}",
            job.status,
            str(len(trials)),
            str(sum(t.status == "done" for t in trials)),
            str(sum(t.status == "error" for t in trials)),
        )
    out.print(table)


def expand_agents(instances: list[Instance], agents: list[str]) -> list[tuple[str, str]]:
    """`shortcuts` and `calibration` expand per instance to the shortcut scripts it actually has."""
    pairs: list[tuple[str, str]] = []
    for inst in instances:
        for a in agents:
            if a in ("shortcuts", "calibration"):
                names = [f"shortcut:{n}" for n in shortcut_names(inst)]
                pairs += [(inst.id, x) for x in ([*CALIBRATION, *names] if a == "calibration" else names)]
            else:
                pairs.append((inst.id, a))
    return list(dict.fromkeys(pairs))


def execute_job(runner: Any, job_id: str, config: Any, as_json: bool, quiet: bool = False) -> list[TrialRow]:
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=quiet or not err.is_terminal,
    )
    task_id = progress.add_task(f"job {job_id}", total=None)

    def started(n: int) -> None:
        progress.update(task_id, total=n)

    def done(row: TrialRow, card: ScoreCard) -> None:
        progress.advance(task_id)
        if as_json:
            from .run import trial_record

            rec = trial_record(row)
            rec.update(
                status=card.status,
                score=card.score,
                solved=card.solved if card.status == "done" else None,
                uplift=card.uplift,
                contact_cost=card.contact_cost if card.status == "done" else None,
                incidents=card.incidents,
                error=card.error,
            )
            print(json.dumps(rec), flush=True)

    runner.on_start, runner.on_done = started, done
    with progress:
        rows: list[TrialRow] = guarded(lambda: asyncio.run(runner.run(job_id, config)))
    return rows


def summaries(rows: list[TrialRow]) -> list[AgentSummary]:
    scores = [TrialScore(r.instance, r.agent, r.status, r.score, r.solved, r.uplift, r.contact_cost) for r in rows]
    return summarise_job(scores)


def print_summary(job_id: str, rows: list[TrialRow]) -> None:
    def f(x: float | None) -> str:
        return "—" if x is None else f"{x:.3f}"

    table = Table("agent", "trials", "errors", "mean S", "95% CI", "solved", "mean U", "mean C", title=f"job {job_id}")
    for s in summaries(rows):
        ci = "—" if s.ci_low is None else f"[{s.ci_low:.3f}, {s.ci_high:.3f}]"
        table.add_row(
            s.agent,
            str(s.trials),
            str(s.errors),
            f(s.mean),
            ci,
            f"{s.solved}/{s.trials - s.errors}",
            f(s.mean_uplift),
            f(s.mean_cost),
        )
    out.print(table)
    if any(r.status == "error" for r in rows):
        err.print(f"some trials failed for infrastructure reasons; finish them with `worktrial run --resume {job_id}`")
        raise typer.Exit(3)


def main() -> None:
    app(prog_name="worktrial")


if __name__ == "__main__":
    main()
