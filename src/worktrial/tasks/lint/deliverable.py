"""The grader section of a family: checks that can score, and every file a check reads exists and parses."""

from __future__ import annotations

import csv
import json
from pathlib import Path, PurePosixPath
from typing import Any

from ..checks import (
    CheckSpec,
    ExactCheck,
    JsonFieldsCheck,
    JsonSchemaCheck,
    NumericCheck,
    PythonCheck,
    TabularCheck,
    WorldStateCheck,
    XlsxCellsCheck,
)
from ..errors import Problem, TaskFormatError
from ..files import read_bytes
from ..loader import Family, Instance
from .code import arity_problem, functions, parse

GLOB_CHARS = set("*?[")


def lint_grader_config(family: Family) -> list[Problem]:
    """What the kind of family allows in task.toml, and whether the checks can produce a score."""
    cfg = family.config
    toml = str(family.paths.task_toml)
    if cfg.kind == "engagement":
        extra = [("grader.checks", cfg.grader.checks), ("grader.rubric", cfg.grader.rubric)]
        return [
            Problem(toml, field, "only deliverable families are graded by checks", "remove it; kpi() grades this")
            for field, given in extra
            if given
        ]
    problems = []
    if cfg.levels:
        problems.append(Problem(toml, "levels", "a deliverable has no levels", "remove levels"))
    if cfg.system is not None:
        problems.append(Problem(toml, "system", "a deliverable has no production system", "remove [system]"))
    if cfg.world.pilot is not None:
        problems.append(Problem(toml, "world.pilot", "pilot runs need a production system", "remove [world.pilot]"))
    return problems + _scoring(family, toml)


def _scoring(family: Family, toml: str) -> list[Problem]:
    grader = family.config.grader
    if not grader.checks:
        return [Problem(toml, "grader.checks", "a deliverable needs checks", "add [[grader.checks]] tables")]
    problems = [
        Problem(toml, f"grader.checks[{c.name}].pass_at", "a gate with pass_at = 0 never fails", "raise pass_at")
        for c in grader.checks
        if c.gate and c.pass_at <= 0
    ]
    rubric = grader.rubric is not None and grader.rubric.weight > 0
    scored = [c for c in grader.checks if not c.gate]
    if not rubric and not scored:
        problems.append(
            Problem(
                toml,
                "grader.checks",
                "every check is a gate: passing the gates alone gives full marks",
                "add a weighted check with gate = false that measures the work",
            )
        )
    elif not rubric and all(c.weight == 0 for c in scored):
        problems.append(
            Problem(
                toml,
                "grader.checks",
                "the weights of all non-gate checks are zero: passing the gates alone gives full marks",
                "give at least one non-gate check a weight above 0",
            )
        )
    for c in grader.checks:
        path = getattr(c, "path", None)
        if _reads_reference(c) and getattr(c, "reference", None) is None and GLOB_CHARS & set(path or ""):
            problems.append(
                Problem(
                    toml,
                    f"grader.checks[{c.name}].reference",
                    f"path {path!r} is a glob, so the reference cannot default to it",
                    "name the reference file",
                )
            )
    return problems


def _reads_reference(c: CheckSpec) -> bool:
    """Whether the check reads `reference` (or, when that is absent, the file at its `path`) in the references."""
    if isinstance(c, ExactCheck | TabularCheck):
        return True
    if isinstance(c, NumericCheck):
        return c.expected is None
    if isinstance(c, JsonFieldsCheck):
        return bool(c.from_reference)
    if isinstance(c, XlsxCellsCheck):
        return any(cell.from_reference for cell in c.cells)
    return False


def lint_references(inst: Instance) -> list[Problem]:
    """Per instance: the reference folder has files, and every file a check names exists and parses."""
    grader = inst.config.grader
    toml = str(inst.family.paths.task_toml)
    prefix = grader.reference_dir.removeprefix("hidden/").rstrip("/") + "/"
    hidden = inst.hidden_files
    if not any(rel.startswith(prefix) for rel in hidden):
        return [Problem(toml, "grader.reference_dir", f"{grader.reference_dir} is empty", "add the reference outputs")]
    problems = []
    for c in grader.checks:
        base = f"grader.checks[{c.name}]"
        for field, rel, as_json in _reference_files(c):
            key = prefix + PurePosixPath(rel).as_posix()
            shown = f"{grader.reference_dir.rstrip('/')}/{PurePosixPath(rel).as_posix()}"
            if key not in hidden:
                explicit = field != "reference" or getattr(c, "reference", None) is not None
                defaulted = "" if explicit else "; reference defaults to path"
                problems.append(
                    Problem(
                        toml, f"{base}.{field}", f"{shown} does not exist{defaulted}", "add the file or fix the name"
                    )
                )
            elif as_json:
                problems.extend(_json_file(toml, f"{base}.{field}", hidden[key], shown, c))
            elif isinstance(c, TabularCheck) and key.lower().endswith(".csv"):
                problems.extend(_columns(toml, base, hidden[key], shown, c))
        if isinstance(c, PythonCheck):
            problems.extend(_custom(toml, f"{base}.function", c, inst))
    return problems


