"""A report as one self-contained HTML file: inline CSS, plots as inline SVG images, no scripts, no fetches."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape
from urllib.parse import quote

from .plots import render_plots
from .report import Report, TrialLink, effort_cells, fmt
from .summaries import Summary

CSS = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 1100px;
       color: #1d2330; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
.meta { color: #5a6275; }
table { border-collapse: collapse; margin: .6rem 0; font-variant-numeric: tabular-nums; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #e1e4ea; text-align: right; }
th { background: #f3f5f8; } td:first-child, th:first-child { text-align: left; }
td.l, th.l { text-align: left; }
figure { margin: 1.2rem 0; padding: .6rem; border: 1px solid #e1e4ea; border-radius: 6px; }
figure img { max-width: 100%; height: auto; display: block; }
figcaption { color: #5a6275; font-size: .9rem; margin-top: .4rem; }
code { background: #f3f5f8; padding: 0 .2rem; }
"""


def _ci(s: Summary) -> str:
    return "—" if s.ci_low is None or s.ci_high is None else f"[{s.ci_low:.3f}, {s.ci_high:.3f}]"


def html_table(head: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> str:
    def cells(tag: str, values: Sequence[str]) -> str:
        return "".join(f"<{tag}{' class=l' if i < left else ''}>{escape(v)}</{tag}>" for i, v in enumerate(values))

    body = "".join(f"<tr>{cells('td', r)}</tr>" for r in rows)
    return f"<table><thead><tr>{cells('th', head)}</tr></thead><tbody>{body}</tbody></table>"


def headline_rows(r: Report) -> list[list[str]]:
    return [
        [
            s.agent,
            str(s.trials),
            str(s.errors),
            fmt(s.mean),
            _ci(s),
            f"{s.solved}/{s.done}",
            fmt(s.mean_uplift),
            fmt(s.mean_cost),
        ]
        for s in r.headline
    ]


def _trials_section(links: Sequence[TrialLink], viewer: str) -> list[str]:
    base = viewer.rstrip("/")
    rows = "".join(
        f'<tr><td class=l><a href="{escape(base)}/trials/{quote(t.id, safe="/")}">{escape(t.instance)}</a></td>'
        f"<td class=l>{escape(t.agent)}</td><td class=l>{escape(t.status)}</td><td>{fmt(t.score)}</td></tr>"
        for t in links
    )
    return [
        "<h2>Trials</h2>",
        f'<p class="meta">Each opens in the run viewer at {escape(base)}.</p>',
        "<table><thead><tr><th class=l>instance</th><th class=l>agent</th><th class=l>status</th><th>S</th></tr>"
        f"</thead><tbody>{rows}</tbody></table>",
    ]


def render_html(r: Report, title: str, trials: Sequence[TrialLink] = (), viewer: str | None = None) -> str:
    """The report; with `viewer` (the web app's address) also every trial, linked to its page there."""
    pct = round(100 * r.confidence)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta">{r.trials} trials, {r.errors} infrastructure errors (excluded from every mean, counted '
        f"here), {r.unfinished} not finished. Means use max(U_adj, {r.floor:g}) − C per trial, averaged over "
        f"repeats then instances; {pct} % percentile bootstrap over "
        f"{'clusters of ' + escape(r.cluster) if r.cluster else 'instances'}, {r.resamples} resamples, "
        f"seed {r.seed}.</p>",
        "<h2>Headline</h2>",
        html_table(
            ["agent", "trials", "errors", "mean S", f"{pct}% CI", "solved", "mean U", "mean C"], headline_rows(r)
        ),
    ]
    for plot in render_plots(r):
        data = base64.b64encode(plot.svg.encode("utf-8")).decode("ascii")
        parts.append(
            f'<figure id="{plot.id}"><img alt="{escape(plot.caption)}" src="data:image/svg+xml;base64,{data}">'
            f"<figcaption>{escape(plot.caption)}</figcaption></figure>"
        )
    if r.by is not None:
        parts += [
            f"<h2>By {escape(r.by)}</h2>",
            html_table(
                ["agent", r.by, "instances", "trials", "errors", "mean S", f"{pct}% CI", "solved"],
                [
                    [
                        s.agent,
                        s.key[1],
                        str(s.instances),
                        str(s.trials),
                        str(s.errors),
                        fmt(s.mean),
                        _ci(s),
                        str(s.solved),
                    ]
                    for s in r.breakdown
                ],
                left=2,
            ),
        ]
    parts += (
        []
        if not r.effort
        else [
            "<h2>Effort and discovery</h2>",
            html_table(
                ["agent", "counted", "C", "questions", "key facts", "actions", "tokens", "USD", "wall s", "ended"],
                [[*effort_cells(e), ", ".join(f"{k} {v}" for k, v in e.terminations.items()) or "—"] for e in r.effort],
            ),
        ]
    )
    if r.level_deltas:
        parts += [
            "<h2>Brief levels: change against L0 on the same family/variant</h2>",
            html_table(
                ["agent", "level", "pairs", "mean at L0", "mean at level", "Δ", f"{pct}% CI", "p"],
                [
                    [
                        d.agent,
                        d.level,
                        str(d.n),
                        fmt(d.mean_base),
                        fmt(d.mean_level),
                        fmt(d.diff),
                        f"[{d.ci_low:.3f}, {d.ci_high:.3f}]",
                        fmt(d.p_value, 4),
                    ]
                    for d in r.level_deltas
                ],
                left=2,
            ),
        ]
    ks = sorted({k for p in r.pass_k for k in p.pass_hat})
    if ks:
        parts += [
            "<h2>pass^k</h2>",
            html_table(
                ["agent", "instances", *[f"pass^{k}" for k in ks]],
                [[p.agent, str(p.instances), *[fmt(p.pass_hat.get(k)) for k in ks]] for p in r.pass_k],
            ),
        ]
    if r.variance is not None:
        v = r.variance
        dropped = "; left out to complete the grid: " + ", ".join(v.dropped_agents) if v.dropped_agents else ""
        dropped = escape(dropped)
        parts += [
            "<h2>Harness versus model</h2>",
            f'<p class="meta">{len(v.harnesses)} harnesses × {len(v.models)} models on {v.instances} common '
            f"instances{dropped}.</p>",
            html_table(
                ["source", "sum of squares", "share of total", "share between agents"],
                [
                    [k, fmt(v.sums_of_squares[k], 4), fmt(v.shares[k]), fmt(v.between_agents.get(k))]
                    for k in v.sums_of_squares
                ],
            ),
        ]
    if viewer is not None:
        parts += _trials_section(trials, viewer)
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
