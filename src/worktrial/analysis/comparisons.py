"""Comparisons: paired agent differences, L0→L3 deltas, the harness × model decomposition, matrices."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .resampling import CONFIDENCE, RESAMPLES, SEED, PairedDifference, paired_bootstrap, paired_bootstraps
from .summaries import _opt, counted_value, grouping
from .table import MISSING, Floats, TrialTable

# ---------------------------------------------------------------- paired comparisons


@dataclass(frozen=True)
class Comparison:
    """A paired difference B − A within one scope (`overall`, `agent`, `family`)."""

    scope: str
    name: str
    n: int
    mean_a: float
    mean_b: float
    diff: float  # mean_b − mean_a
    ci_low: float
    ci_high: float
    p_value: float


def unit_values(table: TrialTable, by: Sequence[str]) -> dict[tuple[str, ...], float]:
    """Mean averaging value per combination of `by` (repeats averaged), where there is a counted trial."""
    g = grouping(table, by)
    cell = g.cell
    value = counted_value(table)
    ok = ~np.isnan(value)
    n = np.bincount(cell[ok], minlength=g.n_cells)
    s = np.bincount(cell[ok], weights=value[ok], minlength=g.n_cells)
    return {g.keys[c]: float(s[c] / n[c]) for c in np.flatnonzero(n).tolist()}


def compare_agents(
    table: TrialTable,
    agent_x: str,
    agent_y: str,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    level: float = CONFIDENCE,
) -> PairedDifference:
    """Paired bootstrap of agent_x − agent_y over the instances both have counted trials on."""
    units = unit_values(table, ("agent", "instance"))
    common = sorted({i for (a, i) in units if a == agent_x} & {i for (a, i) in units if a == agent_y})
    if not common:
        raise ValueError(f"{agent_x} and {agent_y} share no instance")
    x = np.array([units[(agent_x, i)] for i in common])
    y = np.array([units[(agent_y, i)] for i in common])
    return paired_bootstrap(x, y, resamples, seed, level)


def compare_tables(
    a: TrialTable,
    b: TrialTable,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    level: float = CONFIDENCE,
) -> list[Comparison]:
    """B − A over the (agent, instance) pairs both have counted trials on: overall, per agent, per family."""
    ua = unit_values(a, ("agent", "instance", "family"))
    ub = unit_values(b, ("agent", "instance", "family"))
    common = sorted(set(ua) & set(ub))
    scopes: list[tuple[str, str, list[tuple[str, ...]]]] = [("overall", "all", common)]
    for scope, pos in (("agent", 0), ("family", 2)):
        names = sorted({u[pos] for u in common})
        scopes += [(scope, n, [u for u in common if u[pos] == n]) for n in names]
    scopes = [sc for sc in scopes if sc[2]]
    pairs = [(np.array([ub[u] for u in units]), np.array([ua[u] for u in units])) for _, _, units in scopes]
    return [
        Comparison(scope, name, d.n, d.mean_y, d.mean_x, d.diff, d.ci_low, d.ci_high, d.p_value)
        for (scope, name, _), d in zip(scopes, paired_bootstraps(pairs, resamples, seed, level), strict=True)
    ]


# ---------------------------------------------------------------- levels


@dataclass(frozen=True)
class LevelDelta:
    """Mean S at `level` minus mean S at `base`, paired on the family/variant pairs the agent has at both."""

    agent: str
    level: str
    base: str
    n: int
    mean_base: float
    mean_level: float
    diff: float
    ci_low: float
    ci_high: float
    p_value: float


def level_deltas(
    table: TrialTable,
    base: str = "L0",
    resamples: int = RESAMPLES,
    seed: int = SEED,
    level: float = CONFIDENCE,
) -> list[LevelDelta]:
    units = unit_values(table, ("agent", "family", "variant", "level"))
    by_agent: dict[str, dict[str, dict[tuple[str, str], float]]] = defaultdict(lambda: defaultdict(dict))
    for (agent, fam, var, lvl), m in units.items():
        by_agent[agent][lvl][(fam, var)] = m
    wanted: list[tuple[str, str]] = []
    pairs: list[tuple[Floats, Floats]] = []
    for agent in sorted(by_agent):
        levels = by_agent[agent]
        if base not in levels:
            continue
        for lvl in sorted(levels):
            common = sorted(set(levels[lvl]) & set(levels[base])) if lvl != base else []
            if common:
                wanted.append((agent, lvl))
                x = np.array([levels[lvl][u] for u in common])
                pairs.append((x, np.array([levels[base][u] for u in common])))
    return [
        LevelDelta(agent, lvl, base, d.n, d.mean_y, d.mean_x, d.diff, d.ci_low, d.ci_high, d.p_value)
        for (agent, lvl), d in zip(wanted, paired_bootstraps(pairs, resamples, seed, level), strict=True)
    ]


# ---------------------------------------------------------------- harness versus model


@dataclass(frozen=True)
class VarianceDecomposition:
    """Sums of squares of per-instance mean S over a complete harness × model × instance grid.

    `shares` divides each by the total: harness, model, harness×model, instance, residual (every interaction
    with the instance). `between_agents` divides harness, model and harness×model by their sum: how much of
    the spread between agents each explains.
    """

    harnesses: list[str]
    models: list[str]
    instances: int
    cell_means: list[list[float]]  # harness × model
    sums_of_squares: dict[str, float]
    shares: dict[str, float]
    between_agents: dict[str, float]
    dropped_agents: list[str]


def variance_decomposition(table: TrialTable) -> VarianceDecomposition | None:
    """None unless the job crosses at least two harnesses with at least two models on common instances."""
    units = unit_values(table, ("harness", "model", "instance"))
    cells: dict[tuple[str, str], dict[str, float]] = defaultdict(dict)
    for (h, m, i), v in units.items():
        if m != MISSING:
            cells[(h, m)][i] = v
    harnesses = sorted({h for h, _ in cells})
    models = sorted({m for _, m in cells})
    # Drop the harness or model with the most missing cells until the grid is complete.
    while len(harnesses) >= 2 and len(models) >= 2:
        miss_h = {h: sum((h, m) not in cells for m in models) for h in harnesses}
        miss_m = {m: sum((h, m) not in cells for h in harnesses) for m in models}
        worst_h = max(harnesses, key=lambda h: (miss_h[h], h))
        worst_m = max(models, key=lambda m: (miss_m[m], m))
        if miss_h[worst_h] == 0 and miss_m[worst_m] == 0:
            break
        if miss_h[worst_h] / len(models) >= miss_m[worst_m] / len(harnesses):
            harnesses.remove(worst_h)
        else:
            models.remove(worst_m)
    if len(harnesses) < 2 or len(models) < 2:
        return None
    common = sorted(set.intersection(*(set(cells[(h, m)]) for h in harnesses for m in models)))
    if not common:
        return None
    y = np.array([[[cells[(h, m)][i] for i in common] for m in models] for h in harnesses])
    nh, nm, ni = y.shape
    g = y.mean()
    yh, ym, yi = y.mean(axis=(1, 2)), y.mean(axis=(0, 2)), y.mean(axis=(0, 1))
    yhm = y.mean(axis=2)
    ss = {
        "harness": float(nm * ni * np.sum((yh - g) ** 2)),
        "model": float(nh * ni * np.sum((ym - g) ** 2)),
        "harness×model": float(ni * np.sum((yhm - yh[:, None] - ym[None, :] + g) ** 2)),
        "instance": float(nh * nm * np.sum((yi - g) ** 2)),
    }
    total = float(np.sum((y - g) ** 2))
    ss["residual"] = max(0.0, total - sum(ss.values()))
    shares = {k: (v / total if total > 0 else 0.0) for k, v in ss.items()}
    between = ss["harness"] + ss["model"] + ss["harness×model"]
    agents_kept = {f"{h}:{m}" for h in harnesses for m in models}
    dropped = sorted({f"{h}:{m}" for h, m in cells} - agents_kept)
    return VarianceDecomposition(
        harnesses=harnesses,
        models=models,
        instances=ni,
        cell_means=yhm.tolist(),
        sums_of_squares=ss,
        shares=shares,
        between_agents={k: (ss[k] / between if between > 0 else 0.0) for k in ("harness", "model", "harness×model")},
        dropped_agents=dropped,
    )


# ---------------------------------------------------------------- agent × instance matrix


@dataclass(frozen=True)
class Matrix:
    rows: list[str]
    columns: list[str]
    values: list[list[float | None]]


def agent_instance_matrix(table: TrialTable) -> Matrix:
    """Per-instance mean of the averaging value for every agent (None where it has no counted trial)."""
    agents, _ = table.codes("agent")
    instances, _ = table.codes("instance")
    g = grouping(table, ("agent",))
    means, _ = g.unit_means(counted_value(table))
    grid = np.full((len(agents), len(instances)), np.nan)
    grid[g.unit_cell, g.unit_instance] = means
    return Matrix([k[0] for k in g.keys], instances, [[_opt(v) for v in row] for row in grid.tolist()])
