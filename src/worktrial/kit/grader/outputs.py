"""Reading what a delivered system wrote to /out: bounded, never following links, never raising.

Whatever a delivered system writes is the worker's responsibility. A missing, huge, mis-encoded or malformed
file is therefore a normal outcome with a low KPI: every such problem is recorded as evidence (`Output.problems`)
and the readers return what could be read. Nothing here raises on bad content, so a broken delivery can never
void its own trial.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import math
import os
import re
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

MiB = 1 << 20
_GROUPED = re.compile(r"[+-]?\d{1,3}(,\d{3})+(\.\d+)?")
_PLAIN = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


@dataclass(frozen=True)
class ReadLimits:
    """Bounds on what is read from one output folder."""

    max_file_bytes: int = 50 * MiB
    max_total_bytes: int = 200 * MiB
    max_entries: int = 20_000  # files and folders listed under the output folder
    max_depth: int = 16
    max_rows: int = 2_000_000  # rows of one table (over all its files)
    max_field_chars: int = 100_000
    max_problems: int = 100  # problems kept as evidence; `problem_count` stays exact


@dataclass
class Table:
    """Rows of one or more CSV files under canonical column names, values stripped of surrounding blanks."""

    files: list[str] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    rows: list[dict[str, str]] = field(default_factory=list)
    present: set[str] = field(default_factory=set)  # optional columns found in at least one file

    def __len__(self) -> int:
        return len(self.rows)

    def index(self, key: str | Sequence[str], keep: str = "first") -> tuple[dict[Any, dict[str, str]], int]:
        """Rows by key (a column, or a tuple of columns); rows with a blank key are dropped.

        Returns the mapping and how many rows repeated a key already seen (`keep`: "first" or "last" wins).
        """
        names = [key] if isinstance(key, str) else list(key)
        out: dict[Any, dict[str, str]] = {}
        repeats = 0
        for row in self.rows:
            parts = tuple(row.get(n, "") for n in names)
            if not all(parts):
                continue
            k: Any = parts[0] if isinstance(key, str) else parts
            if k in out:
                repeats += 1
                if keep == "first":
                    continue
            out[k] = row
        return out, repeats


def _canonical(header: str) -> str:
    return "_".join(header.strip().lower().replace("-", " ").split())


def number(value: Any) -> float | None:
    """A finite number from a cell ('12', '-3.5', '1,234.50', ' 7 '), else None; NaN and infinities are None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        result = float(value)
    elif isinstance(value, str):
        text = value.strip()
        if _GROUPED.fullmatch(text):
            text = text.replace(",", "")
        elif not _PLAIN.fullmatch(text):
            return None
        try:
            result = float(text)
        except ValueError:
            return None
    else:
        return None
    return result if math.isfinite(result) else None


