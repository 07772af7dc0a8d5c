"""docs/authoring.md documents every public function of the kit."""

from __future__ import annotations

from pathlib import Path

import worktrial.kit.grader as grader_kit
import worktrial.kit.solution as solution_kit

DOC = (Path(__file__).resolve().parents[2] / "docs" / "authoring.md").read_text()


def test_every_solution_kit_function_is_documented() -> None:
    names = [n for n in solution_kit.__all__ if callable(getattr(solution_kit, n)) and n[0].islower()]
    assert names and [n for n in names if f"kit.{n}(" not in DOC] == []


def test_every_grader_kit_name_is_documented() -> None:
    assert [n for n in grader_kit.__all__ if f"`{n}" not in DOC and f"{n}(" not in DOC] == []
