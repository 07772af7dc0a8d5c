"""Build malformed families: copy a good fixture family, apply one mutation, lint it.

A mutation is a list of edits on the copy. Every edit checks that it changed something (a `replace` whose old
text is not in the file fails), so a case can never pass because its mutation silently did nothing.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from worktrial.tasks import Problem, lint_path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FAMILIES = {"tiny": FIXTURES / "suite" / "tiny", "sales_totals": FIXTURES / "deliverables" / "sales_totals"}

Edit = Callable[[Path], None]


def replace(rel: str, old: str, new: str) -> Edit:
    def edit(root: Path) -> None:
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{rel} has no {old!r}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return edit


def write(rel: str, content: str | bytes) -> Edit:
    def edit(root: Path) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")

    return edit


def append(rel: str, text: str) -> Edit:
    def edit(root: Path) -> None:
        path = root / rel
        assert path.is_file(), f"{rel} does not exist"
        path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")

    return edit


def delete(rel: str) -> Edit:
    def edit(root: Path) -> None:
        path = root / rel
        assert path.exists(), f"{rel} does not exist"
        shutil.rmtree(path) if path.is_dir() else path.unlink()

    return edit


def move(rel: str, to: str) -> Edit:
    def edit(root: Path) -> None:
        (root / to).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).rename(root / to)

    return edit


def link(rel: str, target: str) -> Edit:
    def edit(root: Path) -> None:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target, root / rel)

    return edit


def fifo(rel: str) -> Edit:
    def edit(root: Path) -> None:
        os.mkfifo(root / rel)

    return edit


@dataclass(frozen=True)
class Case:
    """One mutation of a good family and the single problem lint must report for it."""

    name: str
    family: str
    edits: list[Edit]
    file: str  # relative to the family folder
    field: str
    fragment: str  # part of `reason (fix)`
    also: list[tuple[str, str, str]] = field(default_factory=list)  # further (file, field, fragment) expected


def build(case: Case, tmp: Path) -> Path:
    """A copy of the case's family with its edits applied; returns the family folder."""
    root = tmp / "suite" / case.family
    shutil.copytree(FAMILIES[case.family], root, symlinks=True)
    for edit in case.edits:
        edit(root)
    return root


def relative(problem: Problem, root: Path) -> tuple[str, str, str]:
    """(file relative to the family, field, `reason (fix)`) of a problem."""
    text = f"{problem.reason} ({problem.fix})"
    return Path(problem.file).relative_to(root).as_posix(), problem.field, text


def lint_case(case: Case, tmp: Path) -> list[tuple[str, str, str]]:
    root = build(case, tmp)
    return [relative(p, root) for p in lint_path(root.parent)]
