"""Where things live inside a task family folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

# Files of hidden/ that record a family's history rather than define it: no instance holds them, so writing a
# playtest's row while trials run changes no content hash and no trial's grader files.
AUTHOR_RECORDS = frozenset({"PLAYTESTS.md"})


@dataclass(frozen=True)
class FamilyPaths:
    """The layout of one task family::

    <family>/
      task.toml                   family metadata, levels, budgets, system, world, grader, anchors
      brief/L0.md … L3.md         sponsor's instruction per level ({{param}} placeholders)   [engagement]
      instruction.md              the task statement                                      [deliverable]
      workspace/                  copied to /workspace for every trial
      hidden/                     never enters the worker's sandbox
        people.toml               staff, topics, inbox, evidence facts                    [engagement]
        gate_checks.toml          messages with the gate outcome they must get (optional)
        PLAYTESTS.md              the record of blind playtests: history, not content (AUTHOR_RECORDS)
        grader.py                 generate() / kpi() / pilot_feedback()
        solutions/reference.py    expert solution, run like an agent
        solutions/literal.py      does exactly what the L3 brief says
        solutions/shortcuts/*.py  cheap strategies that must not pass
      variants/<id>/
        variant.toml              params, seed, literal_right, angle
        workspace/ hidden/        files that replace or add to the family's
    """

    root: Path

    @property
    def task_toml(self) -> Path:
        return self.root / "task.toml"

    @property
    def brief_dir(self) -> Path:
        return self.root / "brief"

    def brief(self, level: str) -> Path:
        return self.brief_dir / f"{level}.md"

    @property
    def instruction(self) -> Path:
        return self.root / "instruction.md"

    @property
    def workspace(self) -> Path:
        return self.root / "workspace"

    @property
    def hidden(self) -> Path:
        return self.root / "hidden"

    @property
    def gate_checks(self) -> Path:
        return self.hidden / "gate_checks.toml"

    @property
    def variants_dir(self) -> Path:
        return self.root / "variants"

    def variant_dir(self, variant: str) -> Path:
        return self.variants_dir / variant

    def variant_toml(self, variant: str) -> Path:
        return self.variant_dir(variant) / "variant.toml"
