"""Field types shared by the task models: ids, paths that stay inside their folder, times, regular expressions.

Each validator raises `invalid(reason, fix)`, so `worktrial lint` prints the fix the author needs rather than a
generic hint.
"""

from __future__ import annotations

import math
import re
from datetime import date, datetime
from typing import Annotated

from pydantic import AfterValidator, PlainValidator
from pydantic_core import PydanticCustomError

ID_RE = r"^[a-z0-9][a-z0-9_\-]*$"
ID_FIX = "use lower-case letters, digits, '_' or '-', starting with a letter or digit"
PARAM_NAME_RE = r"^[A-Za-z_][A-Za-z0-9_]*$"
"""What a `{{name}}` placeholder may hold, so what a parameter may be called."""


def invalid(reason: str, fix: str) -> PydanticCustomError:
    """A validation error whose fix is carried to the `file:field: reason (fix)` line."""
    # The reason goes through the context, so braces in it are never read as a template.
    return PydanticCustomError("task_format", "{reason}", {"reason": reason, "fix": fix})


def is_id(text: str) -> bool:
    return re.fullmatch(ID_RE, text) is not None


def _id(value: str) -> str:
    if not is_id(value):
        raise invalid(f"{value!r} is not an id", ID_FIX)
    return value


def _param_name(value: str) -> str:
    if re.fullmatch(PARAM_NAME_RE, value) is None:
        raise invalid(
            f"{value!r} cannot be a parameter: {{{{{value}}}}} is not a placeholder",
            "use letters, digits and '_', starting with a letter or '_', such as board_date",
        )
    return value


Id = Annotated[str, AfterValidator(_id)]
"""An id: family, variant, person, topic, message, check, fact."""

ParamName = Annotated[str, AfterValidator(_param_name)]


def inside(value: str) -> str:
    """A relative path (or glob) that cannot leave the folder it is relative to."""
    if not value.strip():
        raise invalid("the path is empty", "write a path relative to the folder the field names")
    if "\0" in value:
        raise invalid("the path contains a NUL character", "remove it")
    if value.startswith(("/", "\\", "~")) or re.match(r"^[A-Za-z]:", value):
        raise invalid(f"{value!r} is an absolute path", "write a path relative to the folder the field names")
    if ".." in re.split(r"[/\\]", value):
        raise invalid(f"{value!r} leaves its folder through '..'", "write a path inside the folder, without '..'")
    if not [p for p in re.split(r"[/\\]", value) if p not in ("", ".")]:
        raise invalid(f"{value!r} names the folder itself", "name a file or folder inside it")
    return value


RelPath = Annotated[str, AfterValidator(inside)]
"""A path or glob relative to a folder of the family (or of the delivered output), never leaving it."""


def under(prefix: str, suffix: str = "") -> AfterValidator:
    """A `RelPath` that must also start with `prefix` (and end with `suffix`)."""

    def check(value: str) -> str:
        value = inside(value)
        if not value.startswith(prefix) or len(value) <= len(prefix):
            raise invalid(f"{value!r} is not under {prefix}", f"write {prefix}<name>{suffix}")
        if suffix and not value.endswith(suffix):
            raise invalid(f"{value!r} does not end in {suffix}", f"name a {suffix} file")
        return value

    return AfterValidator(check)


def _compiles(pattern: str) -> str:
    try:
        re.compile(pattern)
    except re.error as e:
        raise invalid(f"not a valid regular expression: {e}", "fix the regular expression") from e
    return pattern


Regex = Annotated[str, AfterValidator(_compiles)]


def minute_time(value: str | None) -> str | None:
    """`YYYY-MM-DDTHH:MM`, and a real time (no 2026-13-45T99:99)."""
    if value is None:
        return value
    try:
        datetime.strptime(value, "%Y-%m-%dT%H:%M")
    except ValueError:
        raise invalid(f"{value!r} is not a time like 2026-03-02T09:00", "write YYYY-MM-DDTHH:MM") from None
    return value


def real_date(value: str) -> bool:
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) is not None


def _param_value(value: object) -> str | int | float | bool:
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise invalid(f"{value} is not a finite number", "write a finite number; nan and inf are not allowed")
        return value
    raise invalid(
        f"a parameter is a string, a number or true/false, not {type(value).__name__}",
        "write one value; templates cannot hold lists, tables or dates",
    )


ParamValue = Annotated[
    str | int | float | bool, PlainValidator(_param_value, json_schema_input_type=str | int | float | bool)
]

FactId = Id
"""A fact id (disclosed by topics and messages, named by key_facts and gates on facts)."""


def unique(what: str) -> AfterValidator:
    """A list whose items appear once each."""

    def check(items: list[str]) -> list[str]:
        seen: set[str] = set()
        for item in items:
            if item in seen:
                raise invalid(f"{what} {item!r} appears twice", "list it once")
            seen.add(item)
        return items

    return AfterValidator(check)
