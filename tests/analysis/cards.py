"""Small builders of trial records (the attributes of a stored trial) for the analysis tests."""

from __future__ import annotations

from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any

from worktrial.analysis import TrialTable
from worktrial.grading import ScoreCard


def record(
    instance: str,
    agent: str = "a",
    *,
    score: float | None = None,
    uplift_adj: float | None = None,
    cost: float = 0.0,
    status: str = "done",
    solved: bool = False,
    incidents: list[str] | None = None,
    repeat: int = 0,
    job: str = "job",
    meta: dict[str, Any] | None = None,
    card: dict[str, Any] | None = None,
    wall_s: float | None = None,
) -> SimpleNamespace:
    """A trial as the store holds it. `score` defaults to uplift_adj − cost (S = U_adj − C)."""
    if uplift_adj is None and card is not None and isinstance(card.get("uplift_adj"), float | int):
        uplift_adj = float(card["uplift_adj"])
    if score is None and uplift_adj is not None:
        score = uplift_adj - cost
    if card is None:
        card = {"status": status, "score": score, "uplift_adj": uplift_adj, "contact_cost": cost}
    started = datetime(2026, 1, 5, 9, 0)
    return SimpleNamespace(
        job_id=job,
        instance=instance,
        agent=agent,
        repeat=repeat,
        status=status,
        score=score if status == "done" else None,
        solved=solved if status == "done" else None,
        uplift=card.get("uplift", uplift_adj),
        contact_cost=cost if status == "done" else None,
        incidents=incidents or [],
        scorecard=card,
        meta=meta,
        started=started,
        finished=started + timedelta(seconds=wall_s) if wall_s is not None else None,
    )


def from_card(card: ScoreCard, instance: str, agent: str = "a", repeat: int = 0) -> SimpleNamespace:
    """A stored trial whose columns are filled from a score card, as `Store.finish_trial` does."""
    data = card.model_dump(mode="json")
    done = card.status == "done"
    return SimpleNamespace(
        job_id="job",
        instance=instance,
        agent=agent,
        repeat=repeat,
        status=card.status,
        score=card.score if done else None,
        solved=card.solved if done else None,
        uplift=card.uplift if done else None,
        contact_cost=card.contact_cost if done else None,
        incidents=card.incidents if done else [],
        scorecard=data,
        meta=None,
        started=None,
        finished=None,
    )


def table(*records: SimpleNamespace) -> TrialTable:
    return TrialTable.from_records(records)
