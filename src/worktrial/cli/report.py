"""`worktrial report` and `worktrial compare`: statistics of stored jobs as tables, JSON or an HTML file.

`headline_table` is also what `worktrial run` prints at the end of a job, so both show the same table.
"""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import typer
from rich.console import Console
from rich.table import Table
from sqlalchemy import Float, String, case, cast, func, select, type_coerce

from ..analysis import Comparison, Summary, TrialTable, compare_tables, summarise
from ..analysis.report import (
    DEFAULT_BREAKDOWN,
    Report,
    TrialLink,
    build_report,
    comparison_json,
    effort_cells,
    fmt,
    report_json,
)
from ..analysis.rubric_report import RubricRow, rubric_json, rubric_summary
from ..analysis.table import USAGE_KEYS
from ..store import Store, TrialRow
from .common import HomeOpt, StoreOpt, app, err, guarded, open_store, out


def job_title(job_ids: Sequence[str]) -> str:
    return f"job {job_ids[0]}" if len(job_ids) == 1 else "jobs " + ", ".join(job_ids)


def headline_table(title: str, rows: Sequence[Summary]) -> Table:
    """Per agent: trials, errors, mean S with its bootstrap CI, solved/counted, mean U, mean C."""
    table = Table("agent", "trials", "errors", "mean S", "95% CI", "solved", "mean U", "mean C", title=title)
    for s in rows:
        ci = "—" if s.ci_low is None or s.ci_high is None else f"[{s.ci_low:.3f}, {s.ci_high:.3f}]"
        table.add_row(
            s.agent,
            str(s.trials),
            str(s.errors),
            fmt(s.mean),
            ci,
            f"{s.solved}/{s.done}",
            fmt(s.mean_uplift),
            fmt(s.mean_cost),
        )
    return table


def headline(title: str, table: TrialTable) -> Table:
    """The headline table of a set of trials: the one function behind `run`'s and `report`'s summaries."""
    return headline_table(title, summarise(table))


# Score-card values a report reads, by JSON path: (raw field, path).
CARD_PATHS: list[tuple[str, tuple[str, ...]]] = [
    ("questions_asked", ("questions_asked",)),
    ("key_fact_coverage", ("key_fact_coverage",)),
    ("actions", ("details", "agent", "actions")),
    ("termination", ("details", "agent", "termination")),
    *((k, ("details", "agent", "usage", k)) for k in USAGE_KEYS),
]


def print_rubric(rows: Sequence[RubricRow], by: str | None) -> None:
    from ..tasks.rubric import RUBRIC_DIMENSIONS

    def f(v: float | None, d: int = 3) -> str:
        return "—" if v is None else f"{v:.{d}f}"

    short = {"grounded_accuracy": "grounded", "task_relevance": "relevance", "substantive_depth": "depth",
             "practical_utility": "utility", "communication_quality": "communication"}  # fmt: skip
    heads = ["agent", *([by] if by else []), "trials", "hard rules", "judged", "rubric"]
    table = Table(*heads, *[short[d] for d in RUBRIC_DIMENSIONS], title="deliverables: hard rules and rubric (0-10)")
    for r in rows:
        cells = [r.agent, *([r.group] if by else []), str(r.trials), f(r.rules_rate), str(r.judged), f(r.rubric_mean)]
        table.add_row(*cells, *[f(r.dimension_means.get(d), 1) for d in RUBRIC_DIMENSIONS])
    out.print(table)


def refuse_mixed_judges(store: Store, job_ids: Sequence[str]) -> None:
    """Judges score on different scales (a weaker one scores higher), so jobs whose judged tasks were scored by
    different judges, or some by none, are never pooled: exit 2, naming them."""
    c = TrialRow.__table__.c
    with store.errors(), store.session() as s:
        rows = s.execute(select(c.job_id, c.meta).where(c.job_id.in_(list(job_ids)))).all()
    judged_jobs = {j for j, meta in rows if (meta or {}).get("judged", (meta or {}).get("kind") == "deliverable")}
    if len(judged_jobs) < 2:
        return
    judges = {j: ((row.config or {}) if (row := store.job(j)) else {}).get("judge") for j in sorted(judged_jobs)}
    if len(set(judges.values())) > 1:
        named = ", ".join(f"{j}: {v or 'no judge'}" for j, v in judges.items())
        err.print(
            f"report: these jobs' judged tasks were scored by different judges ({named}); scores of different judges "
            "are not comparable: report each judge's jobs apart, or judge them again alike (`worktrial judges agree`)",
            markup=False,
        )
        raise typer.Exit(2)


