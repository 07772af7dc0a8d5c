"""Executors: where a job's anchor work and trials run. The job (run/job.py) plans, claims each trial in the store
and records its result by attempt; an executor only runs the work it is handed, so every executor gives the same
plan, resume and exactly-once results.

`local` runs them in this process's slots; `ray` (run/ray_executor.py) runs each as a Ray task, in a slot of the
node that runs it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Literal, Protocol

from ..grading import LLMJudge, ScoreCard
from ..store import Home
from ..tasks import Instance
from .anchor_cache import AnchorCache
from .anchors import AnchorFailure, compute_anchors
from .plan import JobConfig
from .slots import slot_sandboxes
from .trial import TrialContext, TrialSpec, run_trial

ExecutorName = Literal["local", "ray"]
EXECUTORS: tuple[ExecutorName, ...] = ("local", "ray")


class Slot(Protocol):
    """The right to run one trial now."""

    async def run(self, spec: TrialSpec, attempt_dir: Path) -> ScoreCard:
        """The trial's score card, also written to `attempt_dir/scorecard.json`; a failure is a void card."""
        ...


class Executor(Protocol):
    async def anchors(self, instances: Iterable[Instance]) -> dict[str, AnchorFailure]:
        """Make sure every engagement variant among `instances` has verified anchors; failures by variant hash."""
        ...

    def slot(self) -> AbstractAsyncContextManager[Slot]:
        """Wait for a free slot (at most the job's concurrency at once) and hold it for one trial."""
        ...

    def close(self) -> None: ...


class _LocalSlot:
    def __init__(self, ctx: TrialContext) -> None:
        self.ctx = ctx

    async def run(self, spec: TrialSpec, attempt_dir: Path) -> ScoreCard:
        return await run_trial(spec, self.ctx, attempt_dir)


class LocalExecutor:
    """One sandbox per slot in this process (as root each with its own machine-wide uid)."""

    def __init__(self, config: JobConfig, home: Home, judge: LLMJudge | None = None) -> None:
        anchors = AnchorCache(home.anchors)
        sandboxes, self._lease = slot_sandboxes(config.sandbox, max(1, config.concurrency))
        self._slots: asyncio.Queue[TrialContext] = asyncio.Queue()
        for sandbox in sandboxes:
            self._slots.put_nowait(TrialContext(sandbox, home.cache, anchors, judge=judge))

    async def anchors(self, instances: Iterable[Instance]) -> dict[str, AnchorFailure]:
        return await compute_anchors(instances, self._slots)

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[Slot]:
        ctx = await self._slots.get()
        try:
            yield _LocalSlot(ctx)
        finally:
            self._slots.put_nowait(ctx)

    def close(self) -> None:
        self._lease.release()


def check_executor(name: ExecutorName, ray_address: str | None, concurrency: int) -> None:
    """Refuse, before a job is recorded or resumed, an executor that cannot run here: for `ray`, Ray must be
    installed and its cluster reachable (this process joins it now, or starts a local one, until it exits)."""
    if name == "ray":
        from .ray_executor import connect

        connect(ray_address, max(1, concurrency))


def open_executor(
    name: ExecutorName, config: JobConfig, home: Home, judge: LLMJudge | None, ray_address: str | None = None
) -> Executor:
    """The executor `name` for one run of a job. The Ray cluster is connected (or started) here if it is not yet;
    Ray workers build the job's judge from its spec themselves."""
    if name == "ray":
        from .ray_executor import RayExecutor

        return RayExecutor(config, home, ray_address)
    return LocalExecutor(config, home, judge)
