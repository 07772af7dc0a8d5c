"""Check specs of deliverable families: the `[[grader.checks]]` tables of task.toml (docs/checks.md).

Each check is one table with a `kind`; the kinds form a pydantic discriminated union, so an unknown kind or a
misspelt field is reported when the task is loaded. Paths are relative to the delivered `output/` folder
(`path`, `pattern`) or to the family's `hidden/reference/` folder (`reference`, `trajectory`, ...). Globs use
`*` (within one folder), `?`, `[...]` and `**` (any number of folders).

This module only describes checks; `worktrial.grading.checks` runs them.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, JsonValue, model_validator

from .fields import Id, Regex, RelPath, inside, invalid

FileFormat = Literal["xlsx", "docx", "pptx", "pdf", "png", "jpeg", "gif", "zip", "csv", "json", "html", "xml", "text"]
"""Formats told apart by content (magic bytes, zip parts, parsing), never by the file name's extension."""

Normalise = Literal["lower", "strip", "date"]

DEFAULT_PLACEHOLDERS = [
    r"\bTODO\b",
    r"\bTBD\b",
    r"\bFIXME\b",
    r"(?i)lorem ipsum",
    r"\{\{.*?\}\}",
    r"\bXXX\b",
    r"(?i)\[\s*insert\b[^\]]*\]",
]
"""Patterns `no_placeholder` looks for unless a check replaces them."""


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, allow_inf_nan=False)


def _as_list(v: Any) -> Any:
    return [v] if isinstance(v, str) else v


_CELL = re.compile(r"^(?:(?:'(?:[^']|'')+'|[^!']+)!)?\$?[A-Za-z]{1,3}\$?[1-9][0-9]*$")


def _cell_ref(ref: str) -> str:
    if not _CELL.match(ref):
        raise invalid(f"{ref!r} is not a cell reference", "write Sheet!B7, 'My sheet'!B7 or B7")
    return ref


CellRef = Annotated[str, AfterValidator(_cell_ref)]


def _function_ref(ref: str) -> str:
    file, _, name = ref.partition(":")
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or not file.endswith(".py"):
        raise invalid(f"{ref!r} is not FILE.py:NAME", "write e.g. checks.py:grand_total")
    inside(file)  # the file must stay inside hidden/
    return ref


class Tolerance(_Spec):
    abs_tol: float = Field(1e-9, ge=0, description="Largest absolute difference that still counts as equal.")
    rel_tol: float = Field(1e-9, ge=0, description="Largest difference relative to the expected value.")


class CheckBase(_Spec):
    name: Id = Field(description="Short unique name, shown in the score card.")
    weight: float = Field(1.0, ge=0, description="Weight in the mean of non-gate checks (0 = report only).")
    gate: bool = Field(False, description="A failed gate makes the score 0 (the check is still reported).")
    pass_at: float = Field(
        1.0, ge=0, le=1, description="A gate passes when the check's value is at least this (values are in [0, 1])."
    )
    description: str = Field("", description="What the check verifies, for authors and reviewers.")


# ---------------------------------------------------------------- hard rules


class ExistsCheck(CheckBase):
    kind: Literal["exists"] = Field(description="At least one regular file matches `pattern`.")
    pattern: RelPath = Field(description="Glob relative to output/.")


class CountCheck(CheckBase):
    kind: Literal["count"] = Field(description="The number of regular files matching `pattern` is in [min, max].")
    pattern: RelPath = Field(description="Glob relative to output/.")
    min: int = Field(1, ge=0, description="Fewest matching files.")
    max: int | None = Field(None, ge=0, description="Most matching files; absent = no upper bound.")

    @model_validator(mode="after")
    def _ordered(self) -> CountCheck:
        if self.max is not None and self.max < self.min:
            raise invalid(f"max {self.max} is below min {self.min}: no count passes", "raise max or lower min")
        return self


class FileTypeCheck(CheckBase):
    kind: Literal["file_type"] = Field(description="Every file matching `path` really is of `type` (by content).")
    path: RelPath = Field(description="File or glob relative to output/.")
    type: FileFormat = Field(description="Expected format; `text` also accepts csv, json, html and xml.")


