"""The hard-rule pass rate beside the rubric, and each dimension's mean, by agent and by a metadata column;
void and engagement trials count nowhere."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from worktrial.analysis.rubric_report import rubric_summary

DIMS = ("grounded_accuracy", "task_relevance", "substantive_depth", "practical_utility", "communication_quality")


def trial(agent: str, gates_ok: bool, rubric: float | None, dims: int = 5, role: str = "finance_ops",
          status: str = "done", kind: str = "deliverable") -> Any:  # fmt: skip
    comps: list[dict[str, Any]] = [{"kind": "exists", "gate": True, "value": 1.0 if gates_ok else 0.0}]
    if rubric is not None:
        comps.append({"kind": "rubric", "value": rubric, "dimensions": {d: float(dims) for d in DIMS}})
    card = {"components": comps}
    return SimpleNamespace(agent=agent, status=status, meta={"kind": kind, "role_class": role}, scorecard=card)


def test_rates_means_and_dimensions_by_agent() -> None:
    rows = rubric_summary(
        [
            trial("a", True, 0.8, dims=8),
            trial("a", False, 0.4, dims=4),
            trial("a", True, None),  # not judged: in the rule rate, not in the rubric mean
            trial("a", True, 0.9, status="error"),  # void: nowhere
            trial("a", True, 0.9, kind="engagement"),  # not a deliverable: nowhere
            trial("b", True, 0.5, dims=5),
        ]
    )
    (a, b) = rows
    assert (a.agent, a.trials, a.rules_passed, a.judged) == ("a", 3, 2, 2)
    assert a.rules_rate == pytest.approx(2 / 3) and a.rubric_mean == pytest.approx(0.6)
    assert a.dimension_means["grounded_accuracy"] == pytest.approx(6.0)
    assert (b.trials, b.rubric_mean) == (1, pytest.approx(0.5))


def test_grouped_by_role_class() -> None:
    rows = rubric_summary(
        [trial("a", True, 0.8, role="hr_admin"), trial("a", True, 0.2, role="marketing")], "role_class"
    )
    assert [(r.group, r.rubric_mean) for r in rows] == [
        ("hr_admin", pytest.approx(0.8)),
        ("marketing", pytest.approx(0.2)),
    ]
