"""`xlsx_cells`: expected values and formulas of workbook cells, error values, stale cached values.

A workbook is read twice with openpyxl: `data_only=False` gives the formulas, `data_only=True` the values the
file has cached. With `recalculate`, LibreOffice recalculates every formula (render.libreoffice_convert) and
the recalculated values are compared instead; a formula cell whose cached value disagrees with its
recalculated one is a failure (a pasted or hand-edited value passed off as computed).
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from openpyxl.cell.cell import Cell
from openpyxl.utils.cell import coordinate_from_string
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet

from worktrial.tasks.checks import XlsxCellsCheck

from .. import render
from . import formats
from .base import CheckContext, Outcome, Tally, listing
from .files import FileLimits, FileProblem
from .values import same, show

ERRORS = frozenset({"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#SPILL!", "#CALC!"})
_ERROR_IN_FORMULA = re.compile(r"#(REF!|NAME\?|DIV/0!|VALUE!|NULL!|NUM!|N/A)")


def split_ref(ref: str) -> tuple[str | None, str]:
    """`'My sheet'!B7` → ("My sheet", "B7"); `B7` → (None, "B7")."""
    sheet, _, coord = ref.rpartition("!")
    coord = coord.replace("$", "").upper()
    try:
        coordinate_from_string(coord)
    except ValueError:
        raise FileProblem(f"{ref!r} is not a cell reference like Sheet!B7") from None
    sheet = sheet[1:-1].replace("''", "'") if len(sheet) > 1 and sheet[0] == sheet[-1] == "'" else sheet
    return (sheet or None), coord


def sheet_of(wb: Workbook, name: str | None, rel: str) -> Worksheet:
    if name is None:
        return wb.worksheets[0]
    for ws in wb.worksheets:
        if ws.title == name or ws.title.casefold() == name.casefold():
            return ws
    raise FileProblem(f"{rel}: no sheet {name!r} (sheets: {wb.sheetnames})")


def cell_at(wb: Workbook, ref: str, rel: str) -> Cell:
    sheet, coord = split_ref(ref)
    cell = sheet_of(wb, sheet, rel)[coord]
    assert isinstance(cell, Cell)
    return cell


def is_formula(value: Any) -> bool:
    return isinstance(value, ArrayFormula) or (isinstance(value, str) and value.startswith("="))


def formula_text(value: Any) -> str:
    return str(value.text) if isinstance(value, ArrayFormula) else str(value)


_CELL_REF = re.compile(
    r"(?:\[[^\]]+\])?(?:(?:'(?:[^']|'')+'|[\w.]+)!)?"  # [book] and sheet prefixes
    r"(?:\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?\d+:\$?\d+)"
)
_TABLE_REF = re.compile(r"[A-Za-z_][\w.]*\[")


def _defined_names(wb: Workbook) -> dict[str, str]:
    """Workbook- and sheet-level defined names (case-folded) → what they stand for."""
    found: dict[str, str] = {}
    for scope in [wb, *wb.worksheets]:
        for name, defined in getattr(scope, "defined_names", {}).items():
            found[str(name).casefold()] = str(getattr(defined, "attr_text", "") or "")
    return found


def references_cells(value: Any, wb: Workbook) -> bool:
    """True when a formula reads at least one cell: a reference, a range, a table column, or a defined name that
    stands for cells. `=0*2` or `=PI()` compute nothing from the sheet and are constants in disguise."""
    from openpyxl.formula.tokenizer import Token, Tokenizer

    if not is_formula(value):
        return False
    text = formula_text(value)
    try:
        tokens = Tokenizer(text if text.startswith("=") else "=" + text).items
    except Exception:
        return False
    names: dict[str, str] | None = None
    for token in tokens:
        if token.type != Token.OPERAND or token.subtype != Token.RANGE:
            continue
        ref = str(token.value)
        if _CELL_REF.fullmatch(ref) or _TABLE_REF.match(ref):
            return True
        names = _defined_names(wb) if names is None else names
        if _CELL_REF.search(names.get(ref.rpartition("!")[2].casefold(), "")):
            return True
    return False


def is_error(value: Any) -> bool:
    return isinstance(value, str) and value.strip() in ERRORS


def cell_value(data: bytes, rel: str, limits: FileLimits, ref: str) -> Any:
    """The cached value of one cell (numeric checks); a formula never calculated is a FileProblem."""
    value = cell_at(formats.workbook(data, rel, limits, data_only=True), ref, rel).value
    if value is None and is_formula(cell_at(formats.workbook(data, rel, limits, data_only=False), ref, rel).value):
        raise FileProblem(f"{rel}: {ref} is a formula with no cached value (the workbook was never calculated)")
    if is_error(value):
        raise FileProblem(f"{rel}: {ref} holds the error {value}")
    return value


def recalculated(data: bytes, rel: str, limits: FileLimits) -> Workbook:
    """The workbook's values after LibreOffice recalculated every formula. ToolMissing when it is absent."""
    with tempfile.TemporaryDirectory(prefix="worktrial-recalc-") as tmp:
        src = Path(tmp) / "book.xlsx"
        src.write_bytes(data)
        try:
            (out,) = render.libreoffice_convert([src], "xlsx", Path(tmp) / "out", recalculate=True)
        except render.ToolMissing:
            raise
        except render.RenderError as e:
            raise FileProblem(f"{rel}: cannot be recalculated: {e}") from None
        fresh = out.read_bytes()
    return formats.workbook(fresh, f"{rel} (recalculated)", limits, data_only=True)


