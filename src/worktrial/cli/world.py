"""`worktrial world check`: run a family's gate checks (hidden/gate_checks.toml) and report their accuracy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..tasks import Family, Problem, TaskFormatError, load_family
from ..world import GateReport, run_gate_checks
from .common import app, default_suites, err, guarded, out

world_app = typer.Typer(no_args_is_help=True, help="The simulated client organisation of engagements.")
app.add_typer(world_app, name="world")


def _family(name: Path) -> Family:
    if (name / "task.toml").is_file():
        return load_family(name)
    for suite in default_suites():
        for candidate in (suite / name, *suite.glob(f"*/{name}")):
            if (candidate / "task.toml").is_file():
                return load_family(candidate)
    raise TaskFormatError([Problem(str(name), "", "no task family here", "pass a family folder or a bundled id")])


@world_app.command("check")
def check(
    family: Annotated[Path, typer.Argument(help="Family folder, or the id of a bundled family.")],
    file: Annotated[Path | None, typer.Option("--file", help="Check file (default hidden/gate_checks.toml).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines: one per case, then a summary.")] = False,
) -> None:
    """Judge every message of the gate check file; exit 1 unless each gate meets the standard."""

    def body() -> GateReport:
        fam = _family(family)
        path = file or fam.paths.gate_checks
        if not path.is_file():
            raise TaskFormatError([Problem(str(path), "", "file is missing", "write gate checks (docs/world.md)")])
        return run_gate_checks(fam, path)

    report = guarded(body)
    if as_json:
        _print_json(report)
    else:
        _print_tables(report)
    if not report.ok:
        raise typer.Exit(1)


def _print_json(report: GateReport) -> None:
    for r in report.results:
        row = {"case": r.index, "target": r.case.target, "expect": r.case.expect, "got": r.got, "ok": r.ok}
        print(json.dumps(row | {"note": r.case.note, "detail": r.detail}))
    summary = {"accuracy": round(report.accuracy, 4), "ok": report.ok, "shortfalls": report.shortfalls()}
    print(json.dumps({"summary": summary}))


def _print_tables(report: GateReport) -> None:
    wrong = [r for r in report.results if not r.ok]
    if wrong:
        table = Table("case", "target", "expect", "got", "note", "detail", title="wrong outcomes")
        for r in wrong:
            table.add_row(str(r.index), r.case.target, r.case.expect, r.got, r.case.note, r.detail[:160])
        out.print(table)
    table = Table("target", "passing", "failing", "right", title=f"gate checks ({report.path})")
    for target, tally in report.targets.items():
        total = tally.passing + tally.failing
        table.add_row(target, str(tally.passing), str(tally.failing), f"{tally.right}/{total}")
    out.print(table)
    out.print(f"accuracy {report.accuracy:.1%} over {len(report.results)} cases")
    for line in report.shortfalls():
        err.print(line, markup=False)
