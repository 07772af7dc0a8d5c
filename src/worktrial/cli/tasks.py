"""`worktrial tasks` and `worktrial lint`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from statistics import fmean
from typing import Annotated

import typer
from rich.table import Table

from ..tasks import FamilyPlaytests, SuitePlaytests, find_family_roots, lint_path, load_suite, suite_playtests
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


@app.command()
def playtests(
    suite: SuiteOpt = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 unless every family and the suite meet the targets.")
    ] = False,
) -> None:
    """The blind-playtest record of each family against the difficulty targets (docs/authoring.md)."""

    def body() -> None:
        roots = [r for s in (suite or default_suites()) for r in find_family_roots(s)]
        record = suite_playtests([(r.name, r) for r in roots])
        recorded = [f for f in record.families if f.runs or f.problems]
        unrecorded = len(record.families) - len(recorded)
        if as_json:
            print(json.dumps(_playtests_json(record, unrecorded), indent=2))
        else:
            _print_playtests(record, recorded, unrecorded)
        for f in record.families:
            for p in f.problems:
                print(p, file=sys.stderr)
        failing = any(f.shortfalls() or f.problems for f in recorded) or record.shortfalls()
        if check and failing:
            raise typer.Exit(1)

    guarded(body)


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def _print_playtests(record: SuitePlaytests, recorded: list[FamilyPlaytests], unrecorded: int) -> None:
    table = Table("family", "runs", "fair", "hard (latest per instance)", "hard mean", "short of the targets")
    for f in recorded:
        hard = ", ".join(
            f"{r.variant}{'/' + r.level if r.level else ''} {_fmt(r.score)}" for r in f.hard_latest.values()
        )
        table.add_row(
            f.family, str(len(f.runs)), _fmt(f.fair_score), hard, _fmt(f.hard_mean), "; ".join(f.shortfalls())
        )
    out.print(table)
    scores = record.hard_scores
    if scores:
        out.print(
            f"suite: {len(scores)} hard instances, mean {fmean(scores):.3f}, max {max(scores):.3f}, "
            f"min {min(scores):.3f}; " + ("; ".join(record.shortfalls()) or "meets the targets")
        )
    if unrecorded:
        out.print(f"{unrecorded} famil{'y has' if unrecorded == 1 else 'ies have'} no playtest record")


def _playtests_json(record: SuitePlaytests, unrecorded: int) -> dict[str, object]:
    scores = record.hard_scores
    return {
        "families": [
            {
                "family": f.family,
                "runs": len(f.runs),
                "fair": f.fair_score,
                "hard": {i: r.score for i, r in f.hard_latest.items()},
                "hard_mean": f.hard_mean,
                "shortfalls": f.shortfalls(),
                "problems": [str(p) for p in f.problems],
            }
            for f in record.families
            if f.runs or f.problems
        ],
        "suite": {
            "hard_instances": len(scores),
            "hard_mean": fmean(scores) if scores else None,
            "max": max(scores, default=None),
            "min": min(scores, default=None),
            "shortfalls": record.shortfalls(),
        },
        "unrecorded_families": unrecorded,
    }