def _cells(wb: Workbook) -> dict[str, Any]:
    return {
        f"{ws.title}!{c.coordinate}": c.value
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for c in row
        if c.value is not None
    }


def error_cells(formulas: Workbook, values: Workbook) -> list[str]:
    found = [f"{ref}={v}" for ref, v in _cells(values).items() if is_error(v)]
    found += [
        f"{ref}: formula {formula_text(f)[:40]}"
        for ref, f in _cells(formulas).items()
        if is_formula(f) and _ERROR_IN_FORMULA.search(formula_text(f))
    ]
    return sorted(set(found))


def stale_cells(formulas: Workbook, cached: Workbook, fresh: Workbook) -> tuple[list[str], int, int]:
    """Formula cells whose cached value differs from the recalculated one; how many had no cached value; and how
    many formula cells there are."""
    cached_values, fresh_values = _cells(cached), _cells(fresh)
    stale, uncached, count = [], 0, 0
    for ref, f in _cells(formulas).items():
        if not is_formula(f):
            continue
        count += 1
        old, new = cached_values.get(ref), fresh_values.get(ref)
        if old is None:
            uncached += 1
        elif not same(old, new, 1e-6, 1e-6):
            stale.append(f"{ref} cached {show(old)} but {formula_text(f)[:40]} gives {show(new)}")
    return stale, uncached, count


def xlsx_cells(spec: XlsxCellsCheck, ctx: CheckContext) -> Outcome:
    entry, data = ctx.output.read_one(spec.path)
    rel, limits = entry.rel, ctx.output.limits
    formulas = formats.workbook(data, rel, limits, data_only=False)
    cached = formats.workbook(data, rel, limits, data_only=True)
    fresh: Workbook | None = None
    if spec.recalculate:
        try:
            fresh = ctx.cached("recalc", rel, lambda: recalculated(data, rel, limits))
        except render.ToolMissing as e:
            return Outcome.unavailable(str(e))
    values = fresh if fresh is not None else cached
    reference: Workbook | None = None
    if any(c.from_reference for c in spec.cells):
        ref_entry, ref_data = ctx.reference.read_one(spec.reference or spec.path)
        reference = formats.workbook(ref_data, ref_entry.rel, ctx.reference.limits, data_only=True)

    tally = Tally()
    for want in spec.cells:
        formula = cell_at(formulas, want.cell, rel).value
        if want.formula_required and not is_formula(formula):
            tally.add(False, f"{want.cell} holds the constant {show(formula)}, not a formula")
        elif want.formula_required:
            ok = references_cells(formula, formulas)
            tally.add(ok, f"{want.cell} formula {show(formula_text(formula))} references no cell (a constant)")
        if want.formula_contains is not None:
            text = formula_text(formula) if is_formula(formula) else ""
            ok = want.formula_contains.casefold() in text.casefold()
            tally.add(ok, f"{want.cell} formula {show(formula)} lacks {want.formula_contains!r}")
        expected: Any = want.value
        if want.from_reference and reference is not None:
            expected = cell_at(reference, want.cell, "reference").value
        if expected is None and not want.from_reference:
            continue
        got = cell_at(values, want.cell, rel).value
        if is_error(got):
            tally.add(False, f"{want.cell} holds the error {got}")
        elif got is None and is_formula(formula) and fresh is None:
            tally.add(False, f"{want.cell} is a formula with no cached value (never calculated; use recalculate)")
        else:
            ok = same(got, expected, want.abs_tol, want.rel_tol)
            tally.add(ok, f"{want.cell} = {show(got)}, expected {show(expected)}")
    # Whole-workbook properties earn credit only where there is something to have them: an empty workbook has no
    # error values and no dishonest cache, and is not rewarded for it.
    if spec.no_errors and not _cells(formulas):
        tally.add(False, "no error values: nothing to check (the workbook holds no values)")
    elif spec.no_errors:
        errors = error_cells(formulas, values)
        tally.add(not errors, f"error values: {listing(errors)}")
    if fresh is not None:
        stale, uncached, count = stale_cells(formulas, cached, fresh)
        if count == 0:
            tally.add(False, "cached values: nothing to check (the workbook has no formulas)")
        else:
            tally.add(not stale, f"cached values disagree with their formulas: {listing(stale, 3)}")
        if uncached:
            tally.notes.append(f"{uncached} formula cell(s) had no cached value")
    return tally.outcome()
