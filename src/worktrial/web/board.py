"""The leaderboard: per suite and pool, each agent's (harness × model, or person's) mean score with its bootstrap
interval, solved share and cost per trial, and a cost–score plot with the Pareto frontier.

A board is computed on the trials of published jobs only, restricted to the pool's families; its pool version is a
hash of those families and their content hashes, so a board says which set of tasks it ranks.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from html import escape

from ..analysis import TrialTable, effort, summarise
from ..store import TrialRow
from .catalog import Entry


@dataclass(frozen=True)
class BoardRow:
    agent: str
    trials: int
    instances: int
    mean: float | None
    ci_low: float | None
    ci_high: float | None
    solved_rate: float | None
    usd_per_trial: float | None
    on_frontier: bool = False


def pool_version(entries: list[Entry], content: dict[str, str]) -> str:
    text = "\n".join(f"{e.id}:{content.get(e.id, '')}" for e in sorted(entries, key=lambda e: e.id))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def frontier(rows: list[BoardRow]) -> set[str]:
    """Agents no other agent beats on both cost (lower) and mean score (higher); no cost counts as zero."""
    points = sorted((r.usd_per_trial or 0.0, -(r.mean or 0.0), r.agent) for r in rows if r.mean is not None)
    best, out = -math.inf, set()
    for _cost, neg, agent in points:
        if -neg > best:
            best = -neg
            out.add(agent)
    return out


def board(trials: list[TrialRow], families: set[str]) -> list[BoardRow]:
    rows = [t for t in trials if t.instance.split("/", 1)[0] in families]
    if not rows:
        return []
    table = TrialTable.from_records(rows)
    spend = {e.key: e for e in effort(table)}
    out = [
        BoardRow(
            agent=s.key[0],
            trials=s.trials,
            instances=s.instances,
            mean=s.mean,
            ci_low=s.ci_low,
            ci_high=s.ci_high,
            solved_rate=s.solved_rate,
            usd_per_trial=spend[s.key].mean_usd if s.key in spend else None,
        )
        for s in summarise(table)
    ]
    best = frontier(out)
    ranked = [BoardRow(**{**r.__dict__, "on_frontier": r.agent in best}) for r in out]
    return sorted(ranked, key=lambda r: (-(r.mean if r.mean is not None else -math.inf), r.agent))


def plot_svg(rows: list[BoardRow], width: int = 560, height: int = 320) -> str:
    """Cost per trial (x) against mean score (y), the frontier joined by a line; self-contained SVG."""
    pts = [(r.usd_per_trial or 0.0, r.mean, r) for r in rows if r.mean is not None]
    pad = 48
    if not pts:
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img"></svg>'
    x_max = max(p[0] for p in pts) or 1.0
    y_lo, y_hi = min(0.0, min(p[1] for p in pts)), max(1.0, max(p[1] for p in pts))

    def xy(cost: float, score: float) -> tuple[float, float]:
        x = pad + (width - 2 * pad) * cost / x_max
        y = height - pad - (height - 2 * pad) * (score - y_lo) / (y_hi - y_lo)
        return round(x, 1), round(y, 1)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        'aria-label="cost per trial against mean score">',
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="#555"/>',
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="#555"/>',
        f'<text x="{width / 2}" y="{height - 10}" text-anchor="middle" font-size="12">USD per trial '
        f"(0 – {x_max:.3g})</text>",
        f'<text x="14" y="{height / 2}" font-size="12" transform="rotate(-90 14 {height / 2})" '
        'text-anchor="middle">mean score</text>',
    ]
    front = sorted((p for p in pts if p[2].on_frontier), key=lambda p: p[0])
    if len(front) > 1:
        line = " ".join(f"{x},{y}" for x, y in (xy(c, s) for c, s, _ in front))
        parts.append(f'<polyline points="{line}" fill="none" stroke="#c33" stroke-width="1.5"/>')
    for cost, score, r in pts:
        x, y = xy(cost, score)
        colour = "#c33" if r.on_frontier else "#357"
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="4" fill="{colour}"><title>{escape(r.agent)}: '
            f"{score:.3f}, {cost:.4g} USD</title></circle>"
        )
        parts.append(f'<text x="{x + 6}" y="{y - 6}" font-size="10">{escape(r.agent)}</text>')
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["BoardRow", "board", "frontier", "plot_svg", "pool_version"]