def load_table(store: Store, job_ids: Sequence[str], card_values: bool = True) -> TrialTable:
    """`read_table` with the store's failures (damaged, locked) reported as `StoreError`."""
    with store.errors():
        return read_table(store, job_ids, card_values)


def read_table(store: Store, job_ids: Sequence[str], card_values: bool = True) -> TrialTable:
    """The trials of the given jobs; gives the same table as `TrialTable.from_records` on their `TrialRow`s.

    Scores, costs, outcomes and metadata come from the trial columns. With `card_values` the database also reads
    the effort figures (questions, key facts, actions, usage) out of the score cards by JSON path — the costly
    part of a large read — so no score card is decoded in Python. The planning metadata is read once per
    instance.
    """
    c = TrialRow.__table__.c
    plain: list[Any] = [
        c.job_id,
        c.instance,
        c.agent,
        c.repeat,
        c.status,
        c.score,
        c.solved,
        c.uplift,
        c.contact_cost,
        type_coerce(c.incidents, String).label("incidents"),
    ]
    names = [col.name for col in plain]
    where = c.job_id.in_(list(job_ids))
    sqlite = store.engine.dialect.name == "sqlite"
    times: list[Any] = (
        [(func.julianday(c.finished) - func.julianday(c.started)) * 86400.0] if sqlite else [c.started, c.finished]
    )
    card: list[Any] = []
    numeric = [(n, p) for n, p in CARD_PATHS if n != "termination"]
    if card_values and sqlite:
        # One json_extract with every numeric path parses each card once and returns one JSON array per row,
        # with null spelled nan so that numpy can read all rows at once.
        paths = ["$." + ".".join(f'"{q}"' for q in path) for _, path in numeric]
        card = [
            func.replace(func.json_extract(c.scorecard, *paths), "null", "nan"),
            func.json_extract(c.scorecard, '$."details"."agent"."termination"'),
        ]
    elif card_values:
        card = [_card_value(c.scorecard, p, as_text=n == "termination").label(n) for n, p in CARD_PATHS]
    query = select(*plain, *times, *card).where(where).order_by(c.id)
    if sqlite:  # read straight from the driver, without per-value type processing
        sql = str(query.compile(dialect=store.engine.dialect, compile_kwargs={"literal_binds": True}))
        conn = store.engine.raw_connection()
        try:
            rows = conn.cursor().execute(sql).fetchall()
        finally:
            conn.close()
    else:
        with store.engine.connect() as sa_conn:
            rows = list(sa_conn.execute(query).all())
    metas = select(c.instance, func.max(cast(c.meta, String))).where(where).group_by(c.instance)
    with store.engine.connect() as sa_conn:
        meta_by_instance = {i: m for i, m in sa_conn.execute(metas).all()}
    width = len(plain) + len(times) + len(card)
    cols: list[Sequence[Any]] = list(zip(*rows, strict=True)) if rows else [() for _ in range(width)]
    raw: dict[str, Sequence[Any]] = dict(zip(names, cols, strict=False))
    k = len(plain)
    if sqlite:
        raw["wall_s"] = cols[k]
    else:
        raw["wall_s"] = [
            (f - s).total_seconds() if s is not None and f is not None else None
            for s, f in zip(cols[k], cols[k + 1], strict=True)
        ]
    k += len(times)
    if not card_values:
        nothing = [None] * len(rows)
        raw.update({name: nothing for name, _ in CARD_PATHS})
    elif sqlite:
        raw.update(_numeric_arrays(cols[k], [n for n, _ in numeric]))
        raw["termination"] = cols[k + 1]
    else:
        raw.update({name: cols[k + j] for j, (name, _) in enumerate(CARD_PATHS)})
    return TrialTable.from_raw(raw, meta_by_instance)


