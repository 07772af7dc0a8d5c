"""Per-group summaries of a `TrialTable`: headline means with CIs, effort figures, pass^k per agent.

Trials that are not `done` are counted and never enter a mean (docs/reporting.md)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .resampling import (
    CONFIDENCE,
    RESAMPLES,
    SEED,
    _bootstrap_columns,
    _units,
    averaging_value,
    floored_uplift,
    pass_at_k,
    pass_hat_k,
)
from .table import MISSING, Bools, Floats, Ints, TrialTable

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
