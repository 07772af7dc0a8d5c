from __future__ import annotations

import numpy as np
import pytest

from worktrial.analysis import TrialScore, bootstrap_ci, summarise_agent


def _t(inst: str, score: float | None, status: str = "done", solved: bool = False) -> TrialScore:
    return TrialScore(inst, "a", status, score, solved if status == "done" else None, score, 0.0)


def test_mean_over_repeats_then_instances() -> None:
    s = summarise_agent("a", [_t("x", 1.0), _t("x", 0.0), _t("y", 1.0)])
    assert s.mean == pytest.approx((0.5 + 1.0) / 2)  # not the trial mean 2/3


def test_floor_applies_to_averages_only() -> None:
    s = summarise_agent("a", [_t("x", -5.0), _t("y", 1.0)])
    assert s.mean == pytest.approx(0.0)  # (-1 + 1) / 2


def test_errors_are_counted_never_averaged() -> None:
    s = summarise_agent("a", [_t("x", 1.0, solved=True), _t("y", None, status="error")])
    assert s.errors == 1 and s.mean == 1.0 and s.instances == 1 and s.solved == 1


def test_bootstrap_is_seeded_and_brackets_the_mean() -> None:
    x = np.random.default_rng(1).normal(0.5, 0.2, size=30)
    lo, hi = bootstrap_ci(x, seed=3)
    assert (lo, hi) == bootstrap_ci(x, seed=3)
    assert lo < x.mean() < hi and hi - lo < 0.3
