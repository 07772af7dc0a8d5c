"""The Ray executor: each trial, and each variant's anchor work, runs as one Ray task, on whichever node has a free
CPU, in a sandbox slot (and as root a machine-wide uid) leased on that node for the task.

The driver — the `worktrial run` process — keeps everything that makes results count once: it owns the job,
claims each trial in the store before submitting it and records the card the task returns by attempt. Workers
never open the store; they read the task files and write the attempt folder at the same paths as the driver
(shared run storage), and check that the instance's content hash on their node is the one the job planned.

A task is never retried by Ray (`max_retries=0`): a node lost mid-trial makes a void `infrastructure` card, which
`--resume` runs again in a fresh attempt. When the driver dies its tasks are killed with it, and a late result of
an old attempt could not be recorded anyway.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import socket
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..grading import LLMJudge, ScoreCard
from ..grading.judge import spec_from_env
from ..sandbox import SandboxError
from ..store import Home
from ..tasks import Instance, Problem, TaskFormatError
from .anchor_cache import AnchorCache
from .anchors import AnchorFailure, ensure_anchors, needs_anchors
from .executor import Slot
from .plan import JobConfig, build_judge, load_instances
from .slots import slot_sandboxes
from .trial import TrialContext, TrialSpec, blame, run_trial, write_scorecard

INSTALL_FIX = "install the `ray` extra: pip install 'worktrial[ray]'"
TASK_OPTIONS: dict[str, Any] = {"num_cpus": 1, "max_retries": 0}
ERROR_CHARS = 500
PROBE_TIMEOUT_S = 10.0


def import_ray() -> Any:
    """The `ray` module, or a refusal naming the extra to install (checked before a job is recorded)."""
    try:
        return importlib.import_module("ray")
    except ImportError as e:
        raise TaskFormatError([Problem("--executor", "ray", f"Ray is not installed ({e})", INSTALL_FIX)]) from None


def connect(address: str | None, num_cpus: int) -> bool:
    """Connect this process to the cluster at `address`, or start a local one with `num_cpus` CPUs. True if this
    call did it (and the caller disconnects at the end); False if the process was connected already."""
    ray = import_ray()
    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
    try:
        if address:
            _probe(address)
            ray.init(address=address, **quiet)
        else:
            ray.init(num_cpus=num_cpus, include_dashboard=False, **quiet)
    except Exception as e:  # Ray raises ConnectionError, RuntimeError, ValueError … for an unusable address
        what = f"cannot connect to the Ray cluster at {address}" if address else "cannot start a local Ray cluster"
        raise TaskFormatError(
            [
                Problem(
                    "--ray-address",
                    address or "",
                    f"{what}: {_short(e)}",
                    "start the head with `ray start --head` and pass the address it prints; a cluster with "
                    "Ray's token authentication is joined with RAY_AUTH_MODE=token and its token",
                )
            ]
        ) from None
    return True


def _probe(address: str) -> None:
    """OSError unless something listens at a HOST:PORT address: Ray itself keeps retrying an unreachable head for
    minutes, and a user should hear within seconds. `auto` and `ray://` addresses are left to Ray."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or "://" in address:
        return
    with socket.create_connection((host.strip("[]"), int(port)), timeout=PROBE_TIMEOUT_S):
        pass


@dataclass(frozen=True)
class WorkerJob:
    """What every task of one job is handed: where the state folder is and the job's stored configuration."""

    home: str
    config: str  # JobConfig as JSON: hashable, so a worker process loads each job's instances once
    judge: str | None  # resolved on the driver, so a worker's own environment cannot change the judge


@dataclass(frozen=True)
class WorkItem:
    """One trial (or, with an empty trial id, one variant's anchors) as a task receives it."""

    instance: str
    content_hash: str
    trial_id: str = ""
    job_id: str = ""
    agent: str = ""
    repeat: int = 0
    attempt_dir: str = ""


class NodeMismatch(RuntimeError):
    """The task files this node sees are not the ones the job was planned with."""


@lru_cache(maxsize=4)
def _loaded(job: WorkerJob) -> tuple[dict[str, Instance], LLMJudge | None]:
    config = JobConfig.model_validate_json(job.config)
    instances = {i.id: i for i in load_instances(config)}
    judge = build_judge(job.judge, Home(Path(job.home))) if job.judge else None
    return instances, judge


def _instance(job: WorkerJob, item: WorkItem) -> Instance:
    instance = _loaded(job)[0].get(item.instance)
    if instance is None or instance.content_hash != item.content_hash:
        raise NodeMismatch(
            f"the task files of {item.instance} on this node differ from the job's (content hash "
            f"{instance.content_hash if instance else 'missing'}, planned {item.content_hash}): every node must "
            "see the same suites at the same paths"
        )
    return instance


