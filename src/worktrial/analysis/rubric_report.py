"""EnterpriseClawBench's view of deliverable trials: the share whose hard rules (gates) all held beside the
judged rubric score, each rubric dimension's mean, per agent and optionally per role class or deliverable type.

Read from the stored score cards; trials that are not done (void, unfinished) count nowhere, as in every mean.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..tasks.rubric import RUBRIC_DIMENSIONS


@dataclass(frozen=True)
class RubricRow:
    agent: str
    group: str  # the --by value, or "" for all
    trials: int  # done deliverable trials
    rules_passed: int  # of them, those whose gates all held
    judged: int  # of them, those with a judged rubric
    rubric_mean: float | None
    dimension_means: dict[str, float | None] = field(default_factory=dict)

    @property
    def rules_rate(self) -> float | None:
        return self.rules_passed / self.trials if self.trials else None


def _rubric(card: dict[str, Any]) -> tuple[float | None, dict[str, float]]:
    for c in card.get("components") or []:
        if c.get("kind") == "rubric" and c.get("value") is not None:
            return float(c["value"]), {k: float(v) for k, v in (c.get("dimensions") or {}).items()}
    return None, {}


def rubric_summary(trials: Iterable[Any], by: str | None = None) -> list[RubricRow]:
    """`trials`: stored trial rows (agent, status, meta, scorecard)."""
    cells: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for t in trials:
        meta = t.meta or {}
        if t.status != "done" or meta.get("kind") != "deliverable" or not t.scorecard:
            continue
        group = str(meta.get(by) or "—") if by else ""
        cells[(t.agent, group)].append(t.scorecard)
    out = []
    for (agent, group), cards in sorted(cells.items()):
        passed = sum(
            1 for c in cards if all((x.get("value") or 0) >= 1 for x in c.get("components", []) if x.get("gate"))
        )
        rubrics = [_rubric(c) for c in cards]
        judged = [(v, d) for v, d in rubrics if v is not None]
        dims: dict[str, float | None] = {}
        for d in RUBRIC_DIMENSIONS:
            vals = [dd[d] for _, dd in judged if d in dd]
            dims[d] = sum(vals) / len(vals) if vals else None
        mean = sum(v for v, _ in judged if v is not None) / len(judged) if judged else None
        out.append(RubricRow(agent, group, len(cards), passed, len(judged), mean, dims))
    return out


def rubric_json(rows: Sequence[RubricRow]) -> list[dict[str, Any]]:
    return [
        {
            "agent": r.agent,
            "group": r.group,
            "trials": r.trials,
            "rules_passed": r.rules_passed,
            "rules_rate": r.rules_rate,
            "judged": r.judged,
            "rubric_mean": r.rubric_mean,
            "dimension_means": r.dimension_means,
        }
        for r in rows
    ]


__all__ = ["RubricRow", "rubric_json", "rubric_summary"]
