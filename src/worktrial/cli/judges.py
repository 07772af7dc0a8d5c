"""`worktrial judges agree|rate`: how far judges agree with each other and with people on the same deliverables
(docs/judge.md, "Agreement")."""

from __future__ import annotations

import csv
import json
import shutil
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from .common import HomeOpt, StoreOpt, app, err, guarded, open_store, out

judges_app = typer.Typer(help="Judge reliability: agreement between judges and with people.", no_args_is_help=True)
app.add_typer(judges_app, name="judges")

RATING_FIELDS = ("packet", "trial", "grounded_accuracy", "task_relevance", "substantive_depth", "practical_utility",
                 "communication_quality", "comment")  # fmt: skip


def _fmt(v: float | None) -> str:
    return "—" if v is None else f"{v:.3f}"


def _human(path: Path, weights: dict[str, object]) -> dict[str, float]:
    """A person's ratings (the packets' ratings.csv, filled in): each fully rated trial's weighted value in [0, 1]."""
    from ..grading.judge.parse import DimensionScore
    from ..grading.judge.rubric import weighted_score
    from ..tasks.rubric import RUBRIC_DIMENSIONS, RubricWeights

    values: dict[str, float] = {}
    with path.open(newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f), 2):
            cells = [(row.get(d) or "").strip() for d in RUBRIC_DIMENSIONS]
            if not any(cells):
                continue  # not rated yet
            try:
                scores = {d: DimensionScore(float(c), "") for d, c in zip(RUBRIC_DIMENSIONS, cells, strict=True)}
            except ValueError:
                raise typer.BadParameter(f"{path}:{n}: every dimension needs a score from 0 to 10") from None
            if any(not 0 <= s.score <= 10 for s in scores.values()):
                raise typer.BadParameter(f"{path}:{n}: scores run from 0 to 10")
            trial = row.get("trial", "")
            w = weights.get(trial)
            if not isinstance(w, RubricWeights):
                raise typer.BadParameter(f"{path}:{n}: trial {trial!r} is not a judged trial of this job")
            values[trial] = weighted_score(scores, w)
    return values


@judges_app.command("agree")
def agree_cmd(
    job: Annotated[str, typer.Argument(help="The job whose deliverables are judged again.")],
    judge: Annotated[list[str], typer.Option("--judge", help="A judge spec (docs/judge.md); give two or more.")],
    human: Annotated[Path | None, typer.Option("--human", help="A filled ratings.csv from `judges rate`.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Every score and every agreement as JSON.")] = False,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Score every judged deliverable of JOB with each judge; print Spearman ρ, MAE and means per route."""
    from ..analysis.agreement import agreement_table
    from ..run.plan import build_judge
    from ..run.rejudge import RejudgeError, rejudge, rubric_items
    from ..store import Home

    if len(judge) + (human is not None) < 2:
        raise typer.BadParameter("give at least two raters: two --judge, or one --judge and --human")

    def body() -> tuple[dict[str, dict[str, float]], dict[str, str]]:
        store = open_store(home, store_at)
        items = rubric_items(store, job)
        state = Home.default(home).ensure()
        scores: dict[str, dict[str, float]] = {}
        for spec in judge:
            j = build_judge(spec, state)
            assert j is not None
            scores[j.pin.label] = {i.trial: rejudge(i, j) for i in items}
        if human is not None:
            scores["human"] = _human(human, {i.trial: i.rubric.weights for i in items})
        return scores, {i.trial: i.route for i in items}

    try:
        scores, routes = guarded(body)
    except RejudgeError as e:
        err.print(f"judges agree: {e}", markup=False)
        raise typer.Exit(2) from None
    rows = agreement_table(scores, routes)
    if as_json:
        doc = {"scores": scores, "routes": routes, "agreement": [r.__dict__ for r in rows]}
        json.dump(doc, sys.stdout, indent=2)
        print()
        return
    table = Table(
        "rater A", "rater B", "route", "n", "mean A", "mean B", "Spearman ρ", "MAE", title=f"agreement on {job}"
    )
    for r in rows:
        table.add_row(r.a, r.b, r.route, str(r.n), _fmt(r.mean_a), _fmt(r.mean_b), _fmt(r.rho), _fmt(r.mae))
    out.print(table)


@judges_app.command("rate")
def rate_cmd(
    job: Annotated[str, typer.Argument(help="The job whose judged deliverables a person will rate.")],
    out_dir: Annotated[Path, typer.Option("--out", help="A new folder for the packets and ratings.csv.")],
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Write one packet per judged deliverable (the task, the key evidence, the dimensions, the files) and a
    ratings.csv to fill in; `judges agree JOB --human OUT/ratings.csv` reads it back."""
    from ..grading.judge.prompts import DIMENSION_TEXT
    from ..run.rejudge import RejudgeError, rubric_items
    from ..tasks.rubric import RUBRIC_DIMENSIONS

    if out_dir.exists():
        raise typer.BadParameter(f"{out_dir} exists: give a new folder (ratings are never overwritten)")
    try:
        items = guarded(lambda: rubric_items(open_store(home, store_at), job))
    except RejudgeError as e:
        err.print(f"judges rate: {e}", markup=False)
        raise typer.Exit(2) from None
    out_dir.mkdir(parents=True)
    rows = []
    for n, item in enumerate(items, 1):
        packet = out_dir / f"packet-{n:03d}"
        (packet / "files").mkdir(parents=True)
        for path in sorted(item.output.rglob("*")) if item.output.is_dir() else []:
            if path.is_file() and not path.is_symlink():
                target = packet / "files" / path.relative_to(item.output)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
        dims = "\n".join(
            f"- **{d}** (weight {getattr(item.rubric.weights, d):g}): {DIMENSION_TEXT[d]}" for d in RUBRIC_DIMENSIONS
        )
        evidence = "\n".join(f"- {e}" for e in item.rubric.key_evidence) or "- (none given)"
        (packet / "RATE.md").write_text(
            f"# Packet {n:03d}\n\nRate the deliverable in `files/` on each dimension from 0 (missing or wrong) to 10 "
            f"(excellent), using only the task and the files, and write the scores into `ratings.csv` on the line "
            f"of `packet-{n:03d}`.\n\n## The task\n\n{item.task.strip()}\n\n## Key evidence a strong deliverable "
            f"reflects\n\n{evidence}\n\n## Dimensions\n\n{dims}\n",
            encoding="utf-8",
        )
        rows.append({"packet": packet.name, "trial": item.trial})
    with (out_dir / "ratings.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=RATING_FIELDS)
        w.writeheader()
        w.writerows(rows)
    out.print(
        f"wrote {len(items)} packets and {out_dir / 'ratings.csv'}; the agent names are not in the packets",
        markup=False,
    )