def _card_value(card: Any, path: tuple[str, ...], as_text: bool) -> Any:
    """A score-card value by JSON path on PostgreSQL: text, or a number only where the card holds a number or a
    bool (a cast of anything else would fail the whole query)."""
    if as_text:
        return card[path].as_string()
    kind, value = func.json_typeof(card[path]), card[path].as_string()
    return case(
        (kind == "number", cast(value, Float)),
        (kind == "boolean", case((value == "true", 1.0), else_=0.0)),  # as numpy reads a bool in a row of numbers
        else_=None,
    )


def _numeric_arrays(texts: Sequence[str | None], names: list[str]) -> dict[str, Sequence[Any]]:
    """Columns of numbers from one `[a,b,nan,…]` text per row: parsed by numpy in one pass when every value is
    a number, else by the JSON parser (a card may hold something else where a number is expected)."""
    width = len(names)
    empty = ",".join("nan" for _ in names)
    body = ",".join(t[1:-1] if t else empty for t in texts)
    values: Any = None
    if texts:
        # A value that is not a number stops numpy (a warning or an error, by version): the JSON parser reads it.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                parsed = np.fromstring(body, sep=",") if body else np.empty(0)
            except ValueError:
                parsed = np.empty(0)
        if parsed.size == len(texts) * width:
            values = parsed.reshape(len(texts), width).T
    if values is None:
        nulls = "[" + ",".join("null" for _ in names) + "]"
        rows = json.loads("[" + ",".join(t.replace("nan", "null") if t else nulls for t in texts) + "]")
        values = list(zip(*rows, strict=True)) if rows else [() for _ in names]
    return {name: values[j] for j, name in enumerate(names)}


def resolve_jobs(store: Store, job_ids: Sequence[str]) -> list[str]:
    known = [j.id for j in store.jobs()]
    if not job_ids:
        if not known:
            err.print("no jobs in the store: run `worktrial run` first")
            raise typer.Exit(2)
        return [known[-1]]
    missing = [j for j in job_ids if j not in known]
    if missing:
        err.print(f"no job {', '.join(missing)} in the store (list them with `worktrial jobs`)", markup=False)
        raise typer.Exit(2)
    return list(job_ids)


def print_report(r: Report, title: str, console: Console | None = None) -> None:
    """The terminal form of a report: headline, then what the report holds of effort, breakdown, levels and
    harness × model."""
    con = console or out
    con.print(headline_table(title, r.headline))
    if r.effort:
        effort = Table(
            "agent",
            "counted",
            "C",
            "questions",
            "key facts",
            "actions",
            "tokens",
            "USD",
            "wall s",
            title="effort and discovery (means per trial)",
        )
        for e in r.effort:
            effort.add_row(*effort_cells(e))
        con.print(effort)
    if r.by is not None:
        bd = Table("agent", r.by, "instances", "trials", "errors", "mean S", "95% CI", "solved", title=f"by {r.by}")
        for s in r.breakdown:
            ci = "—" if s.ci_low is None or s.ci_high is None else f"[{s.ci_low:.3f}, {s.ci_high:.3f}]"
            bd.add_row(
                s.agent,
                s.key[1],
                str(s.instances),
                str(s.trials),
                str(s.errors),
                fmt(s.mean),
                ci,
                f"{s.solved}/{s.done}",
            )
        con.print(bd)
    if r.level_deltas:
        lv = Table("agent", "level", "pairs", "mean L0", "mean", "Δ", "95% CI", "p", title="level − L0, paired")
        for d in r.level_deltas:
            lv.add_row(
                d.agent,
                d.level,
                str(d.n),
                fmt(d.mean_base),
                fmt(d.mean_level),
                fmt(d.diff),
                f"[{d.ci_low:.3f}, {d.ci_high:.3f}]",
                fmt(d.p_value, 4),
            )
        con.print(lv)
    if r.variance is not None:
        v = r.variance
        vt = Table(
            "source",
            "share of total",
            "share between agents",
            title=f"harness × model ({len(v.harnesses)} × {len(v.models)}, {v.instances} instances)",
        )
        for k in v.shares:
            vt.add_row(k, fmt(v.shares[k]), fmt(v.between_agents.get(k)))
        con.print(vt)


