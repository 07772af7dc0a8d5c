"""Identical agents compare as exactly equal: differences below numeric noise are 0 with p = 1, while the smallest
real difference a score card can hold (1e-6) is kept."""

from __future__ import annotations

import numpy as np
import pytest

from worktrial.analysis import TrialTable, compare_tables, paired_bootstrap, resampling
from worktrial.analysis.resampling import NOISE

from .cards import record

VALUES = [0.1, 0.2, 0.3]


def _job(job: str, order: list[float], shift: float = 0.0) -> TrialTable:
    # The same trials stored in another order: their per-instance means differ in the last bits.
    rows = [
        record(f"fam/v{i}/L3", "agent", uplift_adj=v + shift, repeat=r, job=job)
        for i in range(4)
        for r, v in enumerate(order)
    ]
    return TrialTable.from_records(rows)


def test_identical_agents_differ_by_exactly_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = _job("a", VALUES), _job("b", VALUES[::-1])
    means_a = np.mean(VALUES)
    with monkeypatch.context() as m:  # without the noise rule these two jobs "differ"
        m.setattr(resampling, "NOISE", 0.0)
        raw = compare_tables(a, b)[0]
        assert raw.diff != 0.0 and abs(raw.diff) < 1e-15
    for c in compare_tables(a, b):
        assert c.diff == 0.0 and (c.ci_low, c.ci_high) == (0.0, 0.0) and c.p_value == 1.0, c
        assert abs(c.mean_a - means_a) < 1e-12


def test_noise_is_zeroed_per_unit_but_real_differences_stay() -> None:
    x = np.array([0.1 + 0.2, 0.5, 0.9])
    d = paired_bootstrap(x, np.array([0.3, 0.5, 0.9]))
    assert d.diff == 0.0 and d.p_value == 1.0
    [overall, *_] = compare_tables(_job("a", VALUES), _job("b", VALUES, shift=1e-6))
    assert overall.diff > NOISE and abs(overall.diff - 1e-6) < 1e-12 and overall.ci_low > 0
