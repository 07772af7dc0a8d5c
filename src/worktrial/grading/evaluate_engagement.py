"""Engagement reward: deploy the delivered system on unseen data, KPI uplift between anchors, minus contact cost."""

from __future__ import annotations

from .engagement import score_engagement
from .evaluation import Evaluation
from .production import measure
from .scorecard import ScoreCard, left_out_component
from .taskcode import GraderError


def evaluate_engagement(e: Evaluation) -> ScoreCard:
    instance = e.instance
    if e.anchors is None:
        # The job's anchor phase computes every anchor before any trial runs: grading never computes one.
        raise GraderError(f"{instance.id}: no anchors were given to grading (the job's anchor phase must run first)")
    outcome = measure(
        instance, e.snapshot, e.facts, e.scratch, e.sandbox, e.cache_dir, baseline_out=e.anchors.baseline_out
    )
    card = score_engagement(
        outcome,
        e.anchors.baseline,
        e.anchors.reference,
        e.contact_cost,
        list(e.incidents),
        sorted(e.facts),
        instance.key_facts,
        e.questions_asked,
        instance.config.anchors.solved_at,
    )
    card.details["asked_by_person"] = dict(e.asked_by_person)
    left_out = left_out_component([*e.left_out, *(f"/out: {line}" for line in outcome.left_out)])
    if left_out is not None:
        card.components.append(left_out)
    return card
