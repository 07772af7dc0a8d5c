"""Problems in task files, reported as `file:field: reason (fix)`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError


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
    "float_parsing": "write a number",
    "float_type": "write a number",
    "string_type": "write a quoted string",
    "bool_type": "write true or false",
    "list_type": 'write a list, e.g. ["a", "b"]',
    "greater_than_equal": "raise the value",
    "greater_than": "raise the value",
    "less_than_equal": "lower the value",
    "less_than": "lower the value",
}


def _loc(loc: tuple[Any, ...], data: Any) -> str:
    """Render a pydantic location as a TOML-ish path, naming list items by their `id` when they have one."""
    out = ""
    node = data
    for item in loc:
        if isinstance(item, int):
            node = node[item] if isinstance(node, list) and item < len(node) else None
            ident = node.get("id") if isinstance(node, dict) else None
            out += f"[{ident or item}]"
        else:
            out += ("." if out else "") + str(item)
            node = node.get(item) if isinstance(node, dict) else None
    return out


def problems_from_validation(file: Path | str, err: ValidationError, data: Any) -> list[Problem]:
    out = []
    for e in err.errors():
        loc = tuple(x for x in e["loc"] if not (isinstance(x, str) and x.startswith("function-")))
        field = _loc(loc, data)
        reason = e["msg"].removeprefix("Value error, ")
        out.append(Problem(str(file), field, reason, _FIXES.get(e["type"], "see docs/task-format.md")))
    return out
