"""Statistics over trials: floors, means over repeats then instances, seeded bootstrap CIs (docs/scoring.md)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

FLOOR = -1.0


@dataclass(frozen=True)
class TrialScore:
    instance: str
    agent: str
    status: str
    score: float | None
    solved: bool | None
    uplift: float | None
    contact_cost: float | None


@dataclass(frozen=True)
class AgentSummary:
    agent: str
    trials: int
    errors: int
    mean: float | None
    ci_low: float | None
    ci_high: float | None
    solved: int
    instances: int
    mean_uplift: float | None
    mean_cost: float | None


def per_instance_means(values: dict[str, list[float]]) -> np.ndarray:
    """Mean over repeats within each instance, in a stable instance order."""
    return np.array([float(np.mean(values[k])) for k in sorted(values)])


def bootstrap_ci(x: np.ndarray, resamples: int = 10_000, seed: int = 0, level: float = 0.95) -> tuple[float, float]:
    """Percentile bootstrap CI of the mean, resampling instances; seeded so reports reproduce."""
    if len(x) == 0:
        raise ValueError("no values")
    if len(x) == 1:
        return float(x[0]), float(x[0])
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(x), size=(resamples, len(x)))
    means = x[idx].mean(axis=1)
    alpha = (1 - level) / 2
    return float(np.quantile(means, alpha)), float(np.quantile(means, 1 - alpha))


def summarise_agent(agent: str, trials: Sequence[TrialScore], seed: int = 0) -> AgentSummary:
    done = [t for t in trials if t.status == "done" and t.score is not None]
    errors = sum(1 for t in trials if t.status == "error")
    by_inst: dict[str, list[float]] = defaultdict(list)
    u_by: dict[str, list[float]] = defaultdict(list)
    c_by: dict[str, list[float]] = defaultdict(list)
    for t in done:
        assert t.score is not None
        by_inst[t.instance].append(max(t.score, FLOOR))
        if t.uplift is not None:
            u_by[t.instance].append(t.uplift)
        c_by[t.instance].append(t.contact_cost or 0.0)
    if not by_inst:
        return AgentSummary(agent, len(trials), errors, None, None, None, 0, 0, None, None)
    means = per_instance_means(by_inst)
    lo, hi = bootstrap_ci(means, seed=seed)
    return AgentSummary(
        agent=agent,
        trials=len(trials),
        errors=errors,
        mean=float(means.mean()),
        ci_low=lo,
        ci_high=hi,
        solved=sum(1 for t in done if t.solved),
        instances=len(by_inst),
        mean_uplift=float(per_instance_means(u_by).mean()) if u_by else None,
        mean_cost=float(per_instance_means(c_by).mean()),
    )


def summarise_job(trials: Sequence[TrialScore], seed: int = 0) -> list[AgentSummary]:
    agents: dict[str, list[TrialScore]] = defaultdict(list)
    for t in trials:
        agents[t.agent].append(t)
    return [summarise_agent(a, agents[a], seed) for a in agents]
