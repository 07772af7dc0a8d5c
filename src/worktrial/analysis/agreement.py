"""How far judges (and people) agree on the same deliverables: Spearman's ρ on the values each gave the same
trials, the mean absolute difference, and the means, overall and per evidence route (text, visual).

ρ is Pearson's correlation of the ranks, ties sharing their mean rank; it is undefined (None) with fewer than two
common trials or when one side gives every trial the same value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

ROUTES = ("all", "text", "visual")


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks; tied values share the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    return pearson(ranks(xs), ranks(ys))


@dataclass(frozen=True)
class Agreement:
    a: str
    b: str
    route: str
    n: int
    mean_a: float | None
    mean_b: float | None
    rho: float | None
    mae: float | None


def agree(a: str, b: str, sa: Mapping[str, float], sb: Mapping[str, float], route: str) -> Agreement:
    common = sorted(set(sa) & set(sb))
    xs, ys = [sa[t] for t in common], [sb[t] for t in common]
    n = len(common)
    return Agreement(
        a,
        b,
        route,
        n,
        sum(xs) / n if n else None,
        sum(ys) / n if n else None,
        spearman(xs, ys),
        sum(abs(x - y) for x, y in zip(xs, ys, strict=True)) / n if n else None,
    )


def agreement_table(scores: Mapping[str, Mapping[str, float]], routes: Mapping[str, str]) -> list[Agreement]:
    """Every pair of raters (judges, and `human` if given), overall and per route that has trials."""
    out = []
    for a, b in combinations(list(scores), 2):
        for route in ROUTES:
            keep = {t for t in routes if route == "all" or routes[t] == route}
            sa = {t: v for t, v in scores[a].items() if t in keep}
            sb = {t: v for t, v in scores[b].items() if t in keep}
            if route == "all" or (set(sa) & set(sb)):
                out.append(agree(a, b, sa, sb, route))
    return out


__all__ = ["ROUTES", "Agreement", "agree", "agreement_table", "pearson", "ranks", "spearman"]
