"""The anchor phase of a job: before any trial runs, the baseline and reference KPIs of every engagement variant
the job needs, computed by real runs in fresh sandboxes, in parallel over the job's slots, once per content hash
on the machine (a lock per entry, across processes)."""

from __future__ import annotations

import asyncio
import math
import shutil
from collections.abc import Iterable
from dataclasses import dataclass

from ..grading import Anchors, ErrorKind, GraderError, ScoreCard, measure, take_snapshot
from ..grading.engagement import DEGENERATE_RANGE
from ..tasks import Instance
from ..world import summarise, verify_ledger
from .anchor_cache import AnchorCache
from .trial import TrialContext, TrialSpec, blame, execute
from .workspace import materialise


class AnchorError(GraderError):
    """The task's own calibration is unusable (the reference causes incidents, or scores like the baseline)."""


@dataclass(frozen=True)
class AnchorFailure:
    """Why the anchors of one variant could not be had; every trial of that variant is void for this reason."""

    instance: str
    message: str
    kind: ErrorKind

    def card(self, content_hash: str) -> ScoreCard:
        """The void score card of a trial that needed these anchors."""
        return ScoreCard.infrastructure_error(f"anchors of {self.instance}: {self.message}", content_hash, self.kind)


def needs_anchors(instance: Instance) -> bool:
    return instance.config.kind == "engagement"


async def compute_anchors(
    instances: Iterable[Instance], slots: asyncio.Queue[TrialContext]
) -> dict[str, AnchorFailure]:
    """Make sure every engagement variant among `instances` has verified anchors in the cache, running up to one
    computation per slot at a time. Returns the failures by variant content hash."""
    todo = {i.variant_hash: i for i in instances if needs_anchors(i)}
    failures: dict[str, AnchorFailure] = {}

    async def one(instance: Instance) -> None:
        ctx = await slots.get()
        try:
            await ensure_anchors(instance, ctx)
        except Exception as e:  # every failure is recorded against the variant's trials, none stops the others
            failures[instance.variant_hash] = AnchorFailure(instance.id, f"{type(e).__name__}: {e}", blame(e))
        finally:
            slots.put_nowait(ctx)

    await asyncio.gather(*(one(i) for i in todo.values()))
    return failures


async def ensure_anchors(instance: Instance, ctx: TrialContext) -> Anchors:
    """The variant's anchors from the cache, computed first if no verified entry exists (once, whoever asks)."""
    cache = ctx.anchors
    cached = await asyncio.to_thread(cache.read, instance)
    if cached is not None:
        return cached
    lock = cache.lock(instance)
    await lock.acquire_async()
    try:
        cached = await asyncio.to_thread(cache.read, instance)  # another process may have made it meanwhile
        if cached is not None:
            return cached
        return await _compute(instance, ctx, cache)
    finally:
        lock.release()


async def _compute(instance: Instance, ctx: TrialContext, cache: AnchorCache) -> Anchors:
    work = cache.scratch(instance)
    try:
        materialise(instance, work / "original")
        snap = take_snapshot(work / "original", work / "original-snapshot")
        base = await asyncio.to_thread(
            measure, instance, snap.path, frozenset(), work / "baseline", ctx.sandbox, ctx.cache_dir
        )
        if base.incidents:
            raise AnchorError(f"{instance.id}: the shipped system causes incidents: {base.incidents}")
        spec = TrialSpec("anchor-reference", "anchors", instance, "reference")
        delivered = await execute(spec, ctx, work / "reference")
        check = verify_ledger(delivered.ledger_path, expected_head=delivered.ledger_head)
        facts = frozenset(summarise(check.entries).facts)
        ref = await asyncio.to_thread(
            measure,
            instance,
            delivered.snapshot,
            facts,
            work / "reference-grading",
            ctx.sandbox,
            ctx.cache_dir,
            baseline_out=base.out_dir,
        )
        if ref.incidents:
            raise AnchorError(f"{instance.id}: the reference solution causes incidents: {ref.incidents}")
        if not (math.isfinite(base.kpi) and math.isfinite(ref.kpi)):
            raise AnchorError(
                f"{instance.id}: the grader's KPI is not finite (baseline {base.kpi}, reference {ref.kpi})"
            )
        if abs(ref.kpi - base.kpi) < DEGENERATE_RANGE:
            raise AnchorError(
                f"{instance.id}: reference KPI {ref.kpi} equals baseline {base.kpi}: the task cannot be scored"
            )
        assert base.out_dir is not None
        return await asyncio.to_thread(cache.write, instance, base.kpi, ref.kpi, base.out_dir)
    finally:
        await asyncio.to_thread(shutil.rmtree, work, True)
