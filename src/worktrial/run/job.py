"""Jobs: plan trials, run them with a concurrency limit, record each result once, resume after a kill."""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from ..agents import UnknownAgent, check_agent_spec, local_model
from ..agents.providers import find_key
from ..grading import ScoreCard
from ..grading.judge import LLMJudge, make_judge, parse_spec, spec_from_env
from ..sandbox import Sandbox, get_sandbox, with_toolbox
from ..store import Home, Store, TrialRow
from ..tasks import Instance, Problem, TaskFormatError, load_linted, select
from .anchors import AnchorCache
from .trial import TrialContext, TrialSpec, run_trial

SLOT_UID_BASE = 100_000


class JobConfig(BaseModel):
    """Everything needed to plan a job again on `--resume`; stored with the job."""

    suites: list[str]
    tasks: list[str] = Field(default_factory=list)
    variants: list[str] = Field(default_factory=list)
    levels: list[str] = Field(default_factory=list)
    agents: list[str]
    repeats: int = 1
    concurrency: int = 2
    sandbox: str = "bwrap"
    judge: str | None = Field(None, description="LLM judge spec (docs/judge.md); default $WORKTRIAL_JUDGE_MODEL.")
    pairs: list[tuple[str, str]] = Field(default_factory=list, description="Explicit (instance, agent) pairs.")


@dataclass
class PlannedTrial:
    row: TrialRow
    instance: Instance


@dataclass
class JobRunner:
    store: Store
    home: Home
    on_done: Callable[[TrialRow, ScoreCard], None] | None = None
    on_start: Callable[[int], None] | None = None
    _instances: dict[str, Instance] = field(default_factory=dict)

    def load_instances(self, config: JobConfig) -> list[Instance]:
        # Refuse before anything is recorded, with exactly `worktrial lint`'s lines: a task bug is no trial error.
        families = load_linted(Path(suite) for suite in config.suites)
        instances = select(families, config.tasks or None, config.variants or None, config.levels or None)
        if not instances:
            raise TaskFormatError(
                [
                    Problem(
                        ", ".join(config.suites),
                        "",
                        "no instance matches the filters",
                        "check --task, --variant and --level against `worktrial tasks`",
                    )
                ]
            )
        self._instances = {i.id: i for i in instances}
        return instances

    def plan(self, job_id: str, config: JobConfig) -> list[TrialRow]:
        instances = self.load_instances(config)
        pairs = config.pairs or [(i.id, a) for i in instances for a in config.agents]
        rows = []
        for inst_id, agent in pairs:
            inst = self._instances[inst_id]
            _check_agent(agent, inst)
            for r in range(config.repeats):
                slug = f"{inst_id.replace('/', '.')}.{agent_slug(agent)}.r{r}"
                rows.append(
                    TrialRow(
                        id=f"{job_id}/{slug}",
                        job_id=job_id,
                        instance=inst_id,
                        agent=agent,
                        repeat=r,
                        content_hash=inst.content_hash,
                        meta=instance_meta(inst),
                    )
                )
        return rows

    def create(self, config: JobConfig) -> str:
        job_id = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)
        rows = self.plan(job_id, config)
        self.store.create_job(job_id, config.model_dump(mode="json"), rows)
        return job_id

    def resume_config(self, job_id: str) -> JobConfig:
        job = self.store.job(job_id)
        if job is None:
            raise TaskFormatError(
                [
                    Problem(
                        str(self.home.root / "worktrial.db"),
                        "jobs",
                        f"no job {job_id!r}",
                        "list jobs with `worktrial jobs`",
                    )
                ]
            )
        config = JobConfig.model_validate(job.config)
        self.load_instances(config)
        return config

    async def run(self, job_id: str, config: JobConfig) -> list[TrialRow]:
        """Run every trial of the job that has no result yet (pending, running when killed, or error)."""
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
        anchors = AnchorCache(self.home.anchors)
        judge = build_judge(config.judge, self.home)
        slots: asyncio.Queue[TrialContext] = asyncio.Queue()
        for sandbox in slot_sandboxes(config.sandbox, max(1, config.concurrency)):
            slots.put_nowait(TrialContext(sandbox, self.home.cache, anchors, judge=judge))
        if self.on_start:
            self.on_start(len(todo))

        async def one(row: TrialRow) -> None:
            ctx = await slots.get()
            try:
                attempt = self.store.start_trial(row.id, "")
                attempt_dir = self.home.attempt_dir(job_id, row.id.split("/", 1)[1], attempt)
                spec = TrialSpec(row.id, job_id, self._instances[row.instance], row.agent, row.repeat)
                card = await run_trial(spec, ctx, attempt_dir)
                self.store.finish_trial(row.id, card.model_dump(mode="json"), str(attempt_dir))
                if self.on_done:
                    self.on_done(self.store.trial(row.id), card)
            finally:
                slots.put_nowait(ctx)

        await asyncio.gather(*(one(t) for t in todo))
        self.store.finish_job(job_id)
        return self.store.trials(job_id)


