"""`worktrial show TRIAL`: one trial's score card, as its worker may see it or, with `--author`, in full."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table
from sqlalchemy.exc import NoResultFound

from ..grading import ScoreCard, worker_view
from ..store import Store
from .common import HomeOpt, StoreOpt, app, err, guarded, open_store, out


def find_trial(store: Store, trial_id: str) -> str:
    """The stored trial `trial_id`, the one trial whose id ends with it (`oil_npt.base.L3.noop.r0`), or the one
    trial of the job `trial_id` (a workspace's id is its job's)."""
    try:
        return store.trial(trial_id).id
    except NoResultFound:
        pass
    jobs = store.jobs()
    if trial_id in {job.id for job in jobs} and len(only := store.trials(trial_id)) == 1:
        return only[0].id
    hits = [t.id for job in jobs for t in store.trials(job.id) if t.id.endswith("/" + trial_id)]
    if len(hits) == 1:
        return hits[0]
    why = "matches several trials; give the whole id" if hits else "is not a trial in the store"
    err.print(f"{trial_id} {why} (`worktrial run --json` prints trial ids)", markup=False)
    raise typer.Exit(2)


def print_card(card: ScoreCard, title: str) -> None:
    head = Table("field", "value", title=escape(title), show_header=False)
    for name in ("status", "score", "solved", "uplift", "contact_cost", "kpi", "kpi_baseline", "kpi_reference"):
        value = getattr(card, name)
        if value is not None:
            head.add_row(name, str(value))
    for name in ("error", "error_kind"):
        if getattr(card, name):
            head.add_row(name, escape(str(getattr(card, name))))
    for incident in card.incidents:
        head.add_row("incident", escape(incident))
    out.print(head)
    if card.components:
        rows = Table("component", "kind", "value", "weight", "gate", "evidence")
        for c in card.components:
            value = "—" if c.value is None else f"{c.value:g}"
            rows.add_row(escape(c.name), c.kind, value, f"{c.weight:g}", "yes" if c.gate else "", escape(c.evidence))
        out.print(rows)


@app.command()
def show(
    trial: Annotated[str, typer.Argument(help="A trial id, or its unique tail (instance.agent.rN).")],
    author: Annotated[
        bool, typer.Option("--author", help="Everything, hidden reference values included (for task authors).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="The score card as JSON.")] = False,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """One trial's score card. Without --author, what its worker may see: hidden values are redacted."""

    def body() -> None:
        store = open_store(home, store_at)
        row = store.trial(find_trial(store, trial))
        if row.scorecard is None:
            err.print(f"{row.id} has no score card yet (status {row.status})", markup=False)
            raise typer.Exit(2)
        card = ScoreCard.model_validate(row.scorecard)
        card = card if author else worker_view(card)
        if as_json:
            print(json.dumps({"trial": row.id, **card.model_dump(mode="json")}, indent=2, sort_keys=True))
        else:
            print_card(card, f"{row.id} ({'author view' if author else 'worker view: hidden values redacted'})")

    guarded(body)


__all__ = ["find_trial", "print_card", "show"]
