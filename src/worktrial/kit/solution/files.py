"""Editing the workspace from a solution script: atomic writes, JSON and CSV files, code hooks, history runs.

Runs inside the trial's sandbox (Python 3.11, standard library only).
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .world import KitError

RUN_TIMEOUT_S = 600


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_text(path: str | Path, text: str) -> Path:
    """Replace `path` with `text` (UTF-8) atomically: a reader sees the old file or the new one, never half.

    An existing file keeps its permission bits; a new one gets the usual 0666 minus the umask (a temporary
    file's private 0600 would hide the file from the production run).
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def read_json(path: str | Path) -> Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def write_json(path: str | Path, value: Any) -> Path:
    """Write `value` as indented JSON with a final newline, atomically."""
    return write_text(path, json.dumps(value, indent=2) + "\n")


def update_json(path: str | Path, **changes: Any) -> dict[str, Any]:
    """Merge top-level `changes` into the JSON object in `path`; returns the new object."""
    value = read_json(path)
    if not isinstance(value, dict):
        raise KitError(f"{path}: holds {type(value).__name__}, not a JSON object")
    value.update(changes)
    write_json(path, value)
    return value


def read_csv(path: str | Path) -> tuple[list[str], list[dict[str, str]]]:
    """Header and rows of a CSV file."""
    reader = csv.DictReader(io.StringIO(Path(path).read_text(encoding="utf-8")))
    return list(reader.fieldnames or []), [dict(r) for r in reader]


def write_csv(path: str | Path, fields: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> Path:
    """Write rows under `fields` (missing cells empty, extra keys dropped), `\\n` line ends, atomically."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(fields), lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: row.get(k, "") for k in fields})
    return write_text(path, buf.getvalue())


def merge_csv(path: str | Path, key: str, rows: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """Merge `rows` into a CSV table keyed by column `key`, atomically, and return the table.

    A row whose key exists updates only the cells it names (`{"rule_id": "R06", "enabled": "0"}` switches one
    rule off); a new key is appended, its missing cells empty. Columns stay as they are, order is kept, values
    are written as text. A row without the key, or a table without that column, is a `KitError`.
    """
    fields, table = read_csv(path)
    if key not in fields:
        raise KitError(f"{path}: no column {key!r} to merge on (columns: {', '.join(fields)})")
    where = {r[key]: i for i, r in enumerate(table)}
    for row in rows:
        if key not in row:
            raise KitError(f"merge_csv: row {dict(row)!r} has no {key!r}")
        cells = {k: "" if v is None else str(v) for k, v in row.items()}
        k = cells[key]
        if k in where:
            table[where[k]].update(cells)
        else:
            where[k] = len(table)
            table.append({f: cells.get(f, "") for f in fields})
    write_csv(path, fields, table)
    return table


def insert_once(path: str | Path, anchor: str, text: str, *, before: bool = False, marker: str | None = None) -> bool:
    """Insert `text` after (or before) the one occurrence of `anchor` in a source file, unless already there.

    `marker` (default: `text` itself) found in the file means the change was made already: nothing is written
    and False is returned. A missing or repeated anchor raises KitError: the file is not the one the solution
    was written against.
    """
    target = Path(path)
    source = target.read_text(encoding="utf-8")
    if (marker or text) in source:
        return False
    count = source.count(anchor)
    if count != 1:
        where = "not found" if count == 0 else f"found {count} times"
        raise KitError(f"{target}: anchor {anchor.splitlines()[0][:60]!r} {where}; the file has changed")
    write_text(target, source.replace(anchor, text + anchor if before else anchor + text))
    return True


def run(argv: Sequence[str], timeout: float = RUN_TIMEOUT_S, tail: int = 4000) -> str:
    """Run a command in the workspace (e.g. the system on history); the tail of stdout and stderr."""
    try:
        proc = subprocess.run(list(argv), capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"{argv[0]}: timed out after {timeout:g} s"
    except OSError as e:
        return f"{argv[0]}: {e}"
    return proc.stdout[-tail:] + proc.stderr[-tail:]


def query(db: str | Path, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """Rows of one SQL query on an SQLite file opened read-only (history is evidence, never edited)."""
    conn = sqlite3.connect(f"file:{Path(db).resolve()}?mode=ro", uri=True)
    try:
        return [tuple(r) for r in conn.execute(sql, tuple(args)).fetchall()]
    finally:
        conn.close()
