"""The skill-transfer matrix and the offline creator, against figures worked out by hand."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from worktrial.agents.skill_creator import Feedback, distil_offline, feedback_of
from worktrial.analysis.skill_matrix import instance_means, matrix_cell, matrix_rows, void_cell


def test_instance_means_average_repeats_and_drop_void_trials() -> None:
    scores = [("a", 0.2), ("a", 0.4), ("b", None), ("b", 0.9), ("c", None)]
    assert instance_means(scores) == pytest.approx({"a": 0.3, "b": 0.9})


def test_cell_pairs_by_instance_and_bootstraps_the_difference() -> None:
    baseline = {"a": 0.2, "b": 0.4, "c": 0.6, "only_baseline": 1.0}
    with_skill = {"a": 0.5, "b": 0.4, "c": 0.9}
    cell = matrix_cell("react:m", "offline", baseline, with_skill, resamples=2000, seed=3)
    # differences 0.3, 0.0, 0.3 over the three paired instances: Δ = 0.2, baselines 0.4, with skill 0.6
    assert cell.n == 3
    assert (cell.baseline, cell.with_skill, cell.delta) == pytest.approx((0.4, 0.6, 0.2))
    # a resampled mean of three draws from {0.3, 0, 0.3} is k/3 · 0.3 for k = 0..3: the bounds are such means
    possible = {round(k * 0.1, 9) for k in range(4)}
    assert round(cell.ci_low, 9) in possible and round(cell.ci_high, 9) in possible
    assert cell.ci_low <= 0.1 and cell.ci_high == pytest.approx(0.3)


def test_identical_scores_give_exactly_zero() -> None:
    same = {"a": 0.25, "b": 0.75}
    cell = matrix_cell("c", "k", same, dict(same))
    assert (cell.delta, cell.ci_low, cell.ci_high) == (0.0, 0.0, 0.0)


def test_cells_without_pairs_have_no_figures() -> None:
    cell = matrix_cell("c", "k", {"a": 0.5}, {"b": 0.5})
    assert cell.n == 0 and cell.delta is None and "no held-out instance" in cell.note
    failed = void_cell("c", "k", "creator k: an empty answer")
    assert matrix_rows([failed]) == [["c", "k", "0", "—", "—", "—", "—", "creator k: an empty answer"]]


def test_exhaustive_bootstrap_bounds_for_two_units() -> None:
    # with two units (d = 0 and 1) every resample mean is 0, 0.5 or 1 with probabilities 1/4, 1/2, 1/4
    cell = matrix_cell("c", "k", {"a": 0.0, "b": 0.0}, {"a": 0.0, "b": 1.0}, resamples=4000, seed=1)
    means = sorted(sum(p) / 2 for p in itertools.product([0.0, 1.0], repeat=2))
    assert means == [0.0, 0.5, 0.5, 1.0]
    assert cell.delta == pytest.approx(0.5) and (cell.ci_low, cell.ci_high) == (0.0, 1.0)


def test_offline_creator_ranks_the_checks_missed_most(tmp_path: Path) -> None:
    feedback = [
        Feedback("t1", "b", 0.2, ["derived_figures: 0.40 — 2 of 5 terms", "no_placeholders: 0.00"], {"depth": 4.0}),
        Feedback("t2", "b", 0.5, ["derived_figures: 0.60 — 3 of 5 terms"], {"depth": 6.0, "accuracy": 3.0}),
        Feedback("t3", "b", 1.0, [], {}),
    ]
    skill = distil_offline("executive", feedback)
    assert skill.name == "executive-deliverables"
    body = skill.body
    assert "- derived_figures (missed in 2 of 3 tasks)" in body and "- no_placeholders (missed in 1 of 3 tasks)" in body
    assert body.index("derived_figures (missed") < body.index("no_placeholders (missed")
    assert "- accuracy: 3.0" in body and "- depth: 5.0" in body
    assert body.index("- accuracy: 3.0") < body.index("- depth: 5.0")
    assert distil_offline("executive", feedback) == skill  # fixed rules: the same feedback, the same skill


def test_feedback_reads_the_score_card_and_the_commands(tmp_path: Path) -> None:
    trajectory = tmp_path / "trajectory.jsonl"
    trajectory.write_text(
        '{"n": 0, "type": "tool_call", "tool": "read_file", "arguments": {"path": "input/a.md"}}\n'
        "not json\n"
        '{"n": 1, "type": "tool_result", "output": "x"}\n'
    )
    card = {
        "score": 0.4,
        "components": [
            {"name": "derived_figures", "value": 0.4, "evidence": "2 of 5   terms"},
            {"name": "docx_opens", "value": 1.0},
            {"name": "rubric", "value": None, "dimensions": {"depth": 6}},
        ],
    }
    f = feedback_of("hk-1/base", "brief", card, trajectory)
    assert f.misses == ["derived_figures: 0.40 — 2 of 5 terms"]
    assert f.dimensions == {"depth": 6.0}
    assert f.actions == ['read_file {"path": "input/a.md"}']
