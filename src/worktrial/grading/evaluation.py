"""What an evaluator is given, whatever the kind of task: the delivered snapshot, what the verified ledger says,
the anchors, and the sandbox, judge and folders it may use."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ..sandbox import Sandbox
from ..tasks import Instance
from .checks import Judge
from .scorecard import ScoreCard


@dataclass(frozen=True)
class Anchors:
    """An engagement's baseline and reference KPIs, and the folder the baseline run wrote its output to."""

    baseline: float
    reference: float
    baseline_out: Path | None = None


@dataclass(frozen=True)
class Evaluation:
    """One delivered trial to score. `incidents` are what the trial's checks already found (tampering,
    off-limits contacts); the contact figures come from the verified ledger."""

    instance: Instance
    snapshot: Path
    scratch: Path
    sandbox: Sandbox
    cache_dir: Path
    incidents: Sequence[str] = ()
    contact_cost: float = 0.0
    facts: frozenset[str] = frozenset()
    questions_asked: int = 0
    asked_by_person: dict[str, int] = field(default_factory=dict)
    anchors: Anchors | None = None  # engagements: read from the cache by the caller, never computed here
    judge: Judge | None = None
    left_out: Sequence[str] = ()  # what of the delivered workspace the snapshot left out, and why (safe-tree rules)


class Evaluator(Protocol):
    """Scores one kind of task; failures of the task or of the machinery are raised or returned as an error
    card, never scored."""

    def __call__(self, evaluation: Evaluation, /) -> ScoreCard: ...
