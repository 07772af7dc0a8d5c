"""Which decisions a delivered system changed relative to the shipped one, on the same production data.

The shipped system's output on the same data (`ctx.baseline_out`) is the reference for "what would have
happened anyway", so a grader can tell an approved change from an unapproved one without re-implementing the
shipped logic by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .outputs import Table, number

Normaliser = Callable[[str], Any]


def baseline_dir(ctx: Any) -> Path | None:
    """The shipped system's output folder for this run, when the platform provides one (`ctx.baseline_out`)."""
    value = getattr(ctx, "baseline_out", None)
    return Path(value) if value else None


def default_normalise(value: str) -> Any:
    """Blank-insensitive, case-insensitive text; a finite number compares as a number ('1.0' == '1')."""
    num = number(value)
    return num if num is not None else " ".join(value.split()).casefold()


@dataclass(frozen=True)
class Changes:
    """Row-level differences between a delivered table and the shipped system's, keyed by `key`."""

    added: list[Any] = field(default_factory=list)  # keys only the delivered output has
    removed: list[Any] = field(default_factory=list)  # keys only the shipped output has
    changed: dict[Any, dict[str, tuple[str, str]]] = field(default_factory=dict)  # key -> column -> (shipped, new)
    compared: int = 0  # keys present in both

    @property
    def keys(self) -> set[Any]:
        """Every key whose row differs in any way (added, removed or changed)."""
        return {*self.added, *self.removed, *self.changed}

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def __len__(self) -> int:
        return len(self.added) + len(self.removed) + len(self.changed)

    def summary(self, examples: int = 5) -> dict[str, Any]:
        """Counts and a few examples, for a grader's `details`."""
        return {
            "added": len(self.added),
            "removed": len(self.removed),
            "changed": len(self.changed),
            "compared": self.compared,
            "examples": [
                {"key": _jsonable(k), **{c: list(v) for c, v in cols.items()}}
                for k, cols in list(self.changed.items())[:examples]
            ],
        }


def _jsonable(key: Any) -> Any:
    return list(key) if isinstance(key, tuple) else key


def _rows(table: Table | Iterable[Mapping[str, str]]) -> list[Mapping[str, str]]:
    return list(table.rows) if isinstance(table, Table) else list(table)


def _index(rows: list[Mapping[str, str]], key: str | Sequence[str]) -> dict[Any, Mapping[str, str]]:
    names = [key] if isinstance(key, str) else list(key)
    out: dict[Any, Mapping[str, str]] = {}
    for row in rows:
        parts = tuple(str(row.get(n, "")).strip() for n in names)
        if not all(parts):
            continue
        out.setdefault(parts[0] if isinstance(key, str) else parts, row)  # the first row of a key counts
    return out


def changed_rows(
    delivered: Table | Iterable[Mapping[str, str]],
    baseline: Table | Iterable[Mapping[str, str]],
    key: str | Sequence[str],
    columns: Sequence[str],
    normalise: Normaliser | Mapping[str, Normaliser] = default_normalise,
    tolerance: float = 0.0,
) -> Changes:
    """Compare two tables row by row on `columns`, matching rows by `key` (the first row of a key counts).

    `normalise` maps a cell to the value compared (one function, or one per column; columns not in the mapping
    use `default_normalise`). Numbers closer than `tolerance` count as equal.
    """
    new = _index(_rows(delivered), key)
    old = _index(_rows(baseline), key)
    changed: dict[Any, dict[str, tuple[str, str]]] = {}
    for k in old.keys() & new.keys():
        diff = {}
        for col in columns:
            a, b = str(old[k].get(col, "")), str(new[k].get(col, ""))
            fn = normalise.get(col, default_normalise) if isinstance(normalise, Mapping) else normalise
            if not _same(fn(a), fn(b), tolerance):
                diff[col] = (a, b)
        if diff:
            changed[k] = diff
    return Changes(
        added=sorted(new.keys() - old.keys(), key=str),
        removed=sorted(old.keys() - new.keys(), key=str),
        changed=dict(sorted(changed.items(), key=lambda kv: str(kv[0]))),
        compared=len(old.keys() & new.keys()),
    )


def _same(a: Any, b: Any, tolerance: float) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= tolerance
    return bool(a == b)


def changed_decisions(
    delivered: Mapping[Any, Any],
    baseline: Mapping[Any, Any],
    universe: Iterable[Any] | None = None,
    default: Any = None,
) -> dict[Any, tuple[Any, Any]]:
    """Keys whose decision differs: key -> (shipped, delivered). A key absent on one side reads as `default`.

    For graders that have already reduced both outputs to one decision per case (e.g. held / released), with
    `universe` the cases of the production data (by default every key seen on either side).
    """
    keys = set(universe) if universe is not None else set(delivered) | set(baseline)
    out = {}
    for k in keys:
        old, new = baseline.get(k, default), delivered.get(k, default)
        if old != new:
            out[k] = (old, new)
    return dict(sorted(out.items(), key=lambda kv: str(kv[0])))
