"""`worktrial run` and `worktrial jobs`: jobs with a progress bar, JSON Lines and a summary table."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..agents import calibration_agents, harness_of, is_builtin, plugin_names, shortcut_names
from ..agents.external import with_model
from ..analysis import TrialTable
from ..grading import ScoreCard
from ..run import JobConfig, JobRunner, trial_record
from ..store import Home, Store, TrialRow
from ..tasks import Instance, Problem, TaskFormatError
from .common import HomeOpt, SandboxOpt, SuiteOpt, app, default_suites, err, guarded, out
from .report import headline, job_title


@app.command()
def run(
    suite: SuiteOpt = None,
    task: Annotated[list[str] | None, typer.Option("--task", help="family, family/variant or instance id.")] = None,
    agent: Annotated[
        list[str] | None,
        typer.Option(
            "--agent",
            help="noop, reference, literal, shortcut:NAME, shortcuts, calibration; a harness (react, codex, "
            "claude-code) with --model, or HARNESS:MODEL; 'cmd:COMMAND' (any program in the sandbox, with --model "
            "given the gateway); a plug-in's NAME; or package.module:factory?key=value. "
            "Default: calibration, or react when --model is given.",
        ),
    ] = None,
    model: Annotated[
        list[str] | None,
        typer.Option("--model", help="Model id for harness agents, e.g. openai/gpt-5 or local/smollm2 (repeatable)."),
    ] = None,
    max_actions: Annotated[int | None, typer.Option("--max-actions", min=1, help="Override the task budget.")] = None,
    max_minutes: Annotated[float | None, typer.Option("--max-minutes", min=0.01)] = None,
    max_usd: Annotated[float | None, typer.Option("--max-usd", min=0)] = None,
    judge: Annotated[
        str | None, typer.Option("--judge", help="LLM judge for rubric checks, e.g. local/smollm2 (docs/judge.md).")
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

    def body() -> tuple[JobRunner, str, JobConfig]:
        runner = open_runner(home)
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
            judge=judge,
        )
        instances = runner.load_instances(config)
        budgets = {"max_actions": max_actions, "max_minutes": max_minutes, "max_usd": max_usd}
        specs = agent_specs(agent or (["react"] if model else ["calibration"]), model or [], budgets)
        config.pairs = expand_agents(instances, specs)
        return runner, runner.create(config), config

    runner, job_id, config = guarded(body)
    finished = execute_job(runner, job_id, config, as_json)
    if not as_json:
        print_summary(job_id, finished)


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


def open_runner(home: Path | None) -> JobRunner:
    """The job runner over the store in the state folder (`--home`, $WORKTRIAL_HOME or ./.worktrial)."""
    h = Home.default(home).ensure()
    return JobRunner(Store(h.db_url), h)


HARNESSES = ("react", "codex", "claude-code")  # they need a model


def agent_specs(agents: list[str], models: list[str], budgets: dict[str, float | int | None]) -> list[str]:
    """`--agent react --model M` → `react:M`, crossed over every model; budget flags become spec options.
    `cmd:COMMAND` becomes `cmd[M?budgets]:COMMAND`; a plug-in's bare `NAME` becomes `NAME:M`."""
    overrides = "&".join(f"{k}={v:g}" for k, v in budgets.items() if v is not None)
    plugins = plugin_names() if models else []
    specs = []
    for a in agents:
        harness = harness_of(a)
        if harness == "cmd":
            specs += _command_specs(a, models, overrides)
            continue
        if harness in HARNESSES and ":" not in a:
            if not models:
                raise TaskFormatError([Problem("--agent", a, "a harness needs a model", "add --model MODEL_ID")])
            crossed = [f"{a}:{m}" for m in models]
        elif a in plugins and not is_builtin(a):
            crossed = [f"{a}:{m}" for m in models]
        else:
            crossed = [a]
        if overrides and harness in HARNESSES:
            crossed = [f"{c}{'&' if '?' in c else '?'}{overrides}" for c in crossed]
        specs += crossed
    return specs


def _command_specs(agent: str, models: list[str], overrides: str) -> list[str]:
    try:
        chosen: list[str | None] = [*models] or [None]
        return [with_model(agent, m, overrides) for m in chosen]
    except ValueError as e:
        raise TaskFormatError([Problem("--agent", agent, str(e), "see docs/agents.md, command agents")]) from None


def expand_agents(instances: list[Instance], agents: list[str]) -> list[tuple[str, str]]:
    """`shortcuts` and `calibration` expand per instance to the shortcut scripts it actually has."""
    pairs: list[tuple[str, str]] = []
    for inst in instances:
        for a in agents:
            if a == "calibration":
                pairs += [(inst.id, x) for x in calibration_agents(inst)]
            elif a == "shortcuts":
                pairs += [(inst.id, f"shortcut:{n}") for n in shortcut_names(inst)]
            else:
                pairs.append((inst.id, a))
    return list(dict.fromkeys(pairs))


def execute_job(
    runner: JobRunner, job_id: str, config: JobConfig, as_json: bool, quiet: bool = False
) -> list[TrialRow]:
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
            print(json.dumps(trial_record(row)), flush=True)

    runner.on_start, runner.on_done = started, done
    with progress:
        rows: list[TrialRow] = guarded(lambda: asyncio.run(runner.run(job_id, config)))
    return rows


def print_summary(job_id: str, rows: list[TrialRow]) -> None:
    """The same headline table as `worktrial report JOB` (one function draws both)."""
    out.print(headline(job_title([job_id]), TrialTable.from_records(rows)))
    if any(r.status == "error" for r in rows):
        err.print(f"some trials failed for infrastructure reasons; finish them with `worktrial run --resume {job_id}`")
        raise typer.Exit(3)
