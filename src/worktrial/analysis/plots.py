"""Plots of a report, drawn with matplotlib (Agg) and returned as self-contained SVG documents.

Each function takes a `Report` and returns an SVG string, or None when the job has nothing to show for it
(for example no harness × model grid). Large point clouds and heatmaps are rasterised inside the SVG.
"""

from __future__ import annotations

import io
import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")
import numpy as np
from matplotlib import rcParams
from matplotlib.axes import Axes
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure

from .report import Report
from .resampling import FLOOR
from .summaries import Summary

rcParams["svg.hashsalt"] = "worktrial-report"  # stable element ids, so the same report gives the same file
rcParams["font.size"] = 9
MAX_LABELS = 60
MAX_GROUPS = 30


@dataclass(frozen=True)
class Plot:
    id: str
    caption: str
    svg: str


def _svg(fig: Figure) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _colors(agents: Sequence[str]) -> dict[str, tuple[float, float, float, float]]:
    cmap = matplotlib.colormaps["tab20" if len(agents) > 10 else "tab10"]
    return {a: cmap(i % cmap.N) for i, a in enumerate(agents)}


def _ci_err(rows: Sequence[Summary]) -> tuple[list[float], np.ndarray]:
    means = [r.mean if r.mean is not None else math.nan for r in rows]
    lo = [m - r.ci_low if r.ci_low is not None else 0.0 for m, r in zip(means, rows, strict=True)]
    hi = [r.ci_high - m if r.ci_high is not None else 0.0 for m, r in zip(means, rows, strict=True)]
    return means, np.array([lo, hi])


def _legend(ax: Axes) -> None:
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def _agents(r: Report) -> list[str]:
    return [s.agent for s in r.headline]


def score_per_agent(r: Report) -> str | None:
    rows = [s for s in r.headline if s.mean is not None]
    if not rows:
        return None
    fig = Figure(figsize=(7, 0.9 + 0.35 * len(rows)))
    ax = fig.subplots()
    means, err = _ci_err(rows)
    y = np.arange(len(rows))
    colors = _colors(_agents(r))
    ax.barh(y, means, color=[colors[s.agent] for s in rows], alpha=0.8)
    ax.errorbar(means, y, xerr=err, fmt="none", ecolor="black", capsize=3, lw=1)
    ax.set_yticks(y, [s.agent for s in rows])
    ax.invert_yaxis()
    ax.axvline(0, color="grey", lw=0.8)
    ax.axvline(1, color="grey", lw=0.8, ls=":")
    ax.set_xlabel(f"mean S (floored), {round(100 * r.confidence)} % bootstrap CI")
    return _svg(fig)


def cost_against_score(r: Report) -> str | None:
    rows = [s for s in r.headline if s.mean is not None and s.mean_cost is not None]
    if not rows:
        return None
    fig = Figure(figsize=(6.5, 4.2))
    ax = fig.subplots()
    colors = _colors(_agents(r))
    for s in rows:
        assert s.mean is not None and s.mean_cost is not None
        err = None
        if s.ci_low is not None and s.ci_high is not None:
            err = [[s.mean - s.ci_low], [s.ci_high - s.mean]]
        ax.errorbar([s.mean_cost], [s.mean], yerr=err, fmt="o", color=colors[s.agent], capsize=3, label=s.agent)
        if len(rows) <= 4:
            ax.annotate(s.agent, (s.mean_cost, s.mean), textcoords="offset points", xytext=(5, 4), fontsize=8)
    ax.set_xlabel("mean contact cost C")
    ax.set_ylabel("mean S (floored)")
    ax.axhline(0, color="grey", lw=0.8)
    ax.grid(alpha=0.3)
    _legend(ax)
    return _svg(fig)


