"""Statistics over trials (docs/reporting.md): the public names of `resampling`, `summaries` and
`comparisons`, and the small per-agent summary the CLI prints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any

from .resampling import (
    SEED,
)
from .summaries import (
    Summary,
    summarise,
)
from .table import TrialTable

# ---------------------------------------------------------------- the original per-trial API


@dataclass(frozen=True)
class TrialScore:
    instance: str
    agent: str
    status: str
    score: float | None
    solved: bool | None
    uplift: float | None
    contact_cost: float | None
    incidents: tuple[str, ...] = ()


def table_from_scores(trials: Sequence[TrialScore]) -> TrialTable:
    def record(t: TrialScore) -> Any:
        card: dict[str, Any] = {"contact_cost": t.contact_cost}
        return SimpleNamespace(
            job_id="",
            instance=t.instance,
            agent=t.agent,
            repeat=0,
            status=t.status,
            score=t.score,
            solved=t.solved,
            uplift=t.uplift,
            contact_cost=t.contact_cost if t.contact_cost is not None else (0.0 if t.score is not None else None),
            incidents=list(t.incidents),
            scorecard=card,
            meta=None,
            started=None,
            finished=None,
        )

    return TrialTable.from_records(record(t) for t in trials)


def summarise_agent(agent: str, trials: Sequence[TrialScore], seed: int = SEED) -> Summary:
    """The summary of `trials`, all taken as `agent`'s."""
    rows = summarise(table_from_scores([replace(t, agent=agent) for t in trials]), seed=seed)
    if not rows:
        return Summary((agent,), 0, 0, 0, 0, None, None, None, 0, None, None, None, 0)
    return rows[0]


def summarise_job(trials: Sequence[TrialScore], seed: int = SEED) -> list[Summary]:
    return summarise(table_from_scores(trials), seed=seed)
