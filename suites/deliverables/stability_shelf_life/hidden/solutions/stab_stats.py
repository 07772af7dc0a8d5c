"""Statistics of a stability evaluation with the standard library only: least-squares lines, the analysis of
covariance that tests whether batches can be combined, Student t and F distributions, and the time at which a
bound of the regression line meets an acceptance criterion.

Shared by the reference and the shortcuts (which change one choice each: the significance level of the pooling
tests, the kind of bound, the ages)."""

from __future__ import annotations

import math
from collections.abc import Sequence

HORIZON = 120.0  # months searched for a crossing

Series = tuple[Sequence[float], Sequence[float]]  # ages in months, results


# ------------------------------------------------------------------------------------------------ distributions


def _betacf(a: float, b: float, x: float) -> float:
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > 1e-300 else 1e-300)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > 1e-300 else 1e-300)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > 1e-300 else 1e-300
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > 1e-300 else 1e-300)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > 1e-300 else 1e-300
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def betai(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbt = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1.0 - x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(lbt) * _betacf(a, b, x) / a
    return 1.0 - math.exp(lbt) * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    x = df / (df + t * t)
    tail = 0.5 * betai(df / 2.0, 0.5, x)
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    lo, hi = -100.0, 100.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def f_sf(f: float, d1: float, d2: float) -> float:
    """P(F > f) for F with (d1, d2) degrees of freedom."""
    if f <= 0.0:
        return 1.0
    return betai(d2 / 2.0, d1 / 2.0, d2 / (d2 + d1 * f))


# ------------------------------------------------------------------------------------------------ lines


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def fit(x: Sequence[float], y: Sequence[float]) -> dict:
    """Least-squares line of y on x: slope, intercept, residual sum of squares, n, mean of x, Sxx."""
    n = len(x)
    mx, my = _mean(x), _mean(y)
    sxx = sum((a - mx) ** 2 for a in x)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    slope = sxy / sxx
    intercept = my - slope * mx
    sse = sum((b - intercept - slope * a) ** 2 for a, b in zip(x, y, strict=True))
    return {"slope": slope, "intercept": intercept, "sse": sse, "n": n, "mx": mx, "my": my, "sxx": sxx, "sxy": sxy}


def ancova(series: Sequence[Series], denominator: str = "reduced") -> dict:
    """The analysis of covariance of k batches' lines: the test of equal slopes (against the model with separate
    lines) and of equal intercepts given a common slope (against the common-slope model, or against the full model
    with denominator="full"). Returns the p-values and the three models' fits."""
    k = len(series)
    fits = [fit(x, y) for x, y in series]
    n_all = sum(f["n"] for f in fits)
    sse_full = sum(f["sse"] for f in fits)
    df_full = n_all - 2 * k
    sxx_w = sum(f["sxx"] for f in fits)
    b_common = sum(f["sxy"] for f in fits) / sxx_w
    sse_cs = 0.0
    for (x, y), f in zip(series, fits, strict=True):
        a = f["my"] - b_common * f["mx"]
        sse_cs += sum((yy - a - b_common * xx) ** 2 for xx, yy in zip(x, y, strict=True))
    df_cs = n_all - k - 1
    xs = [a for x, _ in series for a in x]
    ys = [b for _, y in series for b in y]
    pooled = fit(xs, ys)
    f_slopes = ((sse_cs - sse_full) / (k - 1)) / (sse_full / df_full)
    p_slopes = f_sf(f_slopes, k - 1, df_full)
    if denominator == "full":
        f_int = ((pooled["sse"] - sse_cs) / (k - 1)) / (sse_full / df_full)
        p_int = f_sf(f_int, k - 1, df_full)
    else:
        f_int = ((pooled["sse"] - sse_cs) / (k - 1)) / (sse_cs / df_cs)
        p_int = f_sf(f_int, k - 1, df_cs)
    return {
        "p_slopes": p_slopes,
        "p_intercepts": p_int,
        "fits": fits,
        "b_common": b_common,
        "sse_cs": sse_cs,
        "df_cs": df_cs,
        "sxx_w": sxx_w,
        "pooled": pooled,
        "n_all": n_all,
    }


# ------------------------------------------------------------------------------------------------ bounds


def _solve(bound, limit: float, direction: str) -> float | None:
    """First age in [0, HORIZON] at which bound(t) reaches limit (from above for a lower bound, from below for an
    upper one); None when it does not within the horizon."""

    def beyond(t: float) -> bool:
        return bound(t) <= limit if direction == "lower" else bound(t) >= limit

    if beyond(0.0):
        return 0.0
    step = 0.05
    t = 0.0
    while t < HORIZON:
        nxt = min(t + step, HORIZON)
        if beyond(nxt):
            lo, hi = t, nxt
            for _ in range(60):
                mid = (lo + hi) / 2.0
                if beyond(mid):
                    hi = mid
                else:
                    lo = mid
            return (lo + hi) / 2.0
        t = nxt
    return None


def line_bound(
    a: float,
    b: float,
    s2: float,
    df: float,
    n: float,
    mx: float,
    sxx: float,
    direction: str,
    kind: str = "confidence",
    level: float = 0.95,
):
    """The one-sided bound of a fitted line at age t: of the mean (kind="confidence") or of a new result
    (kind="prediction")."""
    q = t_quantile(level, df)
    extra = 1.0 if kind == "prediction" else 0.0
    sign = -1.0 if direction == "lower" else 1.0

    def bound(t: float) -> float:
        return a + b * t + sign * q * math.sqrt(s2 * (extra + 1.0 / n + (t - mx) ** 2 / sxx))

    return bound


def crossing(
    series: Sequence[Series], model: str, limit: float, direction: str, kind: str = "confidence", level: float = 0.95
) -> tuple[float | None, int]:
    """The earliest age at which the bound of the chosen model meets the limit, and the index of the batch that
    gives it (0 for the pooled line)."""
    if model == "pooled":
        xs = [a for x, _ in series for a in x]
        ys = [b for _, y in series for b in y]
        f = fit(xs, ys)
        s2 = f["sse"] / (f["n"] - 2)
        b = line_bound(f["intercept"], f["slope"], s2, f["n"] - 2, f["n"], f["mx"], f["sxx"], direction, kind, level)
        return _solve(b, limit, direction), 0
    out: list[tuple[float, int]] = []
    if model == "common_slope":
        an = ancova(series)
        s2 = an["sse_cs"] / an["df_cs"]
        for i, f in enumerate(an["fits"]):
            a = f["my"] - an["b_common"] * f["mx"]
            b = line_bound(a, an["b_common"], s2, an["df_cs"], f["n"], f["mx"], an["sxx_w"], direction, kind, level)
            t = _solve(b, limit, direction)
            out.append((HORIZON + 1 if t is None else t, i))
    else:
        for i, (x, y) in enumerate(series):
            f = fit(x, y)
            s2 = f["sse"] / (f["n"] - 2)
            b = line_bound(
                f["intercept"], f["slope"], s2, f["n"] - 2, f["n"], f["mx"], f["sxx"], direction, kind, level
            )
            t = _solve(b, limit, direction)
            out.append((HORIZON + 1 if t is None else t, i))
    t, i = min(out)
    return (None if t > HORIZON else t), i


def choose_model(p_slopes: float, p_intercepts: float, alpha: float = 0.25) -> str:
    if p_slopes < alpha:
        return "separate"
    if p_intercepts < alpha:
        return "common_slope"
    return "pooled"