def spend_against_score(r: Report) -> str | None:
    """EnterpriseClawBench's cost-score view: model spend per trial (USD) against mean S, one point per agent,
    so each harness-model combination shows what its score costs to buy."""
    spend = {e.key[0]: e.mean_usd for e in r.effort if e.mean_usd is not None and e.mean_usd > 0}
    rows = [s for s in r.headline if s.mean is not None and s.agent in spend]
    if not rows:
        return None
    fig = Figure(figsize=(6.5, 4.2))
    ax = fig.subplots()
    colors = _colors(_agents(r))
    for s in rows:
        assert s.mean is not None
        err = None
        if s.ci_low is not None and s.ci_high is not None:
            err = [[s.mean - s.ci_low], [s.ci_high - s.mean]]
        x = spend[s.agent]
        ax.errorbar([x], [s.mean], yerr=err, fmt="o", color=colors[s.agent], capsize=3, label=s.agent)
        if len(rows) <= 4:
            ax.annotate(s.agent, (x, s.mean), textcoords="offset points", xytext=(5, 4), fontsize=8)
    ax.set_xlabel("mean model spend per trial (USD)")
    ax.set_ylabel("mean S (floored)")
    ax.axhline(0, color="grey", lw=0.8)
    ax.grid(alpha=0.3)
    _legend(ax)
    return _svg(fig)


def agent_instance_heatmap(r: Report) -> str | None:
    m = r.matrix
    if not m.rows or not m.columns:
        return None
    grid = np.array([[math.nan if v is None else v for v in row] for row in m.values], dtype=np.float64)
    width = min(14.0, 3 + 0.25 * len(m.columns))
    fig = Figure(figsize=(width, 1.4 + 0.32 * len(m.rows)))
    ax = fig.subplots()
    cmap = matplotlib.colormaps["RdYlGn"].with_extremes(bad="#dddddd")
    lo = min(FLOOR, float(np.nanmin(grid))) if np.isfinite(grid).any() else FLOOR
    hi = max(1.0, float(np.nanmax(grid))) if np.isfinite(grid).any() else 1.0
    image = ax.imshow(
        np.ma.masked_invalid(grid), aspect="auto", cmap=cmap, norm=TwoSlopeNorm(0.0, lo, hi), interpolation="nearest"
    )
    ax.set_yticks(range(len(m.rows)), m.rows)
    if len(m.columns) <= MAX_LABELS:
        ax.set_xticks(range(len(m.columns)), m.columns, rotation=90, fontsize=7)
    else:
        ax.set_xticks([])
        ax.set_xlabel(f"{len(m.columns)} instances")
    fig.colorbar(image, ax=ax, label="mean S per instance (floored)", fraction=0.05)
    return _svg(fig)


def level_lines(r: Report) -> str | None:
    rows = [s for s in r.levels if s.mean is not None]
    if not rows:
        return None
    levels = sorted({s.key[1] for s in rows})
    fig = Figure(figsize=(6.5, 4))
    ax = fig.subplots()
    colors = _colors(_agents(r))
    per_agent: dict[str, list[Summary]] = defaultdict(list)
    for s in rows:
        per_agent[s.agent].append(s)
    for agent, pts in per_agent.items():
        pts.sort(key=lambda s: levels.index(s.key[1]))
        x = [levels.index(s.key[1]) for s in pts]
        means, err = _ci_err(pts)
        ax.errorbar(x, means, yerr=err, marker="o", capsize=3, color=colors.get(agent), label=agent)
    ax.set_xticks(range(len(levels)), levels)
    ax.set_xlabel("brief level")
    ax.set_ylabel("mean S (floored)")
    ax.axhline(0, color="grey", lw=0.8)
    ax.grid(alpha=0.3)
    _legend(ax)
    return _svg(fig)


def breakdown_bars(r: Report) -> str | None:
    rows = [s for s in r.breakdown if s.mean is not None]
    if not rows:
        return None
    groups = sorted({s.key[1] for s in rows})[:MAX_GROUPS]
    agents = [a for a in _agents(r) if any(s.agent == a for s in rows)]
    colors = _colors(_agents(r))
    fig = Figure(figsize=(7.5, 1.2 + 0.22 * len(groups) * max(1, len(agents)) ** 0.6))
    ax = fig.subplots()
    height = 0.8 / max(1, len(agents))
    index = {(s.agent, s.key[1]): s for s in rows}
    for j, agent in enumerate(agents):
        pts = [(g, index[(agent, g)]) for g in groups if (agent, g) in index]
        y = np.array([groups.index(g) for g, _ in pts]) + j * height - 0.4 + height / 2
        means, err = _ci_err([s for _, s in pts])
        ax.barh(y, means, height=height, color=colors[agent], label=agent, alpha=0.85)
        ax.errorbar(means, y, xerr=err, fmt="none", ecolor="black", lw=0.7, capsize=1.5)
    ax.set_yticks(range(len(groups)), groups)
    ax.invert_yaxis()
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel(f"mean S (floored) by {r.by}")
    _legend(ax)
    return _svg(fig)


