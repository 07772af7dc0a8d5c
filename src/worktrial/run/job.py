"""Jobs: plan trials, compute the anchors they need, run them with a concurrency limit, record each result once,
resume after a kill. The process running a job owns it (run/ownership.py)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..agents import HUMAN, harness_of
from ..grading import LLMJudge, ScoreCard
from ..grading.judge import spec_from_env
from ..store import Home, Store, TrialRow
from ..tasks import Instance, Problem, TaskFormatError
from .anchors import AnchorFailure, needs_anchors
from .executor import Executor, ExecutorName, check_executor, open_executor
from .ownership import JobClaim, claim_job
from .plan import JobConfig, build_judge, check_settings, load_instances, plan_rows
from .slots import check_sandbox_works
from .trial import TrialSpec, write_scorecard


def new_job_id() -> str:
    """A job id that sorts by creation time and that no other process will make."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


@dataclass
class JobRunner:
    store: Store
    home: Home
    on_done: Callable[[TrialRow, ScoreCard], None] | None = None
    on_start: Callable[[int], None] | None = None
    on_anchors: Callable[[int], None] | None = None
    executor: ExecutorName = "local"  # where trials run (run/executor.py); not part of the plan
    ray_address: str | None = None  # with executor "ray": the cluster to join; None starts a local one
    _instances: dict[str, Instance] = field(default_factory=dict)
    _owned: dict[str, JobClaim] = field(default_factory=dict)
    _judge: LLMJudge | None = None

    def load_instances(self, config: JobConfig) -> list[Instance]:
        instances = load_instances(config)
        self._instances = {i.id: i for i in instances}
        return instances

    def plan(self, job_id: str, config: JobConfig) -> list[TrialRow]:
        if not self._instances:
            self.load_instances(config)
        return plan_rows(job_id, config, self._instances, self.home)

    def create(self, config: JobConfig) -> str:
        """Plan and check everything, then record the job, owned by this runner until `run` ends."""
        job_id = new_job_id()
        rows = self.plan(job_id, config)
        config.judge = config.judge or spec_from_env()  # recorded, so a resume and a report know the judge
        self._judge = build_judge(config.judge, self.home)
        check_sandbox_works(config.sandbox)  # a missing bubblewrap must not leave a job of void trials behind
        check_executor(self.executor, self.ray_address, config.concurrency)  # no Ray, no job recorded
        self.claim(job_id)
        self.store.create_job(job_id, config.model_dump(mode="json"), rows)
        return job_id

    def claim(self, job_id: str) -> None:
        """Own the job (`JobBusy` names the live owner otherwise); kept until `release`."""
        if job_id not in self._owned:
            self._owned[job_id] = claim_job(self.store, job_id)

    def release(self, job_id: str) -> None:
        claim = self._owned.pop(job_id, None)
        if claim is not None:
            claim.release()

    def resume_config(self, job_id: str) -> JobConfig:
        """The stored configuration of `job_id`, checked again, with the job now owned by this runner."""
        job = self.store.job(job_id)
        if job is None:
            raise TaskFormatError(
                [Problem(self.store.location, "jobs", f"no job {job_id!r}", "list jobs with `worktrial jobs`")]
            )
        try:
            config = JobConfig.model_validate(job.config)
        except ValueError as e:
            raise TaskFormatError(
                [Problem(self.store.location, f"jobs[{job_id}].config", f"unreadable: {e}", "start a new job")]
            ) from None
        if any(harness_of(agent) == HUMAN for agent in [*config.agents, *(a for _, a in config.pairs)]):
            raise TaskFormatError(
                [
                    Problem(
                        self.store.location,
                        f"jobs[{job_id}]",
                        "a workspace's trial is driven by its person, not resumed by a job",
                        "start a new one with `worktrial workspace start` (docs/workspace.md)",
                    )
                ]
            )
        self.claim(job_id)
        check_settings(config)
        check_executor(self.executor, self.ray_address, config.concurrency)
        self.load_instances(config)
        self._judge = build_judge(config.judge, self.home)
        return config

    async def run(self, job_id: str, config: JobConfig) -> list[TrialRow]:
        """Anchors first, then every trial of the job that has no result yet (pending, running when killed, or
        error)."""
        self.claim(job_id)
        try:
            return await self._run(job_id, config)
        finally:
            self.release(job_id)

    async def _run(self, job_id: str, config: JobConfig) -> list[TrialRow]:
        if not self._instances:
            self.load_instances(config)
        todo = [t for t in self.store.trials(job_id) if t.status != "done"]
        for t in todo:
            inst = self._instances.get(t.instance)
            if inst is None or inst.content_hash != t.content_hash:
                raise TaskFormatError(
                    [
                        Problem(
                            t.instance,
                            "content_hash",
                            "the task changed since the job started",
                            "start a new job instead of resuming",
                        )
                    ]
                )
        judge = self._judge if self._judge is not None else build_judge(config.judge, self.home)
        executor = open_executor(self.executor, config, self.home, judge, self.ray_address)
        try:
            needed = {i.variant_hash: i for t in todo if needs_anchors(i := self._instances[t.instance])}
            if self.on_anchors and needed:
                self.on_anchors(len(needed))
            failures = await executor.anchors(needed.values())
            if self.on_start:
                self.on_start(len(todo))
            await asyncio.gather(*(self._one(job_id, row, executor, failures) for row in todo))
        finally:
            executor.close()
        self.store.finish_job(job_id)
        return self.store.trials(job_id)

    async def _one(self, job_id: str, row: TrialRow, executor: Executor, failures: dict[str, AnchorFailure]) -> None:
        instance = self._instances[row.instance]
        async with executor.slot() as slot:
            self._owned[job_id].verify()
            attempt = self.store.start_trial(row.id, "")
            if attempt is None:  # done meanwhile: only possible if ownership failed, and then never counted twice
                return
            attempt_dir = self.home.attempt_dir(job_id, row.id.split("/", 1)[1], attempt)
            failed = failures.get(instance.variant_hash) if needs_anchors(instance) else None
            if failed is not None:  # no anchors, no score: the trial is void for the anchors' reason
                card = failed.card(instance.content_hash)
                await asyncio.to_thread(write_scorecard, attempt_dir, card)
            else:
                card = await slot.run(TrialSpec(row.id, job_id, instance, row.agent, row.repeat), attempt_dir)
            recorded = self.store.finish_trial(row.id, attempt, card.model_dump(mode="json"), str(attempt_dir))
            if recorded and self.on_done:
                self.on_done(self.store.trial(row.id), card)


def trial_record(row: TrialRow) -> dict[str, Any]:
    """The JSON Lines record of one trial (`worktrial run --json`)."""
    card = row.scorecard or {}
    return {
        "trial": row.id,
        "job": row.job_id,
        "instance": row.instance,
        "agent": row.agent,
        "repeat": row.repeat,
        "status": row.status,
        "score": row.score,
        "solved": row.solved,
        "uplift": row.uplift,
        "contact_cost": row.contact_cost,
        "incidents": row.incidents,
        "kpi": card.get("kpi"),
        "questions_asked": card.get("questions_asked"),
        "key_fact_coverage": card.get("key_fact_coverage"),
        "termination": card.get("details", {}).get("agent", {}).get("termination"),
        "usage": card.get("details", {}).get("agent", {}).get("usage") or {},
        "error": row.error,
        "error_kind": card.get("error_kind"),
        "run_dir": row.run_dir,
    }
