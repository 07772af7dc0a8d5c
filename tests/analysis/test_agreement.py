"""Agreement statistics against cases worked by hand: Spearman's ρ with and without ties, undefined cases, MAE,
and the table of rater pairs per route."""

from __future__ import annotations

import math

import pytest

from worktrial.analysis.agreement import agree, agreement_table, ranks, spearman


def test_ranks_share_ties() -> None:
    assert ranks([10, 20, 20, 5]) == [2.0, 3.5, 3.5, 1.0]


def test_spearman_by_hand() -> None:
    # d = 0, 1, 1, 0: ρ = 1 − 6·2 / (4·15) = 0.8
    assert spearman([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)
    assert spearman([1, 2, 3], [30, 20, 10]) == pytest.approx(-1.0)
    # ties: ranks (1.5, 1.5, 3, 4) against (1, 2, 3, 4): 4.5 / √(4.5 · 5)
    assert spearman([1, 1, 2, 3], [1, 2, 3, 4]) == pytest.approx(4.5 / math.sqrt(22.5))
    assert spearman([0.5, 0.5, 0.5], [1, 2, 3]) is None  # one rater gave every trial the same value
    assert spearman([1.0], [2.0]) is None


def test_agree_uses_the_trials_both_rated() -> None:
    a = {"t1": 0.5, "t2": 0.7, "t3": 0.9}
    b = {"t1": 0.6, "t2": 0.4}
    row = agree("A", "B", a, b, "all")
    assert (row.n, row.mean_a, row.mean_b) == (2, pytest.approx(0.6), pytest.approx(0.5))
    assert row.mae == pytest.approx(0.2) and row.rho == pytest.approx(-1.0)


def test_the_table_has_every_pair_and_only_routes_with_trials() -> None:
    scores = {"A": {"x": 0.1, "y": 0.5, "z": 0.9}, "B": {"x": 0.2, "y": 0.4, "z": 0.8}, "human": {"x": 0.3, "z": 0.2}}
    rows = agreement_table(scores, {"x": "text", "y": "text", "z": "visual"})
    keys = [(r.a, r.b, r.route) for r in rows]
    assert keys == [
        ("A", "B", "all"), ("A", "B", "text"), ("A", "B", "visual"),
        ("A", "human", "all"), ("A", "human", "text"), ("A", "human", "visual"),
        ("B", "human", "all"), ("B", "human", "text"), ("B", "human", "visual"),
    ]  # fmt: skip
    ab = rows[0]
    assert ab.n == 3 and ab.rho == pytest.approx(1.0) and ab.mae == pytest.approx(0.1)
    visual = rows[2]
    assert visual.n == 1 and visual.rho is None
