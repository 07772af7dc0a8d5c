"""`worktrial run` and `worktrial jobs`: jobs with a progress bar, JSON Lines and a summary table."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, cast

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..agents import calibration_agents, harness_of, is_builtin, plugin_names, shortcut_names
from ..analysis import TrialTable
from ..grading import ScoreCard
from ..run import EXECUTORS, ExecutorName, JobConfig, JobRunner, job_owner, trial_record
from ..store import JobOverview, Store, TrialRow
from ..tasks import Instance, Problem, TaskFormatError
from .common import (
    HomeOpt,
    SandboxOpt,
    StoreOpt,
    SuiteOpt,
    app,
    default_suites,
    err,
    guarded,
    open_state,
    open_store,
    out,
)
from .report import headline, job_title

EXIT_TRIAL_ERRORS = 3
REASONS_SHOWN = 20


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
    repeats: Annotated[int | None, typer.Option("--repeats", min=1, help="Trials per instance and agent (1).")] = None,
    concurrency: Annotated[
        int | None, typer.Option("--concurrency", min=1, help="Trials at once (2); with --resume, overrides the job's.")
    ] = None,
    resume: Annotated[str | None, typer.Option("--resume", help="Finish a killed or failed job.")] = None,
    executor: Annotated[
        str,
        typer.Option(
            "--executor",
            help="local (this process's slots) or ray (each trial a Ray task; the `ray` extra). "
            "May differ on --resume.",
        ),
    ] = "local",
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address",
            help="With --executor ray: the cluster to join (`ray start --head` prints it); "
            "default: start a local one with --concurrency CPUs.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines per trial on stdout.")] = False,
    sandbox: SandboxOpt = None,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Run trials and print a table per agent; exit 3 if any trial is void (each one's reason on stderr)."""
    planning = {
        "--suite": suite,
        "--task": task,
        "--agent": agent,
        "--model": model,
        "--max-actions": max_actions,
        "--max-minutes": max_minutes,
        "--max-usd": max_usd,
        "--judge": judge,
        "--level": level,
        "--variant": variant,
        "--repeats": repeats,
        "--sandbox": sandbox,
    }

    def body() -> tuple[JobRunner, str, JobConfig]:
        if resume:
            given = [flag for flag, value in planning.items() if value is not None]
            if given:
                raise TaskFormatError(
                    [
                        Problem(
                            "--resume",
                            resume,
                            f"conflicts with {', '.join(given)}: a resumed job keeps the plan it was started with",
                            "drop those flags, or start a new job with them",
                        )
                    ]
                )
        check_executor_flags(executor, ray_address)
        runner = open_runner(home, store_at)
        runner.executor, runner.ray_address = cast(ExecutorName, executor), ray_address
        if resume:
            config = runner.resume_config(resume)
            if concurrency is not None:
                config.concurrency = concurrency
            return runner, resume, config
        suites = [str(s.resolve()) for s in (suite or default_suites())]
        config = JobConfig(
            suites=suites,
            tasks=task or [],
            variants=variant or [],
            levels=level or [],
            agents=[],
            repeats=repeats or 1,
            concurrency=concurrency or 2,
            sandbox=sandbox or "bwrap",
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
        out.print(headline(job_title([job_id]), TrialTable.from_records(finished)))
    report_errors(job_id, finished)


@app.command()
def jobs(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per job.")] = False,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """List jobs: state (running only while a live process runs it, else interrupted or done) and trial counts."""

    def body() -> list[dict[str, Any]]:
        store = open_store(home, store_at)
        overview = store.job_overview()
        return [job_state(store, j.id, j.created.strftime("%Y-%m-%d %H:%M"), overview.get(j.id)) for j in store.jobs()]

    rows = guarded(body)
    if as_json:
        for r in rows:
            print(json.dumps(r))
        return
    table = Table("job", "created", "agents", "tasks", "state", "pending", "running", "done", "error", "abandoned")
    for r in rows:
        table.add_row(
            r["job"],
            r["created"],
            _names(r["agents"]),
            _names(r["tasks"]),
            r["state"] + (f" (pid {r['owner']['pid']} on {r['owner']['host']})" if r["owner"] else ""),
            *(str(r[k]) for k in ("pending", "running", "done", "error", "abandoned")),
        )
    out.print(table)


def job_state(store: Store, job_id: str, created: str, ov: JobOverview | None) -> dict[str, Any]:
    """A job as `worktrial jobs` shows it. `running` trials of a job nobody owns were cut off by a kill."""
    ov = ov or JobOverview()
    owner = job_owner(store, job_id)
    unfinished = ov.counts.get("pending", 0) + ov.counts.get("running", 0)
    state = "running" if owner else ("interrupted" if unfinished else "done")
    return {
        "job": job_id,
        "created": created,
        "agents": sorted(ov.agents),
        "tasks": sorted(ov.instances),
        "state": state,
        "owner": {"pid": owner.pid, "host": owner.host} if owner else None,
        **{k: ov.counts.get(k, 0) for k in ("pending", "running", "done", "error", "abandoned")},
    }


def _names(items: list[str], shown: int = 3) -> str:
    if len(items) <= shown:
        return ", ".join(items)
    return ", ".join(items[:shown]) + f" (+{len(items) - shown})"


def check_executor_flags(executor: str, ray_address: str | None) -> None:
    if executor not in EXECUTORS:
        raise TaskFormatError(
            [Problem("--executor", executor, "unknown executor", f"use one of: {', '.join(EXECUTORS)}")]
        )
    if ray_address and executor != "ray":
        raise TaskFormatError(
            [Problem("--ray-address", ray_address, "only the ray executor joins a cluster", "add --executor ray")]
        )


def open_runner(home: Path | None, store_at: str | None) -> JobRunner:
    """The job runner over the state folder and the store, after checking that the store can be written (a locked
    store fails here, within seconds)."""
    h, store = open_state(home, store_at)
    store.check_writable()
    return JobRunner(store, h)


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
    from ..agents.external import with_model  # the harnesses and their gateway load only for a command agent

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

    def anchors(n: int) -> None:
        progress.update(task_id, description=f"job {job_id}: anchors of {n} variant(s)")

    def started(n: int) -> None:
        progress.update(task_id, description=f"job {job_id}", total=n)

    def done(row: TrialRow, card: ScoreCard) -> None:
        progress.advance(task_id)
        if as_json:
            print(json.dumps(trial_record(row)), flush=True)

    runner.on_anchors, runner.on_start, runner.on_done = anchors, started, done
    with progress:
        rows: list[TrialRow] = guarded(lambda: asyncio.run(runner.run(job_id, config)))
    return rows


def report_errors(job_id: str, rows: list[TrialRow]) -> None:
    """Each void trial's reason on stderr, grouped; then what to do, and exit 3 if there was any."""
    errors = [r for r in rows if r.status == "error"]
    if not errors:
        return
    kinds = {r.id: (r.scorecard or {}).get("error_kind") or "infrastructure" for r in errors}
    reasons = Counter((kinds[r.id], r.error or "no reason recorded") for r in errors)
    example = {(kinds[r.id], r.error or "no reason recorded"): r for r in reversed(errors)}
    err.print(f"{len(errors)} trial(s) of job {job_id} are void (not scored):", markup=False)
    for (kind, reason), n in reasons.most_common(REASONS_SHOWN):
        first = example[(kind, reason)]
        err.print(f"  {n} × [{kind}] {first.instance} {first.agent}: {reason}", markup=False)
    if len(reasons) > REASONS_SHOWN:
        err.print(f"  … and {len(reasons) - REASONS_SHOWN} other reason(s) (`--json` lists every trial)")
    retryable = sum(kinds[r.id] == "infrastructure" for r in errors)
    if retryable:
        err.print(
            f"{retryable} failed for infrastructure reasons: run them again with `worktrial run --resume {job_id}`",
            markup=False,
        )
    if retryable < len(errors):
        err.print(
            f"{len(errors) - retryable} failed because of the task or the job's agent spec: a rerun cannot help; "
            "fix the task (`worktrial lint`, `worktrial validate`) or the spec, then start a new job",
            markup=False,
        )
    raise typer.Exit(EXIT_TRIAL_ERRORS)
