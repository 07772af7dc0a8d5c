"""One stored trial as the run viewer shows it: brief facts, score card, steps, messages, ledger, delivered files.

Everything is read from the trial's attempt folder and the store, bounded (events, text per event, files listed)
so a trial that wrote gigabytes cannot stall a page. Text is returned as text: the templates escape it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..grading import ScoreCard, worker_view
from ..store import TrialRow
from ..world.ledger import verify_ledger
from .diffs import FileChange, workspace_changes

MAX_EVENTS = 2000
MAX_TEXT = 20_000
MAX_FILES = 500


@dataclass
class TrialView:
    row: TrialRow
    card: ScoreCard | None
    author_view: bool
    steps: list[dict[str, Any]] = field(default_factory=list)
    steps_cut: bool = False
    messages: list[dict[str, Any]] = field(default_factory=list)
    ledger_ok: bool | None = None
    ledger_problems: list[str] = field(default_factory=list)
    delivered: list[tuple[str, int]] = field(default_factory=list)
    changes: list[FileChange] | None = None  # None: the trial kept no record of what it handed out


def _cut(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, indent=1)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + f"\n… ({len(text) - MAX_TEXT} more characters)"


def read_jsonl(path: Path, limit: int) -> tuple[list[dict[str, Any]], bool]:
    rows: list[dict[str, Any]] = []
    if not path.is_file() or path.is_symlink():
        return rows, False
    with path.open(encoding="utf-8", errors="replace") as f:
        for line in f:
            if len(rows) >= limit:
                return rows, True
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                rows.append(value)
    return rows, False


def step_of(event: dict[str, Any]) -> dict[str, Any]:
    shown = {k: _cut(v) for k, v in event.items() if k not in ("n", "type")}
    return {"n": event.get("n"), "type": str(event.get("type", "")), "fields": shown}


def _message(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "to": str(entry.get("to", "")),
        "when": str(entry.get("now", "")),
        "status": str(entry.get("status", "")),
        "cost": entry.get("cost"),
        "question": _cut(entry.get("question", "")),
        "reply": _cut(entry.get("reply", "")),
    }


def _files(root: Path) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    if not root.is_dir() or root.is_symlink():
        return out
    for here, dirs, names in os.walk(root, followlinks=False):
        dirs.sort()
        for name in sorted(names):
            p = Path(here, name)
            st = p.lstat()
            out.append((str(p.relative_to(root)), st.st_size))
            if len(out) >= MAX_FILES:
                return out
    return out


def trial_view(row: TrialRow, author: bool) -> TrialView:
    card = ScoreCard.model_validate(row.scorecard) if row.scorecard else None
    view = TrialView(row=row, card=card if (card is None or author) else worker_view(card), author_view=author)
    attempt = Path(row.run_dir) if row.run_dir else None
    if attempt is None or not attempt.is_dir():
        return view
    events, view.steps_cut = read_jsonl(attempt / "trajectory.jsonl", MAX_EVENTS)
    view.steps = [step_of(e) for e in events]
    ledger = attempt / "ledger.jsonl"
    if ledger.is_file():
        check = verify_ledger(ledger)
        view.ledger_ok, view.ledger_problems = check.ok, check.problems
        view.messages = [_message(e) for e in check.entries if e.get("kind") == "ask"]
    view.delivered = _files(attempt / "delivered")
    view.changes = workspace_changes(attempt)
    return view


__all__ = ["TrialView", "trial_view"]
