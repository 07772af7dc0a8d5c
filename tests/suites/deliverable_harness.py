"""What the deliverable families' check tests share: loading a family's hidden modules, a delivery held in memory,
the reference's files, the text of an instance's inputs, running a solution on a copy of an instance's inputs and
grading what it delivered."""

from __future__ import annotations

import importlib.util
import os
import runpy
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]

needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


def load_module(name: str, path: Path) -> Any:
    """The module at `path`, loaded once under `name`."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


class Tree:
    """A delivery (or a reference) held in memory, read as the checks read an output folder."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read_one(self, name: str) -> tuple[str, bytes]:
        if name not in self.files:
            raise FileNotFoundError(name)
        return name, self.files[name]


def ref_bytes(root: Path, name: str) -> bytes:
    """A file of the reference of the family or variant at `root`."""
    return (root / "hidden/reference" / name).read_bytes()


def inputs_text(root: Path, *, xlsx: bool = True) -> str:
    """The text of the documents, tables and e-mails in the inputs at `root` (the workbooks' cells too if `xlsx`)."""
    from worktrial.kit.solution.documents import document_text

    parts = []
    for path in sorted((root / "workspace/input").rglob("*")):
        if path.suffix in (".docx", ".pdf"):
            parts.append(document_text(path))
        elif path.suffix in (".csv", ".eml"):
            parts.append(path.read_bytes().decode("utf-8", errors="replace"))
        elif xlsx and path.suffix == ".xlsx":
            import openpyxl

            wb = openpyxl.load_workbook(path, read_only=True)
            parts += [
                " ".join(str(c) for c in row if c is not None) for ws in wb for row in ws.iter_rows(values_only=True)
            ]
    return "\n".join(parts)


class Family:
    """A deliverable family under suites/deliverables, with the modules its solutions import from their folder."""

    def __init__(self, name: str, solution_modules: tuple[str, ...]) -> None:
        self.name = name
        self.root = REPO / "suites/deliverables" / name
        self.solutions = self.root / "hidden/solutions"
        self.solution_modules = solution_modules

    def variant_root(self, variant: str) -> Path:
        """Where the variant's inputs are: its own folder if it has a workspace, otherwise the family's."""
        root = self.root / "variants" / variant
        return root if (root / "workspace").exists() else self.root

    def checks(self) -> Any:
        return load_module(f"{self.name}_checks", self.root / "hidden/checks.py")

    def deliver(
        self, tmp_path: Path, variant: str, known: dict | None, name: str, script: str = "reference.py"
    ) -> Path:
        """Run a solution on a copy of the instance's inputs without the client's world: with `known` as the staff's
        answers, or (None) asking nobody."""
        from worktrial.tasks import load_family

        work = tmp_path / name
        # the engine's own overlay: the variant's inputs over the family's, file by file
        load_family(self.root).instance(variant).materialise_tree("workspace", work)
        (work / "output").mkdir(exist_ok=True)
        here = Path.cwd()
        sys.path.insert(0, str(self.solutions))
        try:
            os.chdir(work)
            for mod in self.solution_modules:
                sys.modules.pop(mod, None)
            if script == "reference.py":
                init = {"ASK": False} if known is None else {"KNOWN": known}
                runpy.run_path(str(self.solutions / script), init_globals=init, run_name="__main__")
            else:
                runpy.run_path(str(self.solutions / script), run_name="__main__")
        finally:
            os.chdir(here)
            sys.path.remove(str(self.solutions))
            for mod in self.solution_modules:
                sys.modules.pop(mod, None)
        return work / "output"

    def grade(self, tmp_path: Path, variant: str, output: Path) -> tuple[float, dict[str, float]]:
        """The score of the delivery in `output` and its checks' values, graded as the variant is graded."""
        from worktrial.grading import grade_deliverable
        from worktrial.grading.deliverable import limits_of
        from worktrial.tasks import load_family

        instance = load_family(self.root).instance(variant)
        grader = instance.config.grader
        hidden = tmp_path / f"hidden-{variant}"
        if not hidden.exists():
            instance.materialise_tree("hidden", hidden)
        result = grade_deliverable(
            output,
            hidden / grader.reference_dir.removeprefix("hidden/"),
            grader.checks,
            limits=limits_of(grader),
            hidden=hidden,
            params=dict(instance.params),
        )
        assert not result.errors, result.errors
        return result.score, {c.name: c.value for c in result.components if c.value is not None}
