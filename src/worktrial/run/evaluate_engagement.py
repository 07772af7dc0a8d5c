"""Engagement reward: deploy the delivered system on unseen data, KPI uplift between anchors, minus contact cost."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..grading import ScoreCard, left_out_component, measure, score_engagement
from ..world import LedgerSummary

if TYPE_CHECKING:
    from .trial import Delivered, TrialContext, TrialSpec


def evaluate_engagement(
    spec: TrialSpec,
    ctx: TrialContext,
    delivered: Delivered,
    incidents: list[str],
    summary: LedgerSummary,
    scratch: Path,
) -> ScoreCard:
    instance = spec.instance
    facts = frozenset(summary.facts)
    anchors = ctx.anchors.get(instance, ctx)
    outcome = measure(instance, delivered.snapshot, facts, scratch, ctx.sandbox, ctx.cache_dir)
    card = score_engagement(
        outcome,
        anchors.baseline,
        anchors.reference,
        summary.contact_cost,
        incidents,
        sorted(facts),
        instance.key_facts,
        summary.questions_asked,
        instance.config.anchors.solved_at,
    )
    card.details["asked_by_person"] = summary.asked_by_person
    left_out = left_out_component([*delivered.left_out, *(f"/out: {line}" for line in outcome.left_out)])
    if left_out is not None:
        card.components.append(left_out)
    return card
