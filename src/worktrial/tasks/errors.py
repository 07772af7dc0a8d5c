"""Problems in task files, reported as `file:field: reason (fix)`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails


@dataclass(frozen=True)
class Problem:
    file: str
    field: str
    reason: str
    fix: str = ""

    def __str__(self) -> str:
        fix = f" ({self.fix})" if self.fix else ""
        where = f"{self.file}:{self.field}" if self.field else self.file
        return f"{where}: {self.reason}{fix}"


class TaskFormatError(Exception):
    """One or more problems in a task family's files; never a traceback for the user."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


_FIXES = {
    "missing": "add this field",
    "extra_forbidden": "remove it or check its spelling against docs/task-format.md",
    "string_pattern_mismatch": "use lower-case letters, digits, '_' or '-'",
    "literal_error": "use one of the allowed values",
    "int_parsing": "write a whole number",
    "int_type": "write a whole number",
    "int_from_float": "write a whole number",
    "float_parsing": "write a number",
    "float_type": "write a number",
    "finite_number": "write a finite number; nan and inf are not allowed",
    "string_type": "write a quoted string",
    "string_too_short": "write a non-empty value",
    "too_short": "add at least one item",
    "bool_type": "write true or false",
    "bool_parsing": "write true or false",
    "list_type": 'write a list, e.g. ["a", "b"]',
    "dict_type": "write a table",
    "model_type": "write a table",
    "greater_than_equal": "raise the value",
    "greater_than": "raise the value",
    "less_than_equal": "lower the value",
    "less_than": "lower the value",
    "union_tag_invalid": "use one of the kinds listed in docs/checks.md",
    "union_tag_not_found": "add `kind = ...`, one of the kinds listed in docs/checks.md",
}
# When a value fails every member of a union, pydantic reports one error per member; the most telling wins.
_PREFERRED = ("task_format", "finite_number", "value_error", "greater_than", "greater_than_equal", "less_than")
# Names pydantic puts into locations for union members; they are no key of the file.
_TAGS = {"str", "int", "float", "bool", "list", "dict", "none", "json-or-python", "lax-or-strict"}


def _label(node: Any, index: int) -> str:
    """A list item is named by its `id` (people, topics, messages) or `name` (checks) when it has one."""
    ident = (node.get("id") or node.get("name")) if isinstance(node, dict) else None
    return str(ident) if isinstance(ident, str) and ident else str(index)


def _loc(loc: tuple[Any, ...], data: Any) -> str:
    """Render a pydantic location as a TOML-ish path, naming list items by their id or name."""
    out = ""
    node = data
    for item in loc:
        if isinstance(item, int):
            node = node[item] if isinstance(node, list) and item < len(node) else None
            out += f"[{_label(node, item)}]"
            continue
        key = str(item)
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif key in _TAGS or "[" in key or key.startswith("function-") or not isinstance(node, dict):
            continue  # a union member's tag, not a key of the file
        elif node.get("kind") == key:
            continue  # the discriminator of a check
        else:
            node = None  # a missing or misspelt key
        out += ("." if out else "") + key
    return out


def _rank(error: ErrorDetails) -> int:
    return _PREFERRED.index(error["type"]) if error["type"] in _PREFERRED else len(_PREFERRED)


def problems_from_validation(file: Path | str, err: ValidationError, data: Any) -> list[Problem]:
    by_field: dict[str, list[ErrorDetails]] = {}
    for error in err.errors():
        by_field.setdefault(_loc(tuple(error["loc"]), data), []).append(error)
    out = []
    for field, errors in by_field.items():
        best = min(errors, key=_rank)
        reason = str(best["msg"]).removeprefix("Value error, ")
        fix = (best.get("ctx") or {}).get("fix") or _FIXES.get(best["type"], "see docs/task-format.md")
        out.append(Problem(str(file), field, reason, str(fix)))
    return out
