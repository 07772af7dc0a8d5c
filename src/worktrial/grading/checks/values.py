"""Comparing values: numbers with tolerances, normalised text, dates; JSON paths."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Sequence
from typing import Any

from .files import FileProblem

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d", "%d.%m.%Y", "%d %B %Y", "%d %b %Y", "%B %d, %Y", "%b %d, %Y", "%Y%m%d")
_PATH_TOKEN = re.compile(r"\.?([^.\[\]]+)|\[(-?\d+)\]|\[['\"]([^'\"]+)['\"]\]")


def as_number(value: Any) -> float | None:
    """A finite number from an int/float or a string such as ' 1,234.50 ', '$12', '12 %', '(3.5)'; else None.

    NaN and infinities are not numbers here: compared with anything they must never count as a match.
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        try:
            number = float(value)
        except OverflowError:
            return None
        return number if math.isfinite(number) else None
    if not isinstance(value, str):
        return None
    s = value.strip().replace("\u00a0", "").replace(" ", "")
    negative = s.startswith("(") and s.endswith(")")
    s = s.strip("()").lstrip("$€£¥").rstrip("%").replace(",", "").replace("_", "")
    if not _NUMBER.match(s):
        return None
    number = float(s)
    if not math.isfinite(number):  # 1e999
        return None
    return -number if negative else number


def close(actual: float, expected: float, abs_tol: float, rel_tol: float) -> bool:
    if not (math.isfinite(actual) and math.isfinite(expected)):
        return False
    return abs(actual - expected) <= max(abs_tol, rel_tol * abs(expected))


def as_date(value: Any, extra_formats: Sequence[str] = ()) -> str | None:
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if not isinstance(value, str):
        return None
    s = value.strip()
    try:
        return dt.datetime.fromisoformat(s).date().isoformat()
    except ValueError:
        pass
    for fmt in (*extra_formats, *_DATE_FORMATS):
        try:
            return dt.datetime.strptime(s, fmt).date().isoformat()
        except ValueError:
            continue
    return None


def normalise(value: Any, steps: Sequence[str], date_formats: Sequence[str] = ()) -> Any:
    """Apply `strip`, `lower`, `date` to text; dates become ISO strings. Non-text values pass unchanged."""
    if "date" in steps and (iso := as_date(value, date_formats)) is not None:
        return iso
    if isinstance(value, str):
        if "strip" in steps:
            value = " ".join(value.split())
        if "lower" in steps:
            value = value.casefold()
    return value


def same(actual: Any, expected: Any, abs_tol: float = 1e-9, rel_tol: float = 1e-9) -> bool:
    """Equality for delivered values: numbers (also written as text) within tolerance, text after trimming.

    A delivered NaN or infinity never equals anything.
    """
    if isinstance(actual, float) and not math.isfinite(actual):
        return False
    if expected is None or expected == "":
        return actual is None or (isinstance(actual, str) and actual.strip() == "")
    if isinstance(expected, bool):
        if isinstance(actual, str):
            return actual.strip().lower() == str(expected).lower()
        return actual is expected or (isinstance(actual, int | float) and actual == int(expected))
    if isinstance(expected, dict | list):
        return _same_structure(actual, expected, abs_tol, rel_tol)
    if isinstance(expected, dt.date) or isinstance(actual, dt.date):
        return as_date(actual) is not None and as_date(actual) == as_date(expected)
    want, got = as_number(expected), as_number(actual)
    if want is not None and (got is not None or not isinstance(expected, str)):
        return got is not None and close(got, want, abs_tol, rel_tol)
    return actual is not None and str(actual).strip() == str(expected).strip()


def _same_structure(actual: Any, expected: Any, abs_tol: float, rel_tol: float) -> bool:
    if isinstance(expected, dict):
        return (
            isinstance(actual, dict)
            and actual.keys() == expected.keys()
            and all(same(actual[k], v, abs_tol, rel_tol) for k, v in expected.items())
        )
    return (
        isinstance(actual, list)
        and len(actual) == len(expected)
        and all(same(a, b, abs_tol, rel_tol) for a, b in zip(actual, expected, strict=True))
    )


def show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def json_at(document: Any, path: str) -> Any:
    """The value at `path` (`a.b[0].c`, `a.0.c`, `$.a`, `a["odd key"]`); FileProblem when absent."""
    node = document
    spec = path.strip()
    spec = spec[1:] if spec.startswith("$") else spec
    pos = 0
    while pos < len(spec):
        m = _PATH_TOKEN.match(spec, pos)
        if m is None or m.end() == pos:
            raise FileProblem(f"bad JSON path {path!r} at {spec[pos:]!r}")
        pos = m.end()
        key, index, quoted = m.group(1), m.group(2), m.group(3)
        if index is not None or (key is not None and key.lstrip("-").isdigit() and isinstance(node, list)):
            i = int(index if index is not None else key)
            if not isinstance(node, list) or not -len(node) <= i < len(node):
                raise FileProblem(f"{path}: no item [{i}]")
            node = node[i]
        else:
            name = quoted if quoted is not None else key
            if not isinstance(node, dict) or name not in node:
                raise FileProblem(f"{path}: no field {name!r}")
            node = node[name]
    return node


def leaves(value: Any, prefix: str = "") -> dict[str, Any]:
    """Flatten JSON into path → scalar (empty containers are leaves)."""
    if isinstance(value, dict) and value:
        out: dict[str, Any] = {}
        for k, v in value.items():
            out.update(leaves(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    if isinstance(value, list) and value:
        out = {}
        for i, v in enumerate(value):
            out.update(leaves(v, f"{prefix}[{i}]"))
        return out
    return {prefix or "$": value}
