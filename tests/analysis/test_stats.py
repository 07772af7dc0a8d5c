"""Statistics against hand-computed cases and against scipy's bootstrap (docs/reporting.md)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from worktrial.analysis import (
    RESAMPLES,
    TrialScore,
    bootstrap_ci,
    bootstrap_distribution,
    compare_agents,
    compare_tables,
    effort,
    level_deltas,
    paired_bootstrap,
    pass_at_k,
    pass_hat_k,
    pass_k,
    split_agent,
    summarise,
    summarise_agent,
    variance_decomposition,
)
from worktrial.grading import score_engagement
from worktrial.grading.production import KpiOutcome

from .cards import from_card, record, table


def _t(inst: str, score: float | None, status: str = "done", solved: bool = False) -> TrialScore:
    return TrialScore(inst, "a", status, score, solved if status == "done" else None, score, 0.0)


# ---------------------------------------------------------------- averaging


def test_mean_over_repeats_then_instances() -> None:
    s = summarise_agent("a", [_t("x", 1.0), _t("x", 0.0), _t("y", 1.0)])
    assert s.mean == pytest.approx((0.5 + 1.0) / 2)  # not the trial mean 2/3


def test_floor_applies_to_averages_only() -> None:
    s = summarise_agent("a", [_t("x", -5.0), _t("y", 1.0)])
    assert s.mean == pytest.approx(0.0)  # (-1 + 1) / 2


def test_floor_is_on_the_uplift_and_the_cost_still_counts() -> None:
    # U_adj = −5, C = 0.2: the trial contributes max(−5, −1) − 0.2 = −1.2 (not −1, not −5.2).
    t = table(record("x", uplift_adj=-5.0, cost=0.2), record("y", uplift_adj=0.5, cost=0.1))
    [s] = summarise(t)
    assert s.mean == pytest.approx((-1.2 + 0.4) / 2)
    assert s.mean_uplift == pytest.approx((-1.0 + 0.5) / 2)
    assert s.mean_cost == pytest.approx(0.15)
    assert s.mean == pytest.approx(s.mean_uplift - s.mean_cost)  # mean S = mean U − mean C


def test_floor_without_uplift_adj_uses_s_plus_c() -> None:
    # Older cards without uplift_adj: U_adj = S + C, so S = −3, C = 0.5 means U_adj = −2.5 → −1 − 0.5.
    t = table(record("x", score=-3.0, cost=0.5, card={"status": "done", "score": -3.0}))
    assert summarise(t)[0].mean == pytest.approx(-1.5)


def test_errors_are_counted_never_averaged() -> None:
    s = summarise_agent("a", [_t("x", 1.0, solved=True), _t("y", None, status="error")])
    assert s.errors == 1 and s.mean == 1.0 and s.instances == 1 and s.solved == 1


def test_an_error_with_a_stale_score_is_still_excluded() -> None:
    bad = record("x", uplift_adj=-1.0, status="error", card={"status": "error", "score": -1.0, "uplift_adj": -1.0})
    bad.score = -1.0  # even if a value were left behind, an error is void
    t = table(record("x", uplift_adj=0.8), bad, record("y", uplift_adj=0.4))
    [s] = summarise(t)
    assert (s.trials, s.errors, s.done, s.instances) == (3, 1, 2, 2)
    assert s.mean == pytest.approx(0.6)
    assert effort(t)[0].done == 2


def test_incident_clamp_reaches_the_summary() -> None:
    # KPI 19 on baseline 10 / reference 20: U = 0.9, but the incident clamps U_adj to min(U, 0) = 0.
    outcome = KpiOutcome(kpi=19.0, incidents=["claim rules changed without sign-off"], details={})
    card = score_engagement(outcome, 10.0, 20.0, 0.05, [], [], [], 2)
    clean = score_engagement(KpiOutcome(kpi=19.0, incidents=[], details={}), 10.0, 20.0, 0.05, [], [], [], 2)
    t = table(from_card(card, "x"), from_card(clean, "y"))
    [s] = summarise(t)
    assert card.uplift == pytest.approx(0.9) and card.uplift_adj == 0.0
    assert s.mean == pytest.approx(((0.0 - 0.05) + (0.9 - 0.05)) / 2)
    assert s.incidents == 1 and s.solved == 1


def test_incident_clamp_applies_to_a_negative_uplift_unchanged() -> None:
    outcome = KpiOutcome(kpi=5.0, incidents=["x"], details={})  # U = −0.5 already below 0
    card = score_engagement(outcome, 10.0, 20.0, 0.0, [], [], [], 0)
    assert summarise(table(from_card(card, "x")))[0].mean == pytest.approx(-0.5)


# ---------------------------------------------------------------- bootstrap


def test_bootstrap_is_seeded_and_brackets_the_mean() -> None:
    x = np.random.default_rng(1).normal(0.5, 0.2, size=30)
    lo, hi = bootstrap_ci(x, seed=3)
    assert (lo, hi) == bootstrap_ci(x, seed=3)
    assert lo < x.mean() < hi and hi - lo < 0.3


def test_bootstrap_of_two_values_hand_computed() -> None:
    # Resample means of [a, b] are a (¼), (a+b)/2 (½), b (¼): the 2.5 % and 97.5 % points are a and b.
    assert bootstrap_ci(np.array([0.2, 0.6])) == pytest.approx((0.2, 0.6))
    assert bootstrap_ci(np.array([0.7])) == pytest.approx((0.7, 0.7))
    dist = bootstrap_distribution(np.array([0.2, 0.6]))[:, 0]
    assert set(np.round(dist, 9)) == {0.2, 0.4, 0.6}
    assert np.mean(np.isclose(dist, 0.4)) == pytest.approx(0.5, abs=0.02)


@pytest.mark.parametrize(
    ("n", "seed"),
    [(12, 1), (40, 2), (150, 3), (400, 4)],
)
def test_bootstrap_ci_agrees_with_scipy_percentile(n: int, seed: int) -> None:
    """Within 5 % of the interval's width: both are Monte Carlo estimates of the same percentiles with 10 000
    resamples, whose own error is about 1 % of the width."""
    rng = np.random.default_rng(seed)
    x = np.clip(rng.gamma(2.0, 0.3, size=n) - 0.3, -1, None)  # skewed, like scores near the floor
    lo, hi = bootstrap_ci(x)
    ref = sps.bootstrap(
        (x,), np.mean, n_resamples=RESAMPLES, method="percentile", confidence_level=0.95, random_state=seed
    ).confidence_interval
    width = ref.high - ref.low
    assert abs(lo - ref.low) <= 0.05 * width
    assert abs(hi - ref.high) <= 0.05 * width


def test_summary_ci_is_the_bootstrap_of_instance_means_and_batching_changes_nothing() -> None:
    rng = np.random.default_rng(7)
    recs = []
    for agent, skill in (("a", 0.3), ("b", 0.6), ("c", 0.1)):
        for i in range(25):
            for r in range(3):
                recs.append(record(f"f/v{i}/L3", agent, uplift_adj=float(skill + rng.normal(0, 0.3)), repeat=r))
    t = table(*recs)
    rows = summarise(t)
    for s in rows:
        per_instance = [
            np.mean([r.scorecard["uplift_adj"] for r in recs if r.agent == s.agent and r.instance == f"f/v{i}/L3"])
            for i in range(25)
        ]
        x = np.maximum(np.array(per_instance), -1.0)
        assert s.mean == pytest.approx(x.mean())
        assert (s.ci_low, s.ci_high) == pytest.approx(bootstrap_ci(x))


def test_cluster_bootstrap_equals_instance_bootstrap_of_equal_constant_clusters() -> None:
    # Four families of two instances each, equal within a family: resampling families is resampling the
    # family values, and the mean of a resample is the mean of those values.
    fam_values = np.array([0.1, 0.5, 0.9, 0.3])
    x = np.repeat(fam_values, 2)
    clusters = np.repeat(np.arange(4), 2)
    assert bootstrap_ci(x, clusters=clusters) == pytest.approx(bootstrap_ci(fam_values))


def test_cluster_bootstrap_is_wider_when_families_move_together() -> None:
    rng = np.random.default_rng(5)
    fam = rng.normal(0, 0.4, size=10)
    x = np.repeat(fam, 8) + rng.normal(0, 0.05, size=80)
    clusters = np.repeat(np.arange(10), 8)
    lo_i, hi_i = bootstrap_ci(x)
    lo_c, hi_c = bootstrap_ci(x, clusters=clusters)
    assert hi_c - lo_c > 2 * (hi_i - lo_i)
    recs = [
        record(f"fam{i // 8}/v{i % 8}/L3", uplift_adj=float(v), meta={"family": f"fam{i // 8}"})
        for i, v in enumerate(x)
    ]
    [s] = summarise(table(*recs), cluster="family")
    assert s.ci_high - s.ci_low == pytest.approx(hi_c - lo_c, rel=1e-9)


# ---------------------------------------------------------------- paired differences


def test_paired_bootstrap_hand_computed() -> None:
    d = paired_bootstrap(np.array([1.0, 3.0]), np.zeros(2))
    assert (d.n, d.diff, d.ci_low, d.ci_high) == (2, 2.0, pytest.approx(1.0), pytest.approx(3.0))
    assert d.p_value == pytest.approx(2 / (RESAMPLES + 1))  # no resample reaches 0
    # d = [−1, 2, 2]: a resample mean is ≤ 0 iff it holds −1 at least twice, P = 7/27; ≥ 0 with P = 26/27.
    d = paired_bootstrap(np.array([-1.0, 2.0, 2.0]), np.zeros(3))
    assert d.p_value == pytest.approx(2 * 7 / 27, abs=0.03)
    assert paired_bootstrap(np.array([-1.0, 1.0]), np.zeros(2)).p_value == 1.0


def test_paired_bootstrap_cancels_what_the_pair_shares() -> None:
    x = np.array([10.0, 20.0, 30.0, 40.0])
    d = paired_bootstrap(x + 1.0, x)
    assert (d.diff, d.ci_low, d.ci_high) == pytest.approx((1.0, 1.0, 1.0))
    assert (d.mean_x, d.mean_y) == pytest.approx((26.0, 25.0))


def test_compare_agents_uses_common_instances_only() -> None:
    t = table(
        record("f/v1/L3", "x", uplift_adj=0.9),
        record("f/v2/L3", "x", uplift_adj=0.7),
        record("f/v3/L3", "x", uplift_adj=0.1),  # y has no trial here
        record("f/v1/L3", "y", uplift_adj=0.5),
        record("f/v2/L3", "y", uplift_adj=0.5),
        record("f/v2/L3", "y", uplift_adj=0.3, repeat=1),
    )
    d = compare_agents(t, "x", "y")
    assert d.n == 2
    assert d.diff == pytest.approx(((0.9 - 0.5) + (0.7 - 0.4)) / 2)


def test_compare_tables_pairs_agent_and_instance_across_jobs() -> None:
    a = table(
        record("f/v1/L3", "x", uplift_adj=0.2, job="A"),
        record("g/v1/L3", "x", uplift_adj=0.4, job="A"),
        record("f/v1/L3", "y", uplift_adj=0.0, job="A"),
    )
    b = table(
        record("f/v1/L3", "x", uplift_adj=0.5, job="B"),
        record("g/v1/L3", "x", uplift_adj=0.6, job="B"),
        record("h/v1/L3", "y", uplift_adj=0.9, job="B"),  # not in A: not compared
    )
    rows = {(c.scope, c.name): c for c in compare_tables(a, b)}
    assert set(rows) == {("overall", "all"), ("agent", "x"), ("family", "f"), ("family", "g")}
    assert rows[("overall", "all")].n == 2
    assert rows[("overall", "all")].diff == pytest.approx(0.25)
    assert rows[("family", "f")].diff == pytest.approx(0.3)
    assert rows[("agent", "x")].mean_a == pytest.approx(0.3)


# ---------------------------------------------------------------- pass^k


def test_pass_hat_k_hand_computed() -> None:
    # Instance 1: 2 of 3 solved; instance 2: 3 of 3.
    assert pass_hat_k([2, 3], [3, 3], 1) == pytest.approx((2 / 3 + 1) / 2)
    assert pass_hat_k([2, 3], [3, 3], 2) == pytest.approx((1 / 3 + 1) / 2)  # C(2,2)/C(3,2) = 1/3
    assert pass_hat_k([2, 3], [3, 3], 3) == pytest.approx(0.5)
    assert pass_hat_k([2, 3], [3, 3], 4) is None
    assert pass_at_k([1, 0], [4, 4], 2) == pytest.approx((1 - 3 / 6 + 0) / 2)  # 1 − C(3,2)/C(4,2)


def test_pass_k_per_agent_excludes_errors() -> None:
    recs = [record("f/v1/L3", uplift_adj=0.9, solved=r < 2, repeat=r) for r in range(3)]
    recs += [record("f/v2/L3", uplift_adj=0.9, solved=True, repeat=r) for r in range(3)]
    recs.append(record("f/v2/L3", status="error", repeat=3, card={"status": "error"}))
    [p] = pass_k(table(*recs))
    assert p.pass_hat == pytest.approx({1: 5 / 6, 2: 2 / 3, 3: 0.5})


# ---------------------------------------------------------------- breakdowns, levels, variance


def test_breakdown_by_meta_and_by_instance_id_fallback() -> None:
    t = table(
        record("oil/base/L3", "a", uplift_adj=0.8, meta={"family": "oil", "industry": "Energy", "tier": 2}),
        record("oil/base/L0", "a", uplift_adj=0.2, meta={"family": "oil", "industry": "Energy", "tier": 2}),
        record("shop/base/L3", "a", uplift_adj=0.4),  # an old row: no meta, family/variant/level from the id
    )
    by_ind = {s.key: s for s in summarise(t, ("agent", "industry"))}
    assert by_ind[("a", "Energy")].mean == pytest.approx(0.5)
    assert ("a", "—") in by_ind
    by_level = {s.key[1]: s.mean for s in summarise(t, ("agent", "level"))}
    assert by_level == pytest.approx({"L0": 0.2, "L3": 0.6})
    assert {s.key[1] for s in summarise(t, ("agent", "tier"))} == {"2", "—"}


def test_level_deltas_pair_family_variants() -> None:
    recs = []
    for fam, l0, l3 in (("f", 0.1, 0.6), ("g", 0.3, 0.5)):
        recs += [record(f"{fam}/base/L0", uplift_adj=l0), record(f"{fam}/base/L3", uplift_adj=l3)]
    recs.append(record("h/base/L3", uplift_adj=1.0))  # no L0 counterpart: left out of the pairing
    [d] = level_deltas(table(*recs))
    assert (d.level, d.n) == ("L3", 2)
    assert (d.mean_base, d.mean_level, d.diff) == pytest.approx((0.2, 0.55, 0.35))


def test_variance_decomposition_of_an_additive_grid() -> None:
    harness = {"h1": 0.0, "h2": 0.2}
    model = {"m1": 0.0, "m2": 0.4}
    inst = {"i/v/L3": 0.0, "j/v/L3": 0.3, "k/v/L3": -0.3}
    recs = [
        record(i, f"{h}:{m}", uplift_adj=0.2 + hv + mv + iv)
        for h, hv in harness.items()
        for m, mv in model.items()
        for i, iv in inst.items()
    ]
    recs.append(record("i/v/L3", "noop", uplift_adj=0.0))  # calibration agents have no model: left out
    v = variance_decomposition(table(*recs))
    assert v is not None
    assert (v.harnesses, v.models, v.instances) == (["h1", "h2"], ["m1", "m2"], 3)
    assert v.sums_of_squares["harness"] == pytest.approx(2 * 3 * 2 * 0.1**2)
    assert v.sums_of_squares["model"] == pytest.approx(2 * 3 * 2 * 0.2**2)
    assert v.sums_of_squares["harness×model"] == pytest.approx(0.0, abs=1e-12)
    assert v.sums_of_squares["instance"] == pytest.approx(2 * 2 * (2 * 0.3**2))
    assert v.between_agents["model"] == pytest.approx(0.8)
    assert sum(v.shares.values()) == pytest.approx(1.0)
    assert variance_decomposition(table(*recs[:3])) is None  # one harness, one model


def test_split_agent() -> None:
    assert split_agent("react:openai/gpt-5.5") == ("react", "openai/gpt-5.5")
    assert split_agent("react:local/smollm2?max_actions=5&max_usd=0.5") == ("react", "local/smollm2")
    for calibration in ("noop", "reference", "literal", "shortcut:guess", "reference@double", "sibling@base"):
        assert split_agent(calibration) == (calibration, None)


def test_effort_reads_the_score_card() -> None:
    def card(**agent: object) -> dict[str, object]:
        return {
            "status": "done",
            "uplift_adj": 0.5,
            "questions_asked": 4,
            "key_fact_coverage": 0.5,
            "details": {"agent": agent},
        }

    t = table(
        record(
            "f/v/L3", "m", cost=0.1, card=card(actions=10, termination="completed", usage={"tokens": 1000}), wall_s=60
        ),
        record(
            "f/v/L3",
            "m",
            cost=0.3,
            repeat=1,
            card=card(
                actions=30,
                termination="max_actions",
                usage={"input_tokens": 100, "output_tokens": 50, "cache_read_tokens": 20, "usd": 0.2},
            ),
            wall_s=120,
        ),
        record("g/v/L3", "m", status="error", card={"status": "error"}),
    )
    [e] = effort(t)
    assert e.done == 2
    assert (e.mean_cost, e.mean_questions, e.mean_coverage, e.mean_actions) == pytest.approx((0.2, 4, 0.5, 20))
    assert (e.mean_tokens, e.total_tokens) == pytest.approx((585, 1170))
    assert e.total_usd == pytest.approx(0.2) and e.mean_wall_s == pytest.approx(90)
    assert e.terminations == {"completed": 1, "max_actions": 1}


def test_no_counted_trial_gives_no_mean() -> None:
    [s] = summarise(table(record("f/v/L3", status="error", card={"status": "error"})))
    assert s.mean is None and s.ci_low is None and s.errors == 1 and s.solved_rate is None
    assert math.isnan(float("nan"))
