"""Baseline and reference KPIs per variant, computed by real runs in fresh sandboxes and cached by content hash."""

from __future__ import annotations

import asyncio
import json
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..grading import GraderError, measure, take_snapshot
from ..tasks import Instance
from ..world import summarise, verify_ledger
from .workspace import materialise

if TYPE_CHECKING:
    from .trial import TrialContext


@dataclass(frozen=True)
class Anchors:
    baseline: float
    reference: float


class AnchorCache:
    """`get(instance, ctx)` returns cached anchors or computes them once (thread-safe, one lock per variant)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def _file(self, instance: Instance) -> Path:
        return self.folder / f"{instance.variant_hash}.json"

    def get(self, instance: Instance, ctx: TrialContext) -> Anchors:
        with self._guard:
            lock = self._locks.setdefault(instance.variant_hash, threading.Lock())
        with lock:
            path = self._file(instance)
            if path.is_file():
                data = json.loads(path.read_text())
                return Anchors(data["baseline"], data["reference"])
            anchors = self._compute(instance, ctx)
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(
                json.dumps({"instance": instance.id, "baseline": anchors.baseline, "reference": anchors.reference})
            )
            tmp.replace(path)
            return anchors

    def _compute(self, instance: Instance, ctx: TrialContext) -> Anchors:
        from .trial import TrialSpec, execute

        work = self.folder / f"{instance.variant_hash}.work"
        shutil.rmtree(work, ignore_errors=True)
        try:
            materialise(instance, work / "original")
            snap = take_snapshot(work / "original", work / "original-snapshot")
            baseline = measure(instance, snap.path, frozenset(), work / "scratch", ctx.sandbox, ctx.cache_dir).kpi
            spec = TrialSpec("anchor-reference", "anchors", instance, "reference")
            delivered = asyncio.run(execute(spec, ctx, work / "reference"))
            facts = frozenset(summarise(verify_ledger(delivered.ledger_path).entries).facts)
            outcome = measure(instance, delivered.snapshot, facts, work / "scratch", ctx.sandbox, ctx.cache_dir)
            if outcome.incidents:
                raise GraderError(f"{instance.id}: the reference solution causes incidents: {outcome.incidents}")
            return Anchors(baseline, outcome.kpi)
        finally:
            shutil.rmtree(work, ignore_errors=True)