def discovery(r: Report) -> str | None:
    rows = r.discovery
    if not rows or all(e.mean_questions is None and e.mean_cost is None for e in rows):
        return None
    agents = [e.key[0] for e in rows]
    colors = _colors(_agents(r))
    fig = Figure(figsize=(10, 1.2 + 0.3 * len(rows)))
    axes: Sequence[Axes] = fig.subplots(1, 3, sharey=True)
    metrics: list[tuple[str, Callable[[int], float | None]]] = [
        ("questions asked", lambda i: rows[i].mean_questions),
        ("key-fact coverage", lambda i: rows[i].mean_coverage),
        ("contact cost C", lambda i: rows[i].mean_cost),
    ]
    y = np.arange(len(rows))
    for ax, (label, get) in zip(axes, metrics, strict=True):
        values = [get(i) for i in range(len(rows))]
        ax.barh(y, [math.nan if v is None else v for v in values], color=[colors.get(a) for a in agents])
        ax.set_title(label)
        ax.grid(axis="x", alpha=0.3)
    axes[0].set_yticks(y, agents)
    axes[0].invert_yaxis()
    axes[1].set_xlim(0, 1)
    return _svg(fig)


def pass_k_curves(r: Report) -> str | None:
    rows = [p for p in r.pass_k if p.pass_hat]
    if not rows or max(max(p.pass_hat) for p in rows) < 2:
        return None
    fig = Figure(figsize=(6, 3.8))
    ax = fig.subplots()
    colors = _colors(_agents(r))
    for p in rows:
        ks = sorted(p.pass_hat)
        ax.plot(ks, [p.pass_hat[k] for k in ks], marker="o", color=colors.get(p.agent), label=p.agent)
    ax.set_xlabel("k")
    ax.set_ylabel("pass^k")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    _legend(ax)
    return _svg(fig)


def variance_shares(r: Report) -> str | None:
    v = r.variance
    if v is None:
        return None
    fig = Figure(figsize=(6, 2.6))
    ax = fig.subplots()
    names = list(v.shares)
    ax.barh(names, [v.shares[n] for n in names], color="#4c72b0")
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of the total sum of squares of per-instance mean S")
    return _svg(fig)


PLOTS: list[tuple[str, str, Callable[[Report], str | None]]] = [
    ("fig-score", "Mean score S per agent (floored average) with its bootstrap confidence interval.", score_per_agent),
    ("fig-cost-score", "Mean contact cost C against mean score S, one point per agent.", cost_against_score),
    (
        "fig-spend-score",
        "Mean model spend per trial (USD) against mean score S, one point per harness-model combination.",
        spend_against_score,
    ),
    ("fig-heatmap", "Mean S per agent and instance (grey: no counted trial).", agent_instance_heatmap),
    ("fig-levels", "Mean S per brief level (L0 … L3) for each agent, with confidence intervals.", level_lines),
    ("fig-breakdown", "Mean S per agent for each {by}, with confidence intervals.", breakdown_bars),
    (
        "fig-discovery",
        "Discovery on engagements: questions asked, key-fact coverage and contact cost per agent.",
        discovery,
    ),
    ("fig-pass-k", "pass^k: the chance that k trials of one instance all solve it.", pass_k_curves),
    ("fig-variance", "Harness versus model: shares of the variance of per-instance mean S.", variance_shares),
]


def render_plots(r: Report) -> list[Plot]:
    out = []
    for pid, caption, fn in PLOTS:
        svg = fn(r)
        if svg is not None:
            out.append(Plot(pid, caption.format(by=r.by), svg))
    return out