def instance_meta(inst: Instance) -> dict[str, Any]:
    """What a report needs to break results down, recorded with each trial when the job is planned."""
    cfg = inst.config
    return {
        "family": inst.family.id,
        "variant": inst.variant,
        "level": inst.level,
        "kind": cfg.kind,
        "industry": cfg.industry,
        "domain": cfg.domain,
        "subdomain": cfg.subdomain,
        "role_class": cfg.role_class,
        "skill_subclass": cfg.skill_subclass,
        "tier": cfg.tier,
        "deliverable_type": deliverable_type(inst) if cfg.kind == "deliverable" else None,
    }


def deliverable_type(inst: Instance) -> str | None:
    """What a deliverable family produces: its declared type, else the file types its checks require."""
    declared = getattr(inst.config, "deliverable_type", None)
    if declared:
        return str(declared)
    checks = getattr(inst.config.grader, "checks", None) or []
    types = sorted({str(t) for c in checks if (t := getattr(c, "type", None))})
    return "+".join(types) or None


def build_judge(spec: str | None, home: Home) -> LLMJudge | None:
    """One pinned, cached judge per job, or None (rubric components are then "not judged")."""
    spec = spec or spec_from_env()
    if not spec:
        return None
    try:
        parsed = parse_spec(spec)
    except ValueError as e:
        raise TaskFormatError([Problem("--judge", spec, str(e), "see docs/judge.md")]) from None
    base_url: Callable[[], str] | None = None
    if parsed.provider == "local":
        try:
            local_model.check_installed()
        except local_model.LocalModelUnavailable as e:
            raise TaskFormatError([Problem("--judge", spec, str(e), "install the `local` extra")]) from None
        base_url = lambda: local_model.shared_server().base_url  # noqa: E731  (read per request: restarts move it)
    key = find_key(parsed.provider) if parsed.provider in ("openai", "openrouter") else None
    return make_judge(spec, cache_dir=home.cache / "judge", base_url=base_url, api_key=key)


SLUG_CHARS = 80  # a `cmd:` spec holds a whole command line; a folder name has 255 bytes at most


def agent_slug(agent: str) -> str:
    """A folder-safe, still readable form of an agent spec (`react:openai/gpt-5?max_usd=2` has / ? = &)."""
    readable = agent.replace(":", "-").replace("@", ".at.")
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", readable)
    if slug != readable or len(slug) > SLUG_CHARS:  # distinct specs must not collide after cleaning or cutting
        slug = slug[:SLUG_CHARS] + "-" + hashlib.sha256(agent.encode()).hexdigest()[:6]
    return slug


def slot_sandboxes(name: str, n: int) -> list[Sandbox]:
    """One sandbox per concurrency slot; as root each slot runs as its own uid so process limits don't mix."""
    if name == "bwrap" and os.geteuid() == 0:
        boxes = [get_sandbox(name, uid=SLOT_UID_BASE + i) for i in range(n)]
    else:
        boxes = [get_sandbox(name) for _ in range(n)]
    boxes[0].check()
    return [with_toolbox(box) for box in boxes]


def _check_agent(agent: str, instance: Instance) -> None:
    try:
        check_agent_spec(agent, instance)
    except UnknownAgent as e:
        raise TaskFormatError([Problem("--agent", agent, str(e), "see `worktrial run --help`")]) from None


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
        "run_dir": row.run_dir,
    }
