"""`worktrial skills run|show`: the skill-transfer protocol (docs/skills.md)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from .common import HomeOpt, SandboxOpt, StoreOpt, SuiteOpt, app, default_suites, guarded, out

skills_app = typer.Typer(help="Skill transfer: distil a skill from one agent's work and measure it on another's.",
                         no_args_is_help=True)  # fmt: skip
app.add_typer(skills_app, name="skills")


@skills_app.command("run")
def run_cmd(
    role_class: Annotated[str, typer.Option("--role-class", help="The tasks' role class (`worktrial tasks`).")],
    consumer: Annotated[list[str], typer.Option("--consumer", help="An agent spec that uses skills (repeatable).")],
    creator: Annotated[
        list[str], typer.Option("--creator", help="`offline` or a model id that writes skills (repeatable).")
    ],
    suite: SuiteOpt = None,
    task: Annotated[
        list[str] | None, typer.Option("--task", help="Only these tasks of the class (repeatable).")
    ] = None,
    train: Annotated[int, typer.Option("--train", help="Training tasks the creators learn from.")] = 2,
    heldout: Annotated[int, typer.Option("--heldout", help="Held-out tasks the skills are measured on.")] = 2,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the train/held-out split.")] = 0,
    repeats: Annotated[int, typer.Option("--repeats")] = 1,
    concurrency: Annotated[int, typer.Option("--concurrency")] = 2,
    judge: Annotated[
        str | None, typer.Option("--judge", help="LLM judge spec for rubric rows (docs/judge.md).")
    ] = None,
    sandbox: SandboxOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="The experiment as JSON.")] = False,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Baseline job, skills distilled per consumer × creator, skill job on held-out tasks; print the matrix."""
    from ..run.skill_transfer import SkillPlan, SkillTransfer
    from ..store import Home
    from .run import execute_job, open_runner, report_errors

    plan = SkillPlan(
        suites=[str(s) for s in (suite or default_suites())],
        role_class=role_class,
        consumers=consumer,
        creators=creator,
        train=train,
        heldout=heldout,
        seed=seed,
        repeats=repeats,
        concurrency=concurrency,
        sandbox=sandbox or "bwrap",
        judge=judge,
        tasks=task or [],
    )

    def body() -> dict[str, Any]:
        runner = open_runner(home, store_at)

        def run_job(job_id: str, config: Any) -> Any:
            rows = execute_job(runner, job_id, config, as_json=False, quiet=as_json)
            # Void trials are listed, but do not stop the experiment: a cell counts the instances scored both ways.
            with contextlib.suppress(typer.Exit):
                report_errors(job_id, rows)
            return rows

        exp = SkillTransfer(runner, Home.default(home).ensure(), run_job).run(plan)
        return _finish(exp.folder, exp.as_json())

    doc = guarded(body)
    if as_json:
        print(json.dumps(doc, indent=2))
    else:
        _print(doc)


@skills_app.command("show")
def show_cmd(
    experiment: Annotated[str, typer.Argument(help="The experiment id `skills run` printed.")],
    as_json: Annotated[bool, typer.Option("--json")] = False,
    home: HomeOpt = None,
) -> None:
    """An experiment's matrix again, from its folder."""
    from ..run.skill_transfer import load_experiment
    from ..store import Home

    doc = guarded(lambda: load_experiment(Home.default(home).ensure(), experiment))
    if as_json:
        print(json.dumps(doc, indent=2))
    else:
        _print(doc)


def _finish(folder: Path, doc: dict[str, Any]) -> dict[str, Any]:
    from ..analysis.skill_matrix import Cell, render_matrix_html

    cells = [Cell(**c) for c in doc["matrix"]]
    (folder / "matrix.html").write_text(render_matrix_html(doc, cells), encoding="utf-8")
    doc["folder"] = str(folder)
    return doc


def _print(doc: dict[str, Any]) -> None:
    from ..analysis.skill_matrix import MATRIX_HEAD, Cell, matrix_rows

    table = Table(*MATRIX_HEAD, title=f"skill transfer {doc['experiment']} ({doc['plan']['role_class']})")
    for row in matrix_rows(Cell(**c) for c in doc["matrix"]):
        table.add_row(*row)
    out.print(table)
    out.print(f"baseline job {doc['baseline_job']}, skill job {doc['skill_job'] or '—'}", markup=False)
    if doc.get("folder"):
        out.print(f"skills, matrix.json and matrix.html in {doc['folder']}", markup=False)