class OpensCheck(CheckBase):
    kind: Literal["opens"] = Field(description="Every file matching `path` opens with the real library.")
    path: RelPath = Field(description="File or glob relative to output/.")
    format: FileFormat | None = Field(
        None, description="Library to open with (openpyxl, python-docx, ...); absent = guessed from the name."
    )


class NonEmptyCheck(CheckBase):
    kind: Literal["non_empty"] = Field(description="Every file matching `path` has real content.")
    path: RelPath = Field(description="File or glob relative to output/.")
    min_bytes: int = Field(1, ge=0, description="Smallest file size in bytes.")
    min_chars: int = Field(1, ge=0, description="Fewest non-blank characters of extracted text (not for images).")


class NoTracebackCheck(CheckBase):
    kind: Literal["no_traceback"] = Field(description="No Python, Java or JavaScript stack trace in the files.")
    path: RelPath = Field("**/*", description="Glob of files to scan (text is extracted from documents).")
    extra_patterns: list[Regex] = Field(default_factory=list, description="More regular expressions that fail.")


class NoPlaceholderCheck(CheckBase):
    kind: Literal["no_placeholder"] = Field(description="No placeholder text (TODO, lorem ipsum, {{x}}, ...).")
    path: RelPath = Field("**/*", description="Glob of files to scan (text is extracted from documents).")
    patterns: list[Regex] = Field(
        default_factory=lambda: list(DEFAULT_PLACEHOLDERS), description="Regular expressions of placeholders."
    )
    extra_patterns: list[Regex] = Field(default_factory=list, description="Added to `patterns`.")


# ---------------------------------------------------------------- equality


class ExactCheck(CheckBase):
    kind: Literal["exact"] = Field(description="The file equals a reference file.")
    path: RelPath = Field(description="File relative to output/.")
    reference: RelPath | None = Field(None, description="File relative to hidden/reference/; absent = same as `path`.")
    mode: Literal["text", "bytes"] = Field(
        "text", description="`bytes`: identical bytes; `text`: equal after normalising line ends and trailing blanks."
    )
    ignore_case: bool = Field(False, description="Text mode: compare case-insensitively.")
    collapse_whitespace: bool = Field(False, description="Text mode: any run of blanks counts as one space.")


class HashCheck(CheckBase):
    kind: Literal["hash"] = Field(description="The file's sha256 is the given one.")
    path: RelPath = Field(description="File relative to output/.")
    sha256: str = Field(pattern=r"^[0-9a-fA-F]{64}$", description="Expected sha256, hex.")


# ---------------------------------------------------------------- values


class CsvCell(_Spec):
    column: str = Field(min_length=1, description="Header of the column (case and surrounding blanks ignored).")
    row: int | None = Field(None, ge=0, description="Data row index, 0 = first row under the header.")
    where: dict[str, str] = Field(
        default_factory=dict, description="Select the one row whose columns have these values (instead of `row`)."
    )

    @model_validator(mode="after")
    def _one_selector(self) -> CsvCell:
        if (self.row is None) == (not self.where):
            raise ValueError("give exactly one of `row` and `where`")
        return self