@app.command()
def report(
    jobs: Annotated[list[str] | None, typer.Argument(help="Job ids (default: the latest job).")] = None,
    by: Annotated[
        str | None,
        typer.Option(
            "--by",
            help="Break down by family, industry, domain, subdomain, level, role_class, deliverable, tier, "
            "variant, kind, harness, model, …",
        ),
    ] = None,
    cluster: Annotated[
        str | None, typer.Option("--cluster", help="Bootstrap whole clusters (e.g. family) instead of instances.")
    ] = None,
    show_rubric: Annotated[
        bool,
        typer.Option("--rubric", help="Also deliverables' hard-rule pass rate, rubric score and dimension means."),
    ] = False,
    show_effort: Annotated[
        bool, typer.Option("--effort", help="Also the effort table: questions, key facts, actions, tokens, …")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="The whole report as JSON on stdout.")] = False,
    html: Annotated[Path | None, typer.Option("--html", help="Also write a self-contained HTML report.")] = None,
    viewer: Annotated[
        str | None,
        typer.Option("--viewer", help="With --html: list every trial, linked to the run viewer at this address."),
    ] = None,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Statistics of one or more jobs: headline per agent, breakdowns, levels, effort; JSON or HTML."""
    full = as_json or html is not None  # files and JSON hold everything; the terminal what was asked for

    links: list[TrialLink] = []

    def rubric_rows_of(ids: list[str], by: str | None) -> list[RubricRow]:
        store = open_store(home, store_at)
        with store.errors():
            return rubric_summary([t for j in ids for t in store.trials(j)], by)

    def body() -> tuple[list[str], Report]:
        store = open_store(home, store_at)
        ids = resolve_jobs(store, jobs or [])
        refuse_mixed_judges(store, ids)
        try:
            table = load_table(store, ids, card_values=full or show_effort)
            built = build_report(
                table,
                ids,
                by=by or (DEFAULT_BREAKDOWN if full else None),
                cluster=cluster,
                with_effort=full or show_effort,
            )
        except ValueError as e:
            err.print(str(e), markup=False)
            raise typer.Exit(2) from None
        if viewer is not None:
            links.extend(TrialLink(t.id, t.instance, t.agent, t.status, t.score) for j in ids for t in store.trials(j))
        return ids, built

    ids, r = guarded(body)
    title = job_title(ids)
    if html is not None:
        from ..analysis.html import render_html  # matplotlib is loaded only when a file is asked for

        html.write_text(render_html(r, title, links, viewer), encoding="utf-8")
        err.print(f"wrote {html}", markup=False)
    rubric_rows = guarded(lambda: rubric_rows_of(ids, by)) if show_rubric else None
    if as_json:
        doc = report_json(r)
        if rubric_rows is not None:
            doc["rubric"] = rubric_json(rubric_rows)
        json.dump(doc, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:  # the terminal shows the breakdown and the effort table only when asked for
        print_report(replace(r, by=r.by if by else None, effort=r.effort if show_effort else []), title)
        if rubric_rows is not None:
            print_rubric(rubric_rows, by)
    if r.errors:
        err.print(f"{r.errors} trial(s) failed for infrastructure reasons: counted as errors, never averaged")


@app.command()
def compare(
    job_a: Annotated[str, typer.Argument(help="Baseline job.")],
    job_b: Annotated[str, typer.Argument(help="Job compared with it.")],
    as_json: Annotated[bool, typer.Option("--json")] = False,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Paired comparison B − A on the (agent, instance) pairs both jobs have: overall, per agent, per family."""

    def body() -> list[Comparison]:
        store = open_store(home, store_at)
        resolve_jobs(store, [job_a, job_b])
        return compare_tables(load_table(store, [job_a]), load_table(store, [job_b]))

    rows = guarded(body)
    if as_json:
        print(json.dumps(comparison_json(job_a, job_b, rows), indent=2))
        return
    if not rows:
        err.print("the two jobs share no (agent, instance) pair with a counted trial")
        raise typer.Exit(1)
    table = Table("scope", "name", "n", "mean A", "mean B", "Δ B − A", "95% CI", "p", title=f"A = {job_a}, B = {job_b}")
    for c in rows:
        table.add_row(
            c.scope,
            c.name,
            str(c.n),
            fmt(c.mean_a),
            fmt(c.mean_b),
            fmt(c.diff),
            f"[{c.ci_low:.3f}, {c.ci_high:.3f}]",
            fmt(c.p_value, 4),
        )
    out.print(table)
