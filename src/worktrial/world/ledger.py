"""Append-only, hash-chained JSONL ledger of everything the worker did in the simulated world.

Each line is one JSON object with `seq` (0, 1, ...), `prev` (hash of the previous entry, or GENESIS) and
`hash` = sha256(prev + canonical JSON of the entry without `hash`). Editing, removing, reordering or inserting
a line breaks the chain; cutting lines off the end or re-chaining a forged file is caught by comparing the
final hash with the head the host kept elsewhere (`expected_head`). Entries hold no wall-clock time, so the
same actions give the same bytes on every run.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

GENESIS = "0" * 64


class LedgerError(Exception):
    """The ledger on disk cannot be continued (it does not verify)."""


def canonical_json(obj: Any) -> str:
    """Stable serialisation: sorted keys, no spaces, UTF-8 kept as is; floats as Python prints them."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def entry_hash(prev: str, entry: dict[str, Any]) -> str:
    body = {k: v for k, v in entry.items() if k != "hash"}
    return hashlib.sha256((prev + canonical_json(body)).encode("utf-8")).hexdigest()


@dataclass
class LedgerCheck:
    ok: bool
    problems: list[str]
    head: str
    entries: list[dict[str, Any]] = field(default_factory=list)


def verify_ledger(path: str | os.PathLike[str], expected_head: str | None = None) -> LedgerCheck:
    """Check the chain of the ledger at `path`; `expected_head` is the head recorded when the trial ended."""
    p = Path(path)
    if not p.exists():
        return LedgerCheck(False, [f"no ledger at {p.name}"], GENESIS)
    data = p.read_bytes()
    problems: list[str] = []
    lines = data.split(b"\n")
    if lines[-1]:
        # A write that never finished: it was never acknowledged, but the file is not as the host left it.
        problems.append(f"line {len(lines)}: incomplete last line (no newline)")
    entries: list[dict[str, Any]] = []
    head = GENESIS
    for number, raw in enumerate(lines[:-1], start=1):
        try:
            entry = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            problems.append(f"line {number}: not valid JSON")
            continue
        if not isinstance(entry, dict):
            problems.append(f"line {number}: not a JSON object")
            continue
        want_seq = len(entries)
        if entry.get("seq") != want_seq:
            problems.append(f"line {number}: seq {entry.get('seq')!r}, expected {want_seq} (removed or moved)")
        if entry.get("prev") != head:
            problems.append(f"line {number}: prev does not match the hash of the line before")
        stated = entry.get("hash")
        if stated != entry_hash(str(entry.get("prev", "")), entry):
            problems.append(f"line {number}: hash does not match its content (edited)")
        entries.append(entry)
        # Continue from the stated hash so one bad line is reported once, not on every line after it.
        head = stated if isinstance(stated, str) else head
    if expected_head is not None and head != expected_head:
        known = [e.get("hash") for e in entries]
        if expected_head in known:
            problems.append(f"entries after seq {known.index(expected_head)} were added after the trial ended")
        else:
            problems.append("final hash differs from the expected head (lines cut off or the file rewritten)")
    return LedgerCheck(not problems, problems, head, entries)


class Ledger:
    """Writer for one ledger file. Reopening an existing file continues its chain."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._entries: list[dict[str, Any]] = []
        self._head = GENESIS
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            self._load()
        else:
            self.path.touch()

    def _load(self) -> None:
        data = self.path.read_bytes()
        cut = data.rfind(b"\n") + 1
        if cut < len(data):
            # Drop a half-written last line left by a crash: it was never acknowledged to anyone.
            with self.path.open("r+b") as fh:
                fh.truncate(cut)
                fh.flush()
                os.fsync(fh.fileno())
        check = verify_ledger(self.path)
        if not check.ok:
            raise LedgerError(f"{self.path.name} does not verify: " + "; ".join(check.problems))
        self._entries = check.entries
        self._head = check.head

    @property
    def head(self) -> str:
        with self._lock:
            return self._head

    @property
    def entries(self) -> list[dict[str, Any]]:
        """Copies of all entries so far, oldest first."""
        with self._lock:
            return [dict(e) for e in self._entries]

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def append(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Write one entry durably and return it (with `seq`, `prev`, `hash`)."""
        reserved = {"seq", "kind", "prev", "hash"} & fields.keys()
        if reserved:
            raise ValueError(f"ledger fields {sorted(reserved)} are set by the ledger itself")
        # Round-trip through JSON first so the hash is computed over exactly what a reader will parse.
        plain = json.loads(canonical_json(fields))
        with self._lock:
            entry: dict[str, Any] = {"seq": len(self._entries), "kind": kind, **plain, "prev": self._head}
            entry["hash"] = entry_hash(self._head, entry)
            line = (canonical_json(entry) + "\n").encode("utf-8")
            # One write of the whole line, then fsync: after a crash the file ends either before the line or
            # with a line that verifies; a torn tail has no newline and is dropped on reopen.
            with self.path.open("ab") as fh:
                fh.write(line)
                fh.flush()
                os.fsync(fh.fileno())
            self._entries.append(entry)
            self._head = entry["hash"]
            return dict(entry)


@dataclass
class LedgerSummary:
    """What the grader needs from a ledger: costs, facts obtained and who was contacted.

    `facts` holds every fact the worker obtained: disclosed (answers, inbox, pilot) or shown to someone with
    evidence; `shown` lists the latter alone.
    """

    contact_cost: float
    facts: list[str]
    questions_asked: int
    off_limits_contacts: list[str]
    asked_by_person: dict[str, int]
    answered_by_person: dict[str, int] = field(default_factory=dict)
    cost_by_kind: dict[str, float] = field(default_factory=dict)
    pilot_runs: int = 0
    shown: list[str] = field(default_factory=list)


def summarise(entries: list[dict[str, Any]]) -> LedgerSummary:
    """Totals over ledger entries; `contact_cost` is every cost together (asks, waits and pilots)."""
    facts: dict[str, None] = {}  # insertion-ordered set: order of first disclosure
    shown: dict[str, None] = {}
    asked: dict[str, int] = {}
    answered: dict[str, int] = {}
    by_kind: dict[str, float] = {}
    off_limits: list[str] = []
    pilots = 0
    for e in entries:
        kind = str(e.get("kind", ""))
        by_kind[kind] = by_kind.get(kind, 0.0) + float(e.get("cost", 0.0))
        facts.update(dict.fromkeys(str(f) for f in e.get("facts", [])))
        shown.update(dict.fromkeys(str(f) for f in e.get("shown", [])))
        facts.update(dict.fromkeys(str(f) for f in e.get("shown", [])))
        if kind == "ask":
            to = str(e.get("to", ""))
            asked[to] = asked.get(to, 0) + 1
            if e.get("answered"):
                answered[to] = answered.get(to, 0) + 1
            if e.get("off_limits") and to not in off_limits:
                off_limits.append(to)
        elif kind == "pilot":
            pilots += 1
    return LedgerSummary(
        contact_cost=round(sum(by_kind.values()), 6),
        facts=list(facts),
        questions_asked=sum(asked.values()),
        off_limits_contacts=off_limits,
        asked_by_person=asked,
        answered_by_person=answered,
        cost_by_kind={k: round(v, 6) for k, v in by_kind.items()},
        pilot_runs=pilots,
        shown=list(shown),
    )