class NumericCheck(CheckBase, Tolerance):
    kind: Literal["numeric"] = Field(description="One number extracted from a file equals the expected one.")
    path: RelPath = Field(description="File relative to output/.")
    json_path: str | None = Field(None, description="Locator: JSON path such as `totals.revenue` or `rows[2].x`.")
    csv_cell: CsvCell | None = Field(None, description="Locator: a cell of a CSV file.")
    xlsx_cell: CellRef | None = Field(
        None, description="Locator: an xlsx cell, `Sheet!B7` or `B7` (active sheet); its cached value."
    )
    regex: Regex | None = Field(None, description="Locator: first match in the text; group 1 if any, else the match.")
    expected: float | None = Field(
        None, description="Expected value; absent = the same locator applied to the reference file."
    )
    reference: RelPath | None = Field(None, description="Reference file for `expected`; absent = same as `path`.")

    @model_validator(mode="after")
    def _one_locator(self) -> NumericCheck:
        given = [x for x in (self.json_path, self.csv_cell, self.xlsx_cell, self.regex) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one locator: json_path, csv_cell, xlsx_cell or regex")
        return self


class ColumnRule(_Spec):
    abs_tol: float | None = Field(None, ge=0, description="Numbers: largest absolute difference.")
    rel_tol: float | None = Field(None, ge=0, description="Numbers: largest relative difference.")
    normalise: Annotated[list[Normalise], BeforeValidator(_as_list)] = Field(
        default_factory=list, description="Text: `lower`, `strip` and/or `date` (any common date form → ISO)."
    )
    date_formats: list[str] = Field(
        default_factory=list, description="Extra strptime formats for `date`, e.g. `%m/%d/%Y`."
    )


class TabularCheck(CheckBase):
    kind: Literal["tabular"] = Field(description="A CSV file or xlsx sheet matches a reference table row by row.")
    path: RelPath = Field(description="CSV or xlsx file relative to output/.")
    reference: RelPath | None = Field(
        None, description="Reference table in hidden/reference/; absent = same as `path`."
    )
    sheet: str | None = Field(None, description="xlsx: sheet of the output (absent = the first sheet).")
    reference_sheet: str | None = Field(None, description="xlsx: sheet of the reference (absent = `sheet`).")
    key: list[str] = Field(
        default_factory=list, description="Columns that identify a row; empty = rows are matched by position."
    )
    columns: dict[str, ColumnRule] = Field(
        default_factory=dict, description="Tolerance manifest: per-column tolerances and normalisation."
    )
    compare: list[str] | None = Field(
        None, description="Columns compared; absent = every column of the reference table."
    )
    abs_tol: float = Field(1e-9, ge=0, description="Numbers in columns without a rule: absolute tolerance.")
    rel_tol: float = Field(1e-9, ge=0, description="Numbers in columns without a rule: relative tolerance.")
    penalise_extra: bool = Field(True, description="Rows the reference lacks count against the score.")


class JsonSchemaCheck(CheckBase):
    kind: Literal["json_schema"] = Field(description="A JSON file validates against a JSON Schema.")
    path: RelPath = Field(description="JSON file relative to output/.")
    json_schema: dict[str, Any] | None = Field(None, alias="schema", description="The schema, inline.")
    schema_file: RelPath | None = Field(None, description="The schema, as a file in hidden/reference/.")

    @model_validator(mode="after")
    def _one_schema(self) -> JsonSchemaCheck:
        if (self.json_schema is None) == (self.schema_file is None):
            raise ValueError("give exactly one of `schema` and `schema_file`")
        if self.json_schema is not None:
            from jsonschema.exceptions import SchemaError
            from jsonschema.validators import validator_for

            try:
                validator_for(self.json_schema).check_schema(self.json_schema)
            except SchemaError as e:
                raise ValueError(f"invalid JSON Schema: {e.message}") from e
        return self


class JsonFieldsCheck(CheckBase, Tolerance):
    kind: Literal["json_fields"] = Field(description="Fields of a JSON file have the expected values.")
    path: RelPath = Field(description="JSON file relative to output/.")
    fields: dict[str, JsonValue] = Field(
        default_factory=dict, description="JSON path → expected value (numbers compared with the tolerances)."
    )
    from_reference: list[str] = Field(
        default_factory=list, description="JSON paths whose expected value is read from the reference file."
    )
    reference: RelPath | None = Field(None, description="Reference JSON for `from_reference`; absent = same as `path`.")

    @model_validator(mode="after")
    def _some_field(self) -> JsonFieldsCheck:
        if not self.fields and not self.from_reference:
            raise ValueError("give `fields` and/or `from_reference`")
        return self


class CellExpectation(_Spec):
    cell: CellRef = Field(description="`Sheet!B7` or `B7` (first sheet).")
    value: float | str | bool | None = Field(None, description="Expected value; absent = not compared.")
    from_reference: bool = Field(False, description="Expected value = the reference workbook's cached value.")
    formula_required: bool = Field(False, description="The cell must hold a formula, not a pasted constant.")
    formula_contains: str | None = Field(None, description="Text the formula must contain, e.g. `SUM(`.")
    abs_tol: float = Field(1e-9, ge=0, description="Numbers: largest absolute difference.")
    rel_tol: float = Field(1e-9, ge=0, description="Numbers: largest relative difference.")


class XlsxCellsCheck(CheckBase):
    kind: Literal["xlsx_cells"] = Field(description="Cells of a workbook hold the expected values and formulas.")
    path: RelPath = Field(description="xlsx file relative to output/.")
    reference: RelPath | None = Field(None, description="Reference workbook for `from_reference`; absent = `path`.")
    cells: list[CellExpectation] = Field(default_factory=list, description="Expected cells.")
    recalculate: bool = Field(
        False,
        description=(
            "Recalculate with LibreOffice and compare the recalculated values; a formula cell whose cached "
            "value differs from its recalculated one fails."
        ),
    )
    no_errors: bool = Field(True, description="No cell of the workbook may hold #REF!, #DIV/0!, #VALUE!, #NAME?...")


# ---------------------------------------------------------------- structure


class TableExpectation(_Spec):
    header: list[str] = Field(min_length=1, description="Header cells the first row must contain, in this order.")
    min_rows: int = Field(1, ge=0, description="Fewest rows under the header.")


class DocxStructureCheck(CheckBase):
    kind: Literal["docx_structure"] = Field(description="A Word document has the required headings, tables, text.")
    path: RelPath = Field(description="docx file relative to output/.")
    headings: list[str] = Field(
        default_factory=list, description="Headings that must appear in this order (a heading containing the text)."
    )
    tables: list[TableExpectation] = Field(default_factory=list, description="Tables that must exist.")
    phrases: list[str] = Field(default_factory=list, description="Text that must appear anywhere.")


class PptxStructureCheck(CheckBase):
    kind: Literal["pptx_structure"] = Field(description="A presentation has the required slides and text.")
    path: RelPath = Field(description="pptx file relative to output/.")
    min_slides: int = Field(1, ge=0, description="Fewest slides.")
    max_slides: int | None = Field(None, ge=0, description="Most slides; absent = no upper bound.")
    titles: list[str] = Field(
        default_factory=list, description="Slide titles that must appear in this order (a title containing the text)."
    )
    text: list[str] = Field(default_factory=list, description="Text that must appear on some slide or its notes.")

    @model_validator(mode="after")
    def _ordered(self) -> PptxStructureCheck:
        if self.max_slides is not None and self.max_slides < self.min_slides:
            raise invalid(
                f"max_slides {self.max_slides} is below min_slides {self.min_slides}: no deck passes",
                "raise max_slides or lower min_slides",
            )
        return self


class ElementExpectation(_Spec):
    selector: str = Field(
        min_length=1,
        description="CSS-like selector: tag, #id, .class, [attr], [attr=v], descendant ` ` and child `>`, `,`.",
    )
    min_count: int = Field(1, ge=0, description="Fewest matching elements.")
    text: str | None = Field(None, description="Text one of the matching elements must contain.")


class HtmlStructureCheck(CheckBase):
    kind: Literal["html_structure"] = Field(description="An HTML page has the required elements and text.")
    path: RelPath = Field(description="HTML file relative to output/.")
    elements: list[ElementExpectation] = Field(default_factory=list, description="Elements that must exist.")
    text: list[str] = Field(default_factory=list, description="Visible text that must appear.")


# ---------------------------------------------------------------- behaviour and judgement


class WorldStateCheck(CheckBase, Tolerance):
    kind: Literal["world_state"] = Field(
        description="Replay fixed inputs against the delivered program (sandboxed); compare the state it leaves."
    )
    command: list[str] = Field(
        min_length=1, description="argv run in a fresh copy of output/, e.g. `['python3', 'app.py', '{input}']`."
    )
    inputs: list[JsonValue] | None = Field(None, description="The trajectory, inline.")
    trajectory: RelPath | None = Field(None, description="The trajectory: a JSON list in hidden/reference/.")
    replay: Literal["per_step", "once"] = Field(
        "per_step",
        description=(
            "`per_step`: one run per input, `{input}` in `command` replaced by it (appended when absent); "
            "`once`: the whole list written to `input_file`, then one run."
        ),
    )
    input_file: RelPath = Field("inputs.json", description="`once`: where the trajectory is written in the copy.")
    state_file: RelPath = Field(description="File the program leaves in its folder (relative).")
    reference_state: RelPath = Field(description="Expected state, a file in hidden/reference/.")
    compare_as: Literal["json", "text"] = Field(
        "json", description="`json`: score = share of equal leaf values; `text`: normalised text equality."
    )
    require_success: bool = Field(True, description="A run that exits non-zero makes the value 0.")

    @model_validator(mode="after")
    def _one_trajectory(self) -> WorldStateCheck:
        if (self.inputs is None) == (self.trajectory is None):
            raise ValueError("give exactly one of `inputs` and `trajectory`")
        return self


def _terms(items: Any) -> Any:
    return [[t] if isinstance(t, str) else t for t in items] if isinstance(items, list) else items


class KeyTermsCheck(CheckBase):
    kind: Literal["key_terms"] = Field(
        description="The text of the matching files, together, contains each key term; the value is the share found."
    )
    path: RelPath = Field(
        "**/*", description="Glob of files whose text is searched (text is extracted from documents)."
    )
    terms: Annotated[list[list[Annotated[str, Field(min_length=1)]]], BeforeValidator(_terms)] = Field(
        min_length=1,
        description="Each item a term, or a list of alternative wordings of which one must appear; matched "
        "ignoring case, blanks and thousands separators.",
    )


class RubricProbeCheck(CheckBase):
    kind: Literal["rubric_probe"] = Field(
        description="A narrow yes/no question about one file to an LLM judge; not judged without a judge."
    )
    path: RelPath = Field(description="File relative to output/.")
    question: str = Field(min_length=1, description="The yes/no question, answerable from the evidence alone.")
    evidence: Literal["text", "image"] = Field(
        "text", description="`text`: extracted text; `image`: rendered pages or screenshot."
    )
    pass_on: Literal["yes", "no"] = Field("yes", description="Which answer earns the point.")
    max_chars: int = Field(20000, ge=100, description="Text evidence is cut to this many characters.")
    max_pages: int = Field(3, ge=1, description="Image evidence: at most this many pages.")


class PythonCheck(CheckBase):
    kind: Literal["python"] = Field(
        description="A custom check: a function in the family's hidden/ folder, run on the host on copies."
    )
    function: Annotated[str, AfterValidator(_function_ref)] = Field(
        description="`FILE.py:NAME`, FILE relative to hidden/. Called as NAME(output, reference, params), where "
        "output and reference are read-only `Tree`s (safe readers that never follow links) and params the "
        "instance's parameters; returns a value in [0, 1], or (value, evidence), or {value, evidence}.",
    )


CheckSpec = Annotated[
    ExistsCheck
    | CountCheck
    | FileTypeCheck
    | OpensCheck
    | NonEmptyCheck
    | NoTracebackCheck
    | NoPlaceholderCheck
    | ExactCheck
    | HashCheck
    | NumericCheck
    | TabularCheck
    | JsonSchemaCheck
    | JsonFieldsCheck
    | XlsxCellsCheck
    | DocxStructureCheck
    | PptxStructureCheck
    | HtmlStructureCheck
    | WorldStateCheck
    | KeyTermsCheck
    | RubricProbeCheck
    | PythonCheck,
    Field(discriminator="kind"),
]
"""One `[[grader.checks]]` table."""


def _unique_names(checks: list[Any]) -> list[Any]:
    seen: set[str] = set()
    for check in checks:
        if check.name in seen:
            raise invalid(f"check name {check.name!r} appears twice", "give each check its own name")
        seen.add(check.name)
    return checks


CheckList = Annotated[list[CheckSpec], AfterValidator(_unique_names)]
"""The checks of one family; names are unique."""

CHECK_KINDS: tuple[str, ...] = (
    "exists", "count", "file_type", "opens", "non_empty", "no_traceback", "no_placeholder", "exact", "hash",
    "numeric", "tabular", "json_schema", "json_fields", "xlsx_cells", "docx_structure", "pptx_structure",
    "html_structure", "world_state", "key_terms", "rubric_probe", "python",
)  # fmt: skip