@contextmanager
def _node_slot(job: WorkerJob) -> Iterator[TrialContext]:
    """One sandbox slot on this node for the length of one task, with its own uid when run as root."""
    config = JobConfig.model_validate_json(job.config)
    home = Home(Path(job.home))
    sandboxes, lease = slot_sandboxes(config.sandbox, 1)
    try:
        yield TrialContext(sandboxes[0], home.cache, AnchorCache(home.anchors), judge=_loaded(job)[1])
    finally:
        lease.release()


def trial_task(job: WorkerJob, item: WorkItem) -> dict[str, Any]:
    """Run one trial on this node through `run_trial`, exactly as the local executor does; its card as JSON."""
    attempt_dir = Path(item.attempt_dir)
    try:
        instance = _instance(job, item)
        with _node_slot(job) as ctx:
            spec = TrialSpec(item.trial_id, item.job_id, instance, item.agent, item.repeat)
            card = asyncio.run(run_trial(spec, ctx, attempt_dir))
    except (NodeMismatch, TaskFormatError, SandboxError, OSError) as e:  # the node cannot run it: a rerun may help
        card = ScoreCard.infrastructure_error(f"node {socket.gethostname()}: {_short(e)}", item.content_hash)
        write_scorecard(attempt_dir, card)
    return card.model_dump(mode="json")


def anchor_task(job: WorkerJob, item: WorkItem) -> AnchorFailure | None:
    """Make sure the variant of `item.instance` has verified anchors in the shared cache; None when it has."""
    try:
        instance = _instance(job, item)
        with _node_slot(job) as ctx:
            asyncio.run(ensure_anchors(instance, ctx))
    except (NodeMismatch, SandboxError) as e:  # this node cannot do it: say which, for the operator to fix
        return AnchorFailure(item.instance, f"node {socket.gethostname()}: {_short(e)}", "infrastructure")
    except Exception as e:  # recorded against the variant's trials, as the local anchor phase does
        return AnchorFailure(item.instance, f"{type(e).__name__}: {e}", blame(e))
    return None


def _short(e: BaseException) -> str:
    """One line of an exception: a Ray task error carries the remote traceback, whose last line says what."""
    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    text = f"{type(e).__name__}: {lines[-1] if lines else ''}"
    return text if len(text) <= ERROR_CHARS else text[: ERROR_CHARS - 1] + "…"


class _RaySlot:
    def __init__(self, executor: RayExecutor) -> None:
        self._executor = executor

    async def run(self, spec: TrialSpec, attempt_dir: Path) -> ScoreCard:
        inst = spec.instance
        item = WorkItem(
            inst.id, inst.content_hash, spec.trial_id, spec.job_id, spec.agent, spec.repeat, str(attempt_dir)
        )
        try:
            return ScoreCard.model_validate(await self._executor.call(self._executor.trial_fn, item))
        except self._executor.ray_error as e:  # the worker or its node died, or the task raised
            card = ScoreCard.infrastructure_error(f"ray: {_short(e)}", inst.content_hash)
            await asyncio.to_thread(write_scorecard, attempt_dir, card)
            return card


class RayExecutor:
    """Trials and anchor work as Ray tasks, at most the job's concurrency in flight across the cluster."""

    def __init__(self, config: JobConfig, home: Home, address: str | None = None) -> None:
        self._ray = import_ray()
        self._owns = connect(address, max(1, config.concurrency))
        self.ray_error: type[Exception] = self._ray.exceptions.RayError
        self.trial_fn = self._ray.remote(**TASK_OPTIONS)(trial_task)
        self.anchor_fn = self._ray.remote(**TASK_OPTIONS)(anchor_task)
        self._job = WorkerJob(str(home.root), config.model_dump_json(), config.judge or spec_from_env())
        self._permits = asyncio.Semaphore(max(1, config.concurrency))
        self._running: set[Any] = set()

    async def call(self, fn: Any, item: WorkItem) -> Any:
        ref = fn.remote(self._job, item)
        self._running.add(ref)
        try:
            return await ref
        finally:
            self._running.discard(ref)

    async def anchors(self, instances: Iterable[Instance]) -> dict[str, AnchorFailure]:
        todo = {i.variant_hash: i for i in instances if needs_anchors(i)}
        failures: dict[str, AnchorFailure] = {}

        async def one(instance: Instance) -> None:
            async with self._permits:
                try:
                    failure = await self.call(self.anchor_fn, WorkItem(instance.id, instance.content_hash))
                except self.ray_error as e:
                    failure = AnchorFailure(instance.id, f"ray: {_short(e)}", "infrastructure")
            if failure is not None:
                failures[instance.variant_hash] = failure

        await asyncio.gather(*(one(i) for i in todo.values()))
        return failures

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[Slot]:
        async with self._permits:
            yield _RaySlot(self)

    def close(self) -> None:
        """Cancel what still runs (the job stopped early), and disconnect if this executor connected."""
        for ref in list(self._running):
            self._ray.cancel(ref, force=True)
        if self._owns:
            self._ray.shutdown()
