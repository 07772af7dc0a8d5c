"""`numeric`: one number located in a file (JSON path, CSV cell, xlsx cell or regex) against the expected."""

from __future__ import annotations

import re
from typing import Any

from worktrial.tasks.checks import CsvCell, NumericCheck

from . import formats
from .base import CheckContext, Outcome
from .files import FileProblem, Tree
from .sheets import cell_value
from .values import as_number, close, json_at


def csv_cell(rows: list[list[str]], cell: CsvCell, rel: str) -> str:
    if not rows:
        raise FileProblem(f"{rel}: empty csv")
    header = [h.strip().casefold() for h in rows[0]]

    def column(name: str) -> int:
        try:
            return header.index(name.strip().casefold())
        except ValueError:
            raise FileProblem(f"{rel}: no column {name!r} (columns: {rows[0]})") from None

    col = column(cell.column)
    body = rows[1:]
    if cell.row is not None:
        if cell.row >= len(body):
            raise FileProblem(f"{rel}: no data row {cell.row} ({len(body)} rows)")
        row = body[cell.row]
    else:
        wanted = [(column(k), v.strip().casefold()) for k, v in cell.where.items()]
        hits = [r for r in body if all(i < len(r) and r[i].strip().casefold() == v for i, v in wanted)]
        if len(hits) != 1:
            raise FileProblem(f"{rel}: {len(hits)} rows where {cell.where} (expected one)")
        row = hits[0]
    if col >= len(row):
        raise FileProblem(f"{rel}: row too short for column {cell.column!r}")
    return row[col]


def locate(spec: NumericCheck, tree: Tree, path: str, ctx: CheckContext) -> float:
    """The number `spec`'s locator finds in `path` of `tree`."""
    entry, data = tree.read_one(path)
    raw: Any
    if spec.json_path is not None:
        raw = json_at(formats.json_value(data, entry.rel), spec.json_path)
        where = spec.json_path
    elif spec.csv_cell is not None:
        raw = csv_cell(formats.csv_rows(data, entry.rel), spec.csv_cell, entry.rel)
        where = f"column {spec.csv_cell.column}"
    elif spec.xlsx_cell is not None:
        raw = cell_value(data, entry.rel, tree.limits, spec.xlsx_cell)
        where = spec.xlsx_cell
    else:
        assert spec.regex is not None
        content = formats.extract_text(data, entry.rel, tree.limits)
        hit = re.search(spec.regex, content or "", re.MULTILINE)
        if hit is None:
            raise FileProblem(f"{entry.rel}: no match for /{spec.regex}/")
        raw = hit.group(1) if hit.re.groups else hit.group(0)
        where = f"/{spec.regex}/"
    number = as_number(raw)
    if number is None:
        raise FileProblem(f"{entry.rel}: {where} holds {raw!r}, not a number")
    return number


def numeric(spec: NumericCheck, ctx: CheckContext) -> Outcome:
    got = locate(spec, ctx.output, spec.path, ctx)
    if spec.expected is not None:
        want = spec.expected
    else:
        try:
            want = locate(spec, ctx.reference, spec.reference or spec.path, ctx)
        except FileProblem as e:
            return Outcome.unavailable(f"reference value: {e}")
    ok = close(got, want, spec.abs_tol, spec.rel_tol)
    tol = f"abs_tol {spec.abs_tol:g}, rel_tol {spec.rel_tol:g}"
    return Outcome.binary(ok, f"got {got:g}, expected {want:g} ({tol})")
