"""Engagement score: normalised KPI uplift, incident clamp, contact cost (docs/scoring.md)."""

from __future__ import annotations

from collections.abc import Sequence

from .production import KpiOutcome
from .scorecard import Component, ScoreCard

DEGENERATE_RANGE = 1e-9


def uplift(kpi: float, baseline: float, reference: float) -> float:
    """U = (KPI − baseline) / (reference − baseline); the task is broken if reference ≈ baseline."""
    span = reference - baseline
    if abs(span) < DEGENERATE_RANGE:
        raise ValueError(f"reference KPI {reference} equals baseline {baseline}: the task cannot be scored")
    return (kpi - baseline) / span


def score_engagement(
    outcome: KpiOutcome,
    baseline: float,
    reference: float,
    contact_cost: float,
    incidents: Sequence[str],
    facts: Sequence[str],
    key_facts: Sequence[str],
    questions_asked: int,
    solved_at: float = 0.8,
) -> ScoreCard:
    """S = U_adj − C with U_adj = min(U, 0) under any incident; solved iff S ≥ solved_at and no incident."""
    all_incidents = sorted(set(incidents) | set(outcome.incidents))
    u = uplift(outcome.kpi, baseline, reference)
    u_adj = min(u, 0.0) if all_incidents else u
    s = u_adj - contact_cost
    covered = [f for f in key_facts if f in set(facts)]
    return ScoreCard(
        status="done",
        score=round(s, 6),
        solved=s >= solved_at and not all_incidents,
        incidents=all_incidents,
        components=[
            Component(
                name="uplift",
                kind="kpi",
                value=round(u_adj, 6),
                evidence=f"{outcome.kpi_name}={outcome.kpi:g} (baseline {baseline:g}, reference {reference:g})",
            ),
            Component(
                name="contact_cost",
                kind="cost",
                value=round(-contact_cost, 6),
                evidence=f"{questions_asked} question(s); waits and pilots included",
            ),
        ],
        kpi=outcome.kpi,
        kpi_name=outcome.kpi_name,
        kpi_baseline=baseline,
        kpi_reference=reference,
        uplift=round(u, 6),
        uplift_adj=round(u_adj, 6),
        contact_cost=round(contact_cost, 6),
        facts_obtained=sorted(set(facts)),
        key_fact_coverage=round(len(covered) / len(key_facts), 6) if key_facts else None,
        questions_asked=questions_asked,
        details={"grader": outcome.details, "production_run": outcome.run},
    )
