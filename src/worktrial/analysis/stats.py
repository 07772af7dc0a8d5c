"""Statistics over trials (docs/reporting.md): the floor, means over repeats then instances, seeded bootstrap
confidence intervals (per instance or clustered), paired differences, pass^k, breakdowns, level deltas and the
harness-versus-model decomposition.

Every function here is pure: a `TrialTable` (or arrays) in, numbers out. Trials that are not `done` — above all
infrastructure errors — are counted where a count is reported and never enter a mean.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any

import numpy as np
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from .table import MISSING, Bools, Floats, Ints, TrialTable

FLOOR = -1.0
RESAMPLES = 10_000
SEED = 0
CONFIDENCE = 0.95


# ---------------------------------------------------------------- per trial


def averaging_value(uplift_adj: Floats, cost: Floats) -> Floats:
    """What one trial contributes to a mean: max(U_adj, −1) − C. Only the uplift is floored, never the cost."""
    out: Floats = np.maximum(uplift_adj, FLOOR) - cost
    return out


def floored_uplift(uplift_adj: Floats) -> Floats:
    """max(U_adj, −1): what `mean U` averages, so that mean S = mean U − mean C."""
    out: Floats = np.maximum(uplift_adj, FLOOR)
    return out


# ---------------------------------------------------------------- bootstrap

_DRAWS = 262_144  # resample × unit draws per chunk (keeps the count array in cache)
_VALUES = 1_000_000  # resample × column means held at once


def _resampled_means(
    sums: Floats, sizes: Floats | None, resamples: int, seed: int, out: Floats | None = None
) -> Floats:
    """Means of `resamples` bootstrap resamples of each column of `sums` (g units × k columns): k × resamples.

    Each resample draws g units with replacement — the same draw for every column — and its mean is
    Σ count·sums / Σ count·sizes (sizes None: every unit has size 1, so the divisor is g). The draws depend only
    on (g, resamples, seed): columns with as many units get the same draws, computed once.
    """
    g, k = sums.shape
    rng = np.random.default_rng(seed)
    dist = np.empty((k, resamples)) if out is None else out[:k]
    step = max(1, _DRAWS // g)
    small = np.uint16 if g <= np.iinfo(np.uint16).max else np.int64
    offsets = (np.arange(step, dtype=np.int64) * g)[:, None]
    sums_t = np.ascontiguousarray(sums.T)
    sizes_t = None if sizes is None else np.ascontiguousarray(sizes.T)
    for start in range(0, resamples, step):
        c = min(step, resamples - start)
        draws = rng.integers(0, g, size=(c, g), dtype=small) + offsets[:c]
        counts = np.bincount(draws.ravel(), minlength=c * g).reshape(c, g).astype(np.float64)
        num = sums_t @ counts.T
        dist[:, start : start + c] = num / g if sizes_t is None else num / (sizes_t @ counts.T)
    return dist


def _units(x: Floats, clusters: Ints | Sequence[Any] | None) -> tuple[Floats, Floats | None]:
    """(sums, sizes) of the resampled units: instances as they are, or whole clusters in sorted order."""
    data = np.asarray(x, dtype=np.float64)
    if data.ndim == 1:
        data = data[:, None]
    if data.shape[0] == 0:
        raise ValueError("no values to resample")
    if clusters is None:
        return data, None
    _, codes = np.unique(np.asarray(clusters), return_inverse=True)
    codes = codes.reshape(-1)
    g = int(codes.max()) + 1
    sums = np.zeros((g, data.shape[1]))
    np.add.at(sums, codes, data)
    sizes = np.repeat(np.bincount(codes, minlength=g).astype(np.float64)[:, None], data.shape[1], axis=1)
    return sums, sizes


def bootstrap_distribution(
    x: Floats,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    clusters: Ints | Sequence[Any] | None = None,
) -> Floats:
    """Bootstrap means of `x` (n values, or n × k columns resampled together), one row per resample.

    Units are resampled with replacement. With `clusters` (one label per value) whole clusters are resampled
    and each resample's mean is the mean over the values of the clusters drawn (a cluster drawn twice counts
    twice).
    """
    sums, sizes = _units(x, clusters)
    dist: Floats = _resampled_means(sums, sizes, resamples, seed).T
    return dist


def percentile_interval(dist: Floats, level: float = CONFIDENCE, axis: int = 0) -> tuple[Floats, Floats]:
    """The (1 − level)/2 and (1 + level)/2 quantiles (linear interpolation) along `axis`."""
    alpha = (1.0 - level) / 2.0
    q = np.quantile(dist, [alpha, 1.0 - alpha], axis=axis)
    return q[0], q[1]


@dataclass(frozen=True)
class _Bootstrapped:
    lo: Floats
    hi: Floats
    at_most_zero: Ints
    at_least_zero: Ints


def _bootstrap_columns(
    sums: Floats, sizes: Floats | None, resamples: int, seed: int, level: float, tails: bool = False
) -> _Bootstrapped:
    """Percentile bounds and zero tail counts per column, a block of columns at a time to bound memory."""
    k = sums.shape[1]
    lo, hi = np.empty(k), np.empty(k)
    le, ge = np.zeros(k, dtype=np.intp), np.zeros(k, dtype=np.intp)
    block = min(k, max(1, _VALUES // max(1, resamples)))
    buffer = np.empty((block, resamples))
    for s in range(0, k, block):
        e = min(k, s + block)
        with threadpool_limits(limits=1, user_api="blas"):  # small products: threads only contend
            dist = _resampled_means(sums[:, s:e], None if sizes is None else sizes[:, s:e], resamples, seed, buffer)
        lo[s:e], hi[s:e] = percentile_interval(dist, level, axis=1)
        if tails:
            le[s:e] = np.sum(dist <= 0, axis=1)
            ge[s:e] = np.sum(dist >= 0, axis=1)
    return _Bootstrapped(lo, hi, le, ge)


def bootstrap_ci(
    x: Floats,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    level: float = CONFIDENCE,
    clusters: Ints | Sequence[Any] | None = None,
) -> tuple[float, float]:
    """Percentile bootstrap CI of the mean of `x` (one value per instance); seeded so reports reproduce."""
    sums, sizes = _units(x, clusters)
    b = _bootstrap_columns(sums, sizes, resamples, seed, level)
    return float(b.lo[0]), float(b.hi[0])


@dataclass(frozen=True)
class PairedDifference:
    """mean(x − y) over paired units, its percentile bootstrap CI and a two-sided bootstrap p-value."""

    n: int
    mean_x: float
    mean_y: float
    diff: float
    ci_low: float
    ci_high: float
    p_value: float


def _p_value(at_most_zero: int, at_least_zero: int, resamples: int) -> float:
    return min(1.0, 2.0 * (1 + min(at_most_zero, at_least_zero)) / (resamples + 1))


def paired_bootstraps(
    pairs: Sequence[tuple[Floats, Floats]],
    resamples: int = RESAMPLES,
    seed: int = SEED,
    level: float = CONFIDENCE,
) -> list[PairedDifference]:
    """`paired_bootstrap` of many (x, y) pairs at once; pairs with as many units share their draws."""
    out: list[PairedDifference | None] = [None] * len(pairs)
    by_n: dict[int, list[int]] = defaultdict(list)
    for i, (x, y) in enumerate(pairs):
        if np.shape(x) != np.shape(y) or np.ndim(x) != 1 or len(x) == 0:
            raise ValueError("x and y must be aligned, non-empty vectors")
        by_n[len(x)].append(i)
    for members in by_n.values():
        d = np.column_stack([np.asarray(pairs[i][0], float) - np.asarray(pairs[i][1], float) for i in members])
        b = _bootstrap_columns(d, None, resamples, seed, level, tails=True)
        for j, i in enumerate(members):
            x, y = np.asarray(pairs[i][0], float), np.asarray(pairs[i][1], float)
            out[i] = PairedDifference(
                n=len(x),
                mean_x=float(x.mean()),
                mean_y=float(y.mean()),
                diff=float(d[:, j].mean()),
                ci_low=float(b.lo[j]),
                ci_high=float(b.hi[j]),
                p_value=_p_value(int(b.at_most_zero[j]), int(b.at_least_zero[j]), resamples),
            )
    return [p for p in out if p is not None]


def paired_bootstrap(
    x: Floats,
    y: Floats,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    level: float = CONFIDENCE,
    clusters: Ints | Sequence[Any] | None = None,
) -> PairedDifference:
    """Paired bootstrap of mean(x − y): units (or clusters of them) are resampled together, so what the two
    share cancels.

    p = min(1, 2·(1 + min(#{d* ≤ 0}, #{d* ≥ 0})) / (R + 1)) over the R resampled mean differences d*: about the
    smallest two-sided level at which the percentile interval excludes 0, never reported as exactly 0.
    """
    if clusters is None:
        return paired_bootstraps([(x, y)], resamples, seed, level)[0]
    a, b = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError("x and y must be aligned vectors")
    sums, sizes = _units(a - b, clusters)
    r = _bootstrap_columns(sums, sizes, resamples, seed, level, tails=True)
    p = _p_value(int(r.at_most_zero[0]), int(r.at_least_zero[0]), resamples)
    return PairedDifference(
        len(a), float(a.mean()), float(b.mean()), float((a - b).mean()), float(r.lo[0]), float(r.hi[0]), p
    )


# ---------------------------------------------------------------- pass^k


def pass_hat_k(successes: Sequence[int] | Ints, trials: Sequence[int] | Ints, k: int) -> float | None:
    """pass^k: the chance that k trials drawn without replacement from an instance's n all succeed,
    C(c, k) / C(n, k), averaged over the instances with n ≥ k. None if there is none."""
    c = np.asarray(successes, dtype=np.float64)
    n = np.asarray(trials, dtype=np.float64)
    keep = n >= k
    if k < 1 or not keep.any():
        return None
    c, n = c[keep], n[keep]
    p = np.ones_like(c)
    for j in range(k):
        p *= np.clip(c - j, 0, None) / (n - j)
    return float(p.mean())


def pass_at_k(successes: Sequence[int] | Ints, trials: Sequence[int] | Ints, k: int) -> float | None:
    """pass@k: the chance that at least one of k trials succeeds, 1 − C(n − c, k) / C(n, k), averaged."""
    c = np.asarray(successes, dtype=np.float64)
    n = np.asarray(trials, dtype=np.float64)
    keep = n >= k
    if k < 1 or not keep.any():
        return None
    c, n = c[keep], n[keep]
    q = np.ones_like(c)
    for j in range(k):
        q *= np.clip(n - c - j, 0, None) / (n - j)
    return float((1 - q).mean())


# ---------------------------------------------------------------- grouping


@dataclass(frozen=True)
class Grouping:
    """Trials grouped into cells (one per combination of the grouping columns) and units (cell × instance).

    Units are numbered in cell order, then instance order, so the units of cell c are
    `starts[c]:starts[c + 1]`.
    """

    keys: list[tuple[str, ...]]
    cell: Ints  # per trial
    unit: Ints  # per trial
    unit_cell: Ints
    unit_instance: Ints
    starts: Ints

    @property
    def n_cells(self) -> int:
        return len(self.keys)

    @property
    def n_units(self) -> int:
        return len(self.unit_cell)

    def count(self, mask: Bools) -> Ints:
        """Trials per cell where `mask` holds."""
        out: Ints = np.bincount(self.cell[mask], minlength=self.n_cells)
        return out

    def unit_means(self, values: Floats) -> tuple[Floats, Ints]:
        """Mean over repeats per unit, ignoring NaN (NaN where a unit has no value), and the counts."""
        ok = ~np.isnan(values)
        n = np.bincount(self.unit[ok], minlength=self.n_units)
        s = np.bincount(self.unit[ok], weights=values[ok], minlength=self.n_units)
        with np.errstate(invalid="ignore", divide="ignore"):
            m: Floats = np.where(n > 0, s / np.maximum(n, 1), np.nan)
        return m, n

    def cell_means(self, unit_values: Floats) -> tuple[Floats, Ints]:
        """Mean over the units of each cell that have a value (NaN where none), and how many they are."""
        ok = ~np.isnan(unit_values)
        n = np.bincount(self.unit_cell[ok], minlength=self.n_cells)
        s = np.bincount(self.unit_cell[ok], weights=unit_values[ok], minlength=self.n_cells)
        with np.errstate(invalid="ignore", divide="ignore"):
            m: Floats = np.where(n > 0, s / np.maximum(n, 1), np.nan)
        return m, n

    def two_stage_means(self, values: Floats) -> tuple[Floats, Ints]:
        """Mean over repeats, then over instances, per cell."""
        return self.cell_means(self.unit_means(values)[0])


def grouping(table: TrialTable, by: Sequence[str]) -> Grouping:
    """The grouping of `table` by the columns `by` (computed once per table)."""
    found: Grouping | None = table.cached(("grouping", tuple(by)))
    if found is not None:
        return found
    codes = np.zeros(len(table), dtype=np.int64)
    labels: list[list[str]] = []
    for name in by:
        labs, c = table.codes(name)
        codes = codes * max(1, len(labs)) + c
        labels.append(labs)
    present, cell = np.unique(codes, return_inverse=True)
    keys = []
    for code in present.tolist():
        key = []
        for labs in reversed(labels):
            code, i = divmod(code, len(labs))
            key.append(labs[i])
        keys.append(tuple(reversed(key)))
    inst_labels, inst = table.codes("instance")
    n_inst = max(1, len(inst_labels))
    ukeys, unit = np.unique(cell.reshape(-1) * n_inst + inst, return_inverse=True)
    unit_cell = (ukeys // n_inst).astype(np.intp)
    g = Grouping(
        keys=keys,
        cell=cell.reshape(-1).astype(np.intp),
        unit=unit.reshape(-1).astype(np.intp),
        unit_cell=unit_cell,
        unit_instance=(ukeys % n_inst).astype(np.intp),
        starts=np.searchsorted(unit_cell, np.arange(len(keys) + 1)).astype(np.intp),
    )
    table.remember(("grouping", tuple(by)), g)
    return g


def counted_value(table: TrialTable) -> Floats:
    """The averaging value of every counted trial, NaN for the others."""
    found: Floats | None = table.cached("value")
    if found is None:
        found = table.remember("value", np.where(table.done, averaging_value(table.uplift_adj, table.cost), np.nan))
    return found


def cell_cis(
    g: Grouping,
    unit_values: Floats,
    resamples: int,
    seed: int,
    level: float,
    instance_cluster: Ints | None,
) -> tuple[Floats, Floats]:
    """Bootstrap CI per cell, each exactly what `bootstrap_ci` gives the cell's per-instance values alone.

    Cells with as many resampled units (instances, or clusters) share one set of draws, computed once.
    """
    lo = np.full(g.n_cells, np.nan)
    hi = np.full(g.n_cells, np.nan)
    groups: dict[int, list[tuple[int, Floats, Floats | None]]] = defaultdict(list)
    for c in range(g.n_cells):
        s, e = g.starts[c], g.starts[c + 1]
        values = unit_values[s:e]
        ok = ~np.isnan(values)
        if not ok.any():
            continue
        if instance_cluster is None:
            groups[int(ok.sum())].append((c, values[ok], None))
        else:
            sums, sizes = _units(values[ok], instance_cluster[g.unit_instance[s:e][ok]])
            groups[-len(sums)].append((c, sums[:, 0], None if sizes is None else sizes[:, 0]))
    for members in groups.values():
        cells = [c for c, _, _ in members]
        sums = np.column_stack([v for _, v, _ in members])
        sizes = None if members[0][2] is None else np.column_stack([m for _, _, m in members if m is not None])
        b = _bootstrap_columns(sums, sizes, resamples, seed, level)
        lo[cells], hi[cells] = b.lo, b.hi
    return lo, hi


def _instance_cluster(table: TrialTable, cluster: str | None) -> Ints | None:
    """The cluster code of every instance (by instance code), for a cluster bootstrap."""
    if cluster is None:
        return None
    inst_labels, inst = table.codes("instance")
    _, codes = table.codes(cluster)
    out = np.zeros(max(1, len(inst_labels)), dtype=np.intp)
    out[inst] = codes
    return out


def _opt(x: float) -> float | None:
    return None if math.isnan(x) else float(x)


# ---------------------------------------------------------------- summaries


@dataclass(frozen=True)
class Summary:
    """One row of a headline or breakdown table. `key` holds the values of the grouping columns."""

    key: tuple[str, ...]
    trials: int
    errors: int
    done: int
    instances: int
    mean: float | None
    ci_low: float | None
    ci_high: float | None
    solved: int
    solved_rate: float | None
    mean_uplift: float | None
    mean_cost: float | None
    incidents: int

    @property
    def agent(self) -> str:
        return self.key[0]


AgentSummary = Summary


def summarise(
    table: TrialTable,
    by: Sequence[str] = ("agent",),
    resamples: int = RESAMPLES,
    seed: int = SEED,
    level: float = CONFIDENCE,
    cluster: str | None = None,
) -> list[Summary]:
    """Mean S (floored, repeats then instances) with its bootstrap CI, solved, mean U and mean C per group."""
    g = grouping(table, by)
    done = table.done
    v_units, _ = g.unit_means(counted_value(table))
    mean, n_instances = g.cell_means(v_units)
    u_mean, _ = g.two_stage_means(np.where(done, floored_uplift(table.uplift_adj), np.nan))
    c_mean, _ = g.two_stage_means(table.cost)
    lo, hi = cell_cis(g, v_units, resamples, seed, level, _instance_cluster(table, cluster))
    trials = g.count(np.ones(len(table), dtype=np.bool_))
    errors = g.count(table.errors)
    n_done = g.count(done)
    solved = g.count(done & table.solved)
    incidents = g.count(done & table.incident)
    return [
        Summary(
            key=g.keys[i],
            trials=int(trials[i]),
            errors=int(errors[i]),
            done=int(n_done[i]),
            instances=int(n_instances[i]),
            mean=_opt(mean[i]),
            ci_low=_opt(lo[i]),
            ci_high=_opt(hi[i]),
            solved=int(solved[i]),
            solved_rate=float(solved[i] / n_done[i]) if n_done[i] else None,
            mean_uplift=_opt(u_mean[i]),
            mean_cost=_opt(c_mean[i]),
            incidents=int(incidents[i]),
        )
        for i in range(g.n_cells)
    ]


@dataclass(frozen=True)
class Effort:
    """What an agent spent and found per counted trial, averaged over repeats then instances (trials without
    the value left out), plus totals over counted trials and how the agent's runs ended."""

    key: tuple[str, ...]
    done: int
    mean_cost: float | None
    mean_questions: float | None
    mean_coverage: float | None
    mean_actions: float | None
    mean_tokens: float | None
    mean_usd: float | None
    mean_wall_s: float | None
    total_tokens: float | None
    total_usd: float | None
    total_wall_s: float | None
    terminations: dict[str, int] = field(default_factory=dict)


EFFORT_COLUMNS = ("cost", "questions", "coverage", "actions", "tokens", "usd", "wall_s")


def effort(table: TrialTable, by: Sequence[str] = ("agent",)) -> list[Effort]:
    g = grouping(table, by)
    done = table.done
    means: dict[str, Floats] = {}
    totals: dict[str, Floats] = {}
    for name in EFFORT_COLUMNS:
        col = getattr(table, name)  # NaN wherever a trial is not counted
        means[name], _ = g.two_stage_means(col)
        ok = ~np.isnan(col)
        totals[name] = np.where(g.count(ok) > 0, np.bincount(g.cell[ok], weights=col[ok], minlength=g.n_cells), np.nan)
    n_done = g.count(done)
    terms: list[dict[str, int]] = [{} for _ in range(g.n_cells)]
    t_labels, t_codes = table.codes("termination")
    pair = np.unique(g.cell[done] * max(1, len(t_labels)) + t_codes[done], return_counts=True)
    for code, n in zip(pair[0].tolist(), pair[1].tolist(), strict=True):
        c, t = divmod(code, max(1, len(t_labels)))
        if t_labels[t] != MISSING:
            terms[c][t_labels[t]] = n
    return [
        Effort(
            key=g.keys[i],
            done=int(n_done[i]),
            mean_cost=_opt(means["cost"][i]),
            mean_questions=_opt(means["questions"][i]),
            mean_coverage=_opt(means["coverage"][i]),
            mean_actions=_opt(means["actions"][i]),
            mean_tokens=_opt(means["tokens"][i]),
            mean_usd=_opt(means["usd"][i]),
            mean_wall_s=_opt(means["wall_s"][i]),
            total_tokens=_opt(totals["tokens"][i]),
            total_usd=_opt(totals["usd"][i]),
            total_wall_s=_opt(totals["wall_s"][i]),
            terminations=terms[i],
        )
        for i in range(g.n_cells)
    ]


@dataclass(frozen=True)
class PassK:
    agent: str
    instances: int
    pass_hat: dict[int, float]  # k → pass^k
    pass_at: dict[int, float]  # k → pass@k


def pass_k(table: TrialTable, max_k: int = 8) -> list[PassK]:
    """pass^k and pass@k per agent for k = 1 … the largest number of counted trials on one instance."""
    g = grouping(table, ("agent",))
    done = table.done
    n_all = np.bincount(g.unit[done], minlength=g.n_units)
    c_all = np.bincount(g.unit[done & table.solved], minlength=g.n_units)
    out = []
    for i, key in enumerate(g.keys):
        s, e = g.starts[i], g.starts[i + 1]
        n, c = n_all[s:e], c_all[s:e]
        c, n = c[n > 0], n[n > 0]
        top = min(max_k, int(n.max())) if len(n) else 0
        hat = {kk: v for kk in range(1, top + 1) if (v := pass_hat_k(c, n, kk)) is not None}
        at = {kk: v for kk in range(1, top + 1) if (v := pass_at_k(c, n, kk)) is not None}
        out.append(PassK(key[0], len(n), hat, at))
    return out


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


# ---------------------------------------------------------------- the original per-trial API


@dataclass(frozen=True)
class TrialScore:
    instance: str
    agent: str
    status: str
    score: float | None
    solved: bool | None
    uplift: float | None
    contact_cost: float | None
    incidents: tuple[str, ...] = ()


def table_from_scores(trials: Sequence[TrialScore]) -> TrialTable:
    def record(t: TrialScore) -> Any:
        card: dict[str, Any] = {"contact_cost": t.contact_cost}
        return SimpleNamespace(
            job_id="",
            instance=t.instance,
            agent=t.agent,
            repeat=0,
            status=t.status,
            score=t.score,
            solved=t.solved,
            uplift=t.uplift,
            contact_cost=t.contact_cost if t.contact_cost is not None else (0.0 if t.score is not None else None),
            incidents=list(t.incidents),
            scorecard=card,
            meta=None,
            started=None,
            finished=None,
        )

    return TrialTable.from_records(record(t) for t in trials)


def summarise_agent(agent: str, trials: Sequence[TrialScore], seed: int = SEED) -> Summary:
    """The summary of `trials`, all taken as `agent`'s."""
    rows = summarise(table_from_scores([replace(t, agent=agent) for t in trials]), seed=seed)
    if not rows:
        return Summary((agent,), 0, 0, 0, 0, None, None, None, 0, None, None, None, 0)
    return rows[0]


def summarise_job(trials: Sequence[TrialScore], seed: int = SEED) -> list[Summary]:
    return summarise(table_from_scores(trials), seed=seed)
