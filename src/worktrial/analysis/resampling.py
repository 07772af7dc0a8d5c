"""The floor, seeded bootstrap resampling (per instance or clustered), paired differences and pass^k.

Pure functions over arrays (docs/reporting.md)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from .table import Floats, Ints

FLOOR = -1.0
# Paired differences smaller than this are rounding noise (scores are stored to 6 decimals; means of the same values
# summed in another order differ by ~1e-17) and count as exactly 0.
NOISE = 1e-9
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


def paired_differences(x: Floats, y: Floats) -> Floats:
    """x − y per unit, with differences below NOISE set to exactly 0 (identical agents differ by exactly 0)."""
    d = np.asarray(x, dtype=np.float64) - np.asarray(y, dtype=np.float64)
    out: Floats = np.where(np.abs(d) < NOISE, 0.0, d)
    return out


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
        d = np.column_stack([paired_differences(pairs[i][0], pairs[i][1]) for i in members])
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
    d = paired_differences(a, b)
    sums, sizes = _units(d, clusters)
    r = _bootstrap_columns(sums, sizes, resamples, seed, level, tails=True)
    p = _p_value(int(r.at_most_zero[0]), int(r.at_least_zero[0]), resamples)
    return PairedDifference(
        len(a), float(a.mean()), float(b.mean()), float(d.mean()), float(r.lo[0]), float(r.hi[0]), p
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
