"""A job report: every figure `worktrial report` shows, computed once from a `TrialTable`, and its JSON form."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from .comparisons import (
    Comparison,
    LevelDelta,
    Matrix,
    VarianceDecomposition,
    agent_instance_matrix,
    level_deltas,
    variance_decomposition,
)
from .resampling import CONFIDENCE, FLOOR, RESAMPLES, SEED
from .summaries import Effort, PassK, Summary, effort, pass_k, summarise
from .table import TrialTable, field_name

DEFAULT_BREAKDOWN = "family"


@dataclass(frozen=True)
class TrialLink:
    """One trial of the report, linked to its page in the run viewer (`worktrial serve`)."""

    id: str
    instance: str
    agent: str
    status: str
    score: float | None


@dataclass(frozen=True)
class Report:
    jobs: list[str]
    resamples: int
    seed: int
    confidence: float
    floor: float
    cluster: str | None
    trials: int
    errors: int
    unfinished: int
    headline: list[Summary]
    by: str | None
    breakdown: list[Summary]
    effort: list[Effort]
    discovery: list[Effort]
    pass_k: list[PassK]
    levels: list[Summary]
    level_deltas: list[LevelDelta]
    variance: VarianceDecomposition | None
    matrix: Matrix


def build_report(
    table: TrialTable,
    jobs: Sequence[str],
    by: str | None = DEFAULT_BREAKDOWN,
    cluster: str | None = None,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    confidence: float = CONFIDENCE,
    with_effort: bool = True,
) -> Report:
    """All statistics of a report (the breakdown only with `by`, effort and discovery only `with_effort`).

    Several jobs are pooled: one agent's trials on one instance in two jobs count as repeats of each other.
    """
    by_col = field_name(by) if by else None
    cluster_col = field_name(cluster) if cluster else None
    kw: dict[str, Any] = {"resamples": resamples, "seed": seed, "level": confidence}
    breakdown: list[Summary] = []
    if by_col is not None:
        inner = cluster_col if cluster_col != by_col else None  # one cluster per group would say nothing
        breakdown = summarise(table, ("agent", by_col), cluster=inner, **kw)
    return Report(
        jobs=list(jobs),
        resamples=resamples,
        seed=seed,
        confidence=confidence,
        floor=FLOOR,
        cluster=cluster_col,
        trials=len(table),
        errors=int(table.errors.sum()),
        unfinished=int(np.sum((table.status != "done") & (table.status != "error"))),
        headline=summarise(table, ("agent",), cluster=cluster_col, **kw),
        by=by_col,
        breakdown=breakdown,
        effort=effort(table) if with_effort else [],
        discovery=effort(table.where(table.kind != "deliverable")) if with_effort else [],
        pass_k=pass_k(table),
        levels=summarise(table, ("agent", "level"), cluster=cluster_col, **kw),
        level_deltas=level_deltas(table, **kw),
        variance=variance_decomposition(table),
        matrix=agent_instance_matrix(table),
    )


def _clean(x: Any) -> Any:
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {str(k): _clean(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_clean(v) for v in x]
    return x


def summary_json(s: Summary, names: Sequence[str]) -> dict[str, Any]:
    d = asdict(s)
    key = d.pop("key")
    return {**dict(zip(names, key, strict=True)), **d}


def report_json(r: Report) -> dict[str, Any]:
    out: dict[str, Any] = _clean(
        {
            "jobs": r.jobs,
            "settings": {
                "resamples": r.resamples,
                "seed": r.seed,
                "confidence": r.confidence,
                "floor": r.floor,
                "cluster": r.cluster,
                "averaging": "max(U_adj, floor) - C per trial; mean over repeats, then over instances",
            },
            "trials": r.trials,
            "errors": r.errors,
            "unfinished": r.unfinished,
            "headline": [summary_json(s, ["agent"]) for s in r.headline],
            "breakdown": {"by": r.by, "rows": [summary_json(s, ["agent", r.by or ""]) for s in r.breakdown]},
            "effort": [{"agent": e.key[0], **{k: v for k, v in asdict(e).items() if k != "key"}} for e in r.effort],
            "discovery": [
                {"agent": e.key[0], **{k: v for k, v in asdict(e).items() if k != "key"}} for e in r.discovery
            ],
            "pass_k": [asdict(p) for p in r.pass_k],
            "levels": [summary_json(s, ["agent", "level"]) for s in r.levels],
            "level_deltas": [asdict(d) for d in r.level_deltas],
            "variance": asdict(r.variance) if r.variance else None,
            "matrix": asdict(r.matrix),
        }
    )
    return out


def comparison_json(job_a: str, job_b: str, rows: Sequence[Comparison]) -> dict[str, Any]:
    out: dict[str, Any] = _clean({"job_a": job_a, "job_b": job_b, "diff": "B - A", "rows": [asdict(c) for c in rows]})
    return out


def fmt(x: float | None, digits: int = 3) -> str:
    """A figure for a table: fixed digits, or an em dash where there is none."""
    return "—" if x is None else f"{x:.{digits}f}"


def effort_cells(e: Effort) -> list[str]:
    """One effort row as shown by the terminal and the HTML report: agent, counted, C, questions, key facts,
    actions, tokens, USD, wall s."""
    return [
        e.key[0], str(e.done), fmt(e.mean_cost), fmt(e.mean_questions, 1), fmt(e.mean_coverage, 2),
        fmt(e.mean_actions, 1), fmt(e.mean_tokens, 0), fmt(e.mean_usd, 3), fmt(e.mean_wall_s, 1),
    ]  # fmt: skip
