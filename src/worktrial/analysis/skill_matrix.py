"""The skill-transfer matrix: per consumer × creator, the held-out score without and with the creator's skill.

Scores are paired by held-out instance (repeats of one instance averaged first), so what the instances share
cancels; Δ = mean(with − baseline) with a percentile bootstrap CI over instances (analysis/resampling.py). A
void trial drops its instance from that cell's pairs, and a cell with no pair left has no Δ rather than a zero.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from statistics import fmean
from typing import Any

import numpy as np

from .resampling import RESAMPLES, SEED, paired_bootstrap


@dataclass(frozen=True)
class Cell:
    consumer: str
    creator: str
    n: int  # held-out instances scored both ways
    baseline: float | None
    with_skill: float | None
    delta: float | None
    ci_low: float | None
    ci_high: float | None
    note: str = ""  # why the cell has no figures (the creator failed, every trial void)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def instance_means(scores: Iterable[tuple[str, float | None]]) -> dict[str, float]:
    """Mean score per instance over its scored trials; an instance with only void trials is left out."""
    by: dict[str, list[float]] = defaultdict(list)
    for instance, score in scores:
        if score is not None:
            by[instance].append(score)
    return {i: fmean(v) for i, v in by.items()}


def matrix_cell(
    consumer: str,
    creator: str,
    baseline: Mapping[str, float],
    with_skill: Mapping[str, float],
    resamples: int = RESAMPLES,
    seed: int = SEED,
) -> Cell:
    common = sorted(set(baseline) & set(with_skill))
    if not common:
        return Cell(consumer, creator, 0, None, None, None, None, None, "no held-out instance scored both ways")
    x = np.array([with_skill[i] for i in common], dtype=np.float64)
    y = np.array([baseline[i] for i in common], dtype=np.float64)
    d = paired_bootstrap(x, y, resamples=resamples, seed=seed)
    return Cell(consumer, creator, d.n, d.mean_y, d.mean_x, d.diff, d.ci_low, d.ci_high)


def void_cell(consumer: str, creator: str, note: str) -> Cell:
    return Cell(consumer, creator, 0, None, None, None, None, None, note)


def _f(value: float | None) -> str:
    return "—" if value is None else f"{value:+.3f}" if value < 0 else f"{value:.3f}"


def matrix_rows(cells: Iterable[Cell]) -> list[list[str]]:
    """One row per cell: consumer, creator, n, baseline, with skill, Δ, CI, note."""
    rows = []
    for c in cells:
        ci = "—" if c.ci_low is None or c.ci_high is None else f"[{c.ci_low:+.3f}, {c.ci_high:+.3f}]"
        delta = "—" if c.delta is None else f"{c.delta:+.3f}"
        rows.append([c.consumer, c.creator, str(c.n), _f(c.baseline), _f(c.with_skill), delta, ci, c.note])
    return rows


MATRIX_HEAD = ["consumer", "creator", "held-out n", "baseline", "with skill", "Δ", "95% CI of Δ", "note"]


def render_matrix_html(experiment: Mapping[str, Any], cells: Iterable[Cell]) -> str:
    """The experiment's matrix as one self-contained HTML page, styled as the reports are."""
    from html import escape

    from .html import CSS, html_table

    title = f"Skill transfer {experiment['experiment']}"
    plan = experiment["plan"]
    return "".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>",
            f"<h1>{escape(title)}</h1>",
            f'<p class="meta">Role class {escape(plan["role_class"])}; {len(experiment["train"])} training and '
            f"{len(experiment['heldout'])} held-out tasks (seed {plan['seed']}); baseline job "
            f"<code>{escape(experiment['baseline_job'])}</code>, skill job <code>{escape(experiment['skill_job'])}"
            "</code>. Δ = mean over held-out tasks of (with skill − baseline), paired by task; 95 % percentile "
            "bootstrap over tasks.</p>",
            "<h2>Consumer × creator</h2>",
            html_table(MATRIX_HEAD, matrix_rows(cells), left=2),
            "</body></html>\n",
        ]
    )