class _Rejected(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise _Rejected(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Rejected(f"{text[:20]} is out of range")
    return value


class Output:
    """The output folder of one production run (`ctx.out_dir`, or `ctx.baseline_out` for the shipped system).

    `root=None` (e.g. no baseline available) reads as an empty folder without problems.
    """

    def __init__(self, root: Path | str | None, limits: ReadLimits | None = None) -> None:
        self.root = Path(root) if root is not None else None
        self.limits = limits or ReadLimits()
        self.problems: list[str] = []
        self.problem_count = 0
        self._listing: dict[str, int] | None = None
        self._bytes_read = 0

    # ------------------------------------------------------------------ evidence

    def problem(self, text: str) -> None:
        self.problem_count += 1
        if len(self.problems) < self.limits.max_problems:
            self.problems.append(text)

    def evidence(self) -> dict[str, Any]:
        """For a grader's `details`: what could not be read, and why."""
        return {"problems": list(self.problems), "problem_count": self.problem_count}

    # ------------------------------------------------------------------ listing

    def listing(self) -> dict[str, int]:
        """Regular files under the folder (relative POSIX path -> size); links and special files are skipped."""
        if self._listing is None:
            self._listing = self._walk()
        return self._listing

    def _walk(self) -> dict[str, int]:
        found: dict[str, int] = {}
        if self.root is None:
            return found
        try:
            st = os.lstat(self.root)
        except OSError:
            return found  # nothing written at all: the grader sees no files
        if not stat.S_ISDIR(st.st_mode):
            self.problem("the output folder is not a folder")
            return found
        stack: list[tuple[Path, str, int]] = [(self.root, "", 0)]
        seen = 0
        while stack:
            folder, prefix, depth = stack.pop()
            try:
                entries = sorted(os.scandir(folder), key=lambda e: e.name)
            except OSError as e:
                self.problem(f"{prefix or '.'}: cannot be listed ({e.strerror})")
                continue
            for entry in entries:
                seen += 1
                if seen > self.limits.max_entries:
                    self.problem(f"more than {self.limits.max_entries} entries: the rest was not read")
                    return found
                rel = prefix + entry.name
                try:
                    st = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                mode, size = st.st_mode, st.st_size
                if stat.S_ISLNK(mode):
                    self.problem(f"{rel}: a link, not followed")
                elif stat.S_ISDIR(mode):
                    if depth + 1 >= self.limits.max_depth:
                        self.problem(f"{rel}: nested deeper than {self.limits.max_depth} folders, not read")
                    else:
                        stack.append((Path(entry.path), rel + "/", depth + 1))
                elif stat.S_ISREG(mode):
                    found[rel] = size
                else:
                    self.problem(f"{rel}: not a regular file, skipped")
        return dict(sorted(found.items()))

    def files(self, pattern: str) -> list[str]:
        """Files whose relative path matches `pattern` ('*' within one folder, '**' across folders)."""
        parts = pattern.strip("/").split("/")
        return [rel for rel in self.listing() if _match(parts, rel.split("/"))]

    def exists(self, rel: str) -> bool:
        return rel.strip("/") in self.listing()

    # ------------------------------------------------------------------ raw content

    def read_bytes(self, rel: str) -> bytes | None:
        """Bytes of one listed file within the limits, else None with the reason recorded."""
        rel = rel.strip("/")
        size = self.listing().get(rel)
        if size is None or self.root is None:
            return None
        if size > self.limits.max_file_bytes:
            self.problem(f"{rel}: {size} bytes, over the {self.limits.max_file_bytes}-byte limit; not read")
            return None
        if self._bytes_read + size > self.limits.max_total_bytes:
            self.problem(f"{rel}: reading it would pass {self.limits.max_total_bytes} bytes in all; not read")
            return None
        try:
            fd = os.open(self.root / rel, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError as e:
            self.problem(f"{rel}: cannot be opened ({e.strerror})")
            return None
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                self.problem(f"{rel}: not a regular file, skipped")
                return None
            data = f.read(self.limits.max_file_bytes + 1)
        if len(data) > self.limits.max_file_bytes:
            self.problem(f"{rel}: over the {self.limits.max_file_bytes}-byte limit; not read")
            return None
        self._bytes_read += len(data)
        return data

    def text(self, rel: str, errors: str = "reject") -> str | None:
        """UTF-8 text of one file (a byte-order mark is dropped). Bad bytes: `errors="reject"` records a problem
        and returns None; `errors="replace"` records it and returns the text with U+FFFD in their place."""
        data = self.read_bytes(rel)
        if data is None:
            return None
        try:
            return codecs.decode(data, "utf-8-sig")
        except UnicodeDecodeError as e:
            where = f"{rel}: not UTF-8 (byte 0x{data[e.start]:02x} at offset {e.start})"
            if errors == "replace":
                self.problem(where + "; bad bytes replaced")
                return codecs.decode(data, "utf-8-sig", errors="replace")
            self.problem(where + "; not read")
            return None

    # ------------------------------------------------------------------ structured content

    def table(
        self,
        pattern: str,
        columns: Mapping[str, Sequence[str]] | Sequence[str],
        optional: Mapping[str, Sequence[str]] | Sequence[str] = (),
        delimiter: str = ",",
        errors: str = "reject",
    ) -> Table:
        """Rows of every CSV file matching `pattern` (in path order) that has all `columns`.

        Headers match case-insensitively with blanks and dashes read as underscores; a mapping gives aliases
        (`{"amount": ("amount_usd", "amount")}`: the first alias present wins). Values are stripped strings;
        an `optional` column missing from a file reads as "". A file without a required column is skipped with
        a problem; a malformed row ends that file with a problem (the rows before it count).
        """
        required = _aliases(columns)
        extra = _aliases(optional)
        table = Table(columns=[*required, *extra])
        for rel in self.files(pattern):
            text = self.text(rel, errors)
            if text is None:
                continue
            table.files.append(rel)
            self._read_csv(rel, text, required, extra, delimiter, table)
        return table

    def _read_csv(
        self,
        rel: str,
        text: str,
        required: dict[str, tuple[str, ...]],
        extra: dict[str, tuple[str, ...]],
        delimiter: str,
        table: Table,
    ) -> None:
        # csv's own field limit (131072 characters by default) raises csv.Error before ours would.
        rows = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        try:
            header = next(rows, None)
        except (csv.Error, _Rejected) as e:
            self.problem(f"{rel}: header: {e}")
            return
        if not header:
            self.problem(f"{rel}: empty, no header row")
            return
        found = {_canonical(h): i for i, h in reversed(list(enumerate(header)))}
        positions: dict[str, int | None] = {}
        for name, aliases in required.items():
            pos = next((found[a] for a in aliases if a in found), None)
            if pos is None:
                self.problem(f"{rel}: no column {' or '.join(aliases)}; file skipped")
                return
            positions[name] = pos
        for name, aliases in extra.items():
            positions[name] = next((found[a] for a in aliases if a in found), None)
            if positions[name] is not None:
                table.present.add(name)
        limit = self.limits.max_field_chars
        try:
            for record in rows:
                if not record or not any(cell.strip() for cell in record):
                    continue
                if len(table.rows) >= self.limits.max_rows:
                    self.problem(f"{rel}: more than {self.limits.max_rows} rows in all; the rest was not read")
                    return
                row: dict[str, str] = {}
                for name, pos in positions.items():
                    cell = record[pos] if pos is not None and pos < len(record) else ""
                    if len(cell) > limit:
                        raise _Rejected(f"a field of {len(cell)} characters (limit {limit})")
                    row[name] = cell.strip()
                table.rows.append(row)
        except (csv.Error, _Rejected) as e:
            self.problem(f"{rel}: line {rows.line_num}: {e}; the rest of the file was not read")

    def json(self, rel: str) -> Any:
        """The JSON value of one file, or None (with the problem recorded). NaN and infinities are rejected."""
        text = self.text(rel)
        if text is None:
            return None
        try:
            return _loads(text)
        except (ValueError, RecursionError) as e:
            self.problem(f"{rel}: not valid JSON ({_short(e)})")
            return None

    def jsonl(self, pattern: str) -> list[Any]:
        """Values of every line of the JSON Lines files matching `pattern`; bad lines are skipped, with evidence."""
        values: list[Any] = []
        for rel in self.files(pattern):
            text = self.text(rel)
            if text is None:
                continue
            for n, line in enumerate(text.splitlines(), 1):
                if not line.strip():
                    continue
                if len(values) >= self.limits.max_rows:
                    self.problem(f"{rel}: more than {self.limits.max_rows} lines in all; the rest was not read")
                    return values
                try:
                    values.append(_loads(line))
                except (ValueError, RecursionError) as e:
                    self.problem(f"{rel}: line {n}: not valid JSON ({_short(e)})")
        return values


def _aliases(columns: Mapping[str, Sequence[str]] | Sequence[str]) -> dict[str, tuple[str, ...]]:
    if isinstance(columns, Mapping):
        return {_canonical(k): tuple(_canonical(a) for a in (v or (k,))) for k, v in columns.items()}
    return {_canonical(c): (_canonical(c),) for c in columns}


def _loads(text: str) -> Any:
    return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)


def _short(e: BaseException) -> str:
    if isinstance(e, RecursionError):
        return "nested too deeply"
    return str(e)[:200]


def _match(pattern: list[str], parts: list[str]) -> bool:
    if not pattern:
        return not parts
    head, rest = pattern[0], pattern[1:]
    if head == "**":
        return any(_match(rest, parts[i:]) for i in range(len(parts) + 1))
    return bool(parts) and fnmatchcase(parts[0], head) and _match(rest, parts[1:])
