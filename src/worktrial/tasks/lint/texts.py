"""The statements the worker reads: level briefs and instruction.md exist, say something, and template cleanly."""

from __future__ import annotations

from pathlib import Path

from ..errors import Problem, TaskFormatError
from ..files import read_text
from ..loader import Family
from ..template import template_problems


def lint_statements(family: Family) -> list[Problem]:
    cfg = family.config
    if cfg.kind == "engagement":
        return [p for level in cfg.levels for p in _statement(family.paths.brief(level), family, f"brief/{level}.md")]
    return _statement(family.paths.instruction, family, "instruction.md")


def _statement(path: Path, family: Family, name: str) -> list[Problem]:
    if not path.is_file():
        what = "brief" if name.startswith("brief/") else "task statement"
        return [Problem(str(path), "", f"the {what} is missing", f"write {name}")]
    try:
        text = read_text(path)
    except TaskFormatError as e:
        return e.problems
    if not text.strip():
        return [Problem(str(path), "", "is empty", "write what the worker is asked to do")]
    return template_problems(text, family.config.params.keys(), str(path))
