"""`tabular`: a delivered table (CSV or an xlsx sheet) against a reference table, row by row.

Rows are matched on the key columns (or by position without a key); a row matches when every compared
column agrees under that column's rule (tolerances, normalisation). The value is the share of reference
rows matched; with `penalise_extra` rows the reference lacks also count in the denominator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from worktrial.tasks.checks import ColumnRule, TabularCheck

from . import formats
from .base import CheckContext, Outcome, clip, listing
from .detect import detect
from .files import FileProblem, Tree
from .sheets import sheet_of
from .values import as_number, normalise, same, show


@dataclass(frozen=True)
class Table:
    columns: list[str]  # as written in the header
    rows: list[list[Any]]

    def index(self) -> dict[str, int]:
        return {c.strip().casefold(): i for i, c in enumerate(self.columns)}


def read_table(tree: Tree, path: str, sheet: str | None) -> Table:
    entry, data = tree.read_one(path)
    kind = detect(data)
    if kind == "xlsx":
        wb = formats.workbook(data, entry.rel, tree.limits, data_only=True)
        ws = sheet_of(wb, sheet, entry.rel)
        raw = [list(r) for r in ws.iter_rows(values_only=True)]
        rows = [r for r in raw if any(v is not None and str(v).strip() != "" for v in r)]
    elif kind in ("csv", "text"):
        rows = [list(r) for r in formats.csv_rows(data, entry.rel)]
    else:
        raise FileProblem(f"{entry.rel}: not a table (its content is {kind}; expected csv or xlsx)")
    if not rows:
        raise FileProblem(f"{entry.rel}: the table is empty")
    header = ["" if v is None else str(v).strip() for v in rows[0]]
    width = len(header)
    body = [(r + [None] * width)[:width] for r in rows[1:]]
    return Table(header, body)


class _Rules:
    def __init__(self, spec: TabularCheck) -> None:
        self.spec = spec
        self.by_name = {k.strip().casefold(): v for k, v in spec.columns.items()}

    def rule(self, column: str) -> ColumnRule:
        return self.by_name.get(column.strip().casefold()) or ColumnRule()

    def prepare(self, column: str, value: Any) -> Any:
        r = self.rule(column)
        steps = r.normalise or ["strip"]
        return normalise(value, steps, r.date_formats)

    def agree(self, column: str, got: Any, want: Any) -> bool:
        r = self.rule(column)
        abs_tol = r.abs_tol if r.abs_tol is not None else self.spec.abs_tol
        rel_tol = r.rel_tol if r.rel_tol is not None else self.spec.rel_tol
        return same(self.prepare(column, got), self.prepare(column, want), abs_tol, rel_tol)

    def key_text(self, column: str, value: Any) -> str:
        value = self.prepare(column, value)
        number = as_number(value) if not isinstance(value, str) or value.strip() else None
        if number is not None:
            return str(int(number)) if number.is_integer() else repr(number)
        return str(value if value is not None else "").strip()


def tabular(spec: TabularCheck, ctx: CheckContext) -> Outcome:
    got = read_table(ctx.output, spec.path, spec.sheet)
    try:
        want = read_table(ctx.reference, spec.reference or spec.path, spec.reference_sheet or spec.sheet)
    except FileProblem as e:
        return Outcome.unavailable(f"reference table: {e}")
    rules = _Rules(spec)
    got_idx, want_idx = got.index(), want.index()
    compared = [c.strip().casefold() for c in (spec.compare or want.columns) if c.strip()]
    keys = [k.strip().casefold() for k in spec.key]
    absent = [c for c in dict.fromkeys(compared + keys) if c not in got_idx]
    missing_in_ref = [c for c in dict.fromkeys(compared + keys) if c not in want_idx]
    if missing_in_ref:
        return Outcome.unavailable(f"reference table lacks column(s) {missing_in_ref}")
    if any(k in absent for k in keys):
        return Outcome.failed(f"key column(s) missing: {[k for k in keys if k in absent]} (columns: {got.columns})")

    def key_of(row: list[Any], idx: dict[str, int]) -> tuple[str, ...]:
        return tuple(rules.key_text(k, row[idx[k]]) for k in keys)

    pairs: list[tuple[str, list[Any] | None, list[Any]]] = []  # (label, delivered row, reference row)
    extra: list[str] = []
    if keys:
        delivered: dict[tuple[str, ...], list[Any]] = {}
        for row in got.rows:
            k = key_of(row, got_idx)
            if k in delivered:
                extra.append(f"duplicate {_label(k)}")
            else:
                delivered[k] = row
        wanted_keys = set()
        for row in want.rows:
            k = key_of(row, want_idx)
            wanted_keys.add(k)
            pairs.append((_label(k), delivered.get(k), row))
        extra += [_label(k) for k in delivered if k not in wanted_keys]
    else:
        for i, row in enumerate(want.rows):
            pairs.append((f"row {i + 1}", got.rows[i] if i < len(got.rows) else None, row))
        extra += [f"row {i + 1}" for i in range(len(want.rows), len(got.rows))]

    matched, missing, mismatched = 0, [], []
    for label, mine, theirs in pairs:
        if mine is None:
            missing.append(label)
            continue
        diffs = []
        for c in compared:
            if c in absent:
                diffs.append(f"{c} missing")
                continue
            a, b = mine[got_idx[c]], theirs[want_idx[c]]
            if not rules.agree(c, a, b):
                diffs.append(f"{c} {show(a)} ≠ {show(b)}")
        if diffs:
            mismatched.append(f"{label}: {', '.join(diffs[:3])}")
        else:
            matched += 1
    denominator = len(want.rows) + (len(extra) if spec.penalise_extra else 0)
    value = matched / denominator if denominator else 1.0
    parts = [f"{matched}/{len(want.rows)} reference rows matched"]
    if absent:
        parts.append(f"missing columns {absent}")
    if missing:
        parts.append(f"missing rows ({len(missing)}): {listing(missing)}")
    if extra:
        parts.append(f"extra rows ({len(extra)}): {listing(extra)}")
    if mismatched:
        parts.append(f"mismatched rows ({len(mismatched)}): {listing(mismatched, 4)}")
    return Outcome(value, clip("; ".join(parts)))


def _label(key: tuple[str, ...]) -> str:
    return "key=(" + ", ".join(key) + ")"