def _reference_files(c: CheckSpec) -> list[tuple[str, str, bool]]:
    """(field, file relative to the reference folder, whether it must be JSON) of every file the check reads."""
    out: list[tuple[str, str, bool]] = []
    path = getattr(c, "path", None)
    if _reads_reference(c):
        ref = getattr(c, "reference", None) or path
        if ref and not GLOB_CHARS & set(ref):
            json_ref = isinstance(c, JsonFieldsCheck) or (isinstance(c, NumericCheck) and c.json_path is not None)
            out.append(("reference", ref, json_ref))
    if isinstance(c, JsonSchemaCheck) and c.schema_file:
        out.append(("schema_file", c.schema_file, True))
    if isinstance(c, WorldStateCheck):
        if c.trajectory:
            out.append(("trajectory", c.trajectory, True))
        out.append(("reference_state", c.reference_state, c.compare_as == "json"))
    return out


def _json_file(toml: str, field: str, path: Path, shown: str, c: CheckSpec) -> list[Problem]:
    try:
        data: Any = json.loads(read_bytes(path))
    except TaskFormatError as e:
        return e.problems
    except ValueError as e:
        return [Problem(toml, field, f"{shown} is not valid JSON: {e}", "fix the file")]
    if field.endswith(".trajectory") and not isinstance(data, list):
        return [Problem(toml, field, f"{shown} is not a JSON list of inputs", "write a JSON list")]
    if isinstance(c, JsonSchemaCheck):
        from jsonschema.exceptions import SchemaError
        from jsonschema.validators import validator_for

        try:
            validator_for(data).check_schema(data)
        except SchemaError as e:
            return [Problem(toml, field, f"{shown} is not a valid JSON Schema: {e.message}", "fix the schema")]
    return []


def _columns(toml: str, base: str, path: Path, shown: str, c: TabularCheck) -> list[Problem]:
    """Key, compared and ruled columns must be in the reference table's header."""
    try:
        first = read_bytes(path).decode("utf-8-sig").splitlines()
    except (TaskFormatError, UnicodeDecodeError):
        return []  # an odd encoding is the grader's to read; only a readable header is checked here
    lines = [line for line in first[:50] if line.strip()]
    if not lines:
        return [Problem(toml, f"{base}.reference", f"{shown} has no header row", "write the header first")]
    try:
        delimiter = csv.Sniffer().sniff(lines[0], delimiters=",;\t|").delimiter
    except csv.Error:
        delimiter = ","
    header = {h.strip().casefold() for h in next(csv.reader([lines[0]], delimiter=delimiter))}
    named = [("key", c.key), ("compare", c.compare or []), ("columns", list(c.columns))]
    return [
        Problem(
            toml,
            f"{base}.{field}",
            f"column {col!r} is not in the header of {shown}",
            "use a column of the reference table",
        )
        for field, cols in named
        for col in cols
        if col.strip().casefold() not in header
    ]


def _custom(toml: str, field: str, c: PythonCheck, inst: Instance) -> list[Problem]:
    file, _, name = c.function.partition(":")
    rel = PurePosixPath(file).as_posix()
    path = inst.hidden_files.get(rel)
    if path is None:
        return [Problem(toml, field, f"hidden/{rel} does not exist", "add the file or fix the name")]
    tree, problems = parse(path)
    if tree is None:
        return problems
    fn = functions(tree).get(name)
    if fn is None:
        return [Problem(toml, field, f"hidden/{rel} defines no function {name}()", "define it or fix the name")]
    problem = arity_problem(path, fn, 3, f"{name}(output, reference, params)")
    return [problem] if problem else []
