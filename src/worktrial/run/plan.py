"""Planning a job: its configuration, the instances it covers, its trial rows, and every check that must pass
before anything is recorded (tasks lint clean, agents buildable with their scripts and model keys, the judge,
the sandbox, the bounds on size)."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from ..agents import HUMAN, ScriptAgent, UnknownAgent, check_agent_spec, harness_of, local_model, make_agent
from ..agents.providers import ProviderError
from ..agents.providers.factory import split_model_id
from ..agents.providers.keys import require_key
from ..grading.judge import LLMJudge, make_judge, parse_spec, spec_from_env
from ..store import Home, TrialRow
from ..tasks import Instance, Problem, TaskFormatError, load_linted, select
from .slots import check_sandbox_name

MAX_REPEATS = 1_000
MAX_TRIALS = 100_000
MAX_CONCURRENCY = 256


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
    pair_keys: dict[str, str] = Field(
        default_factory=dict, description="`validate`: per pair, what its result depends on (authoring/reuse.py)."
    )


def _problem(where: str, value: object, reason: str, fix: str) -> TaskFormatError:
    return TaskFormatError([Problem(where, str(value), reason, fix)])


def check_settings(config: JobConfig) -> None:
    """The flags that need no task file: sandbox, repeats, concurrency."""
    try:
        check_sandbox_name(config.sandbox)
    except ValueError as e:
        raise _problem("--sandbox", config.sandbox, str(e), "use --sandbox bwrap (or local for development)") from None
    if not 1 <= config.repeats <= MAX_REPEATS:
        raise _problem(
            "--repeats",
            config.repeats,
            f"repeats must be between 1 and MAX_REPEATS = {MAX_REPEATS}",
            "run fewer repeats per job; pool several jobs with `worktrial report JOB JOB ...`",
        )
    if not 1 <= config.concurrency <= MAX_CONCURRENCY:
        raise _problem(
            "--concurrency",
            config.concurrency,
            f"concurrency must be between 1 and MAX_CONCURRENCY = {MAX_CONCURRENCY}",
            "use fewer slots (the machine's cores are a good start)",
        )


def load_instances(config: JobConfig) -> list[Instance]:
    # Refuse before anything is recorded, with exactly `worktrial lint`'s lines: a task bug is no trial error.
    # Only the families the --task filters name are linted and loaded (the first part of an id is the family's).
    wanted = {t.split("/", 1)[0] for t in config.tasks} if config.tasks else None
    families = load_linted((Path(suite) for suite in config.suites), wanted)
    instances = select(families, config.tasks or None, config.variants or None, config.levels or None)
    if not instances:
        raise _problem(
            ", ".join(config.suites), "", "no instance matches the filters", "check --task, --variant and --level"
        )
    return instances


def plan_rows(job_id: str, config: JobConfig, instances: dict[str, Instance], home: Home) -> list[TrialRow]:
    """The job's trials, after checking every (instance, agent) pair can run and the job is within bounds."""
    check_settings(config)
    pairs = config.pairs or [(i, a) for i in instances for a in config.agents]
    total = len(pairs) * config.repeats
    if total > MAX_TRIALS:
        raise _problem(
            "--repeats",
            config.repeats,
            f"the job would plan {total} trials ({len(pairs)} instance × agent pairs × {config.repeats} repeats), "
            f"above MAX_TRIALS = {MAX_TRIALS} per job",
            "narrow it with --task, --variant, --level, --agent or fewer --repeats",
        )
    checked_models: set[str] = set()
    rows = []
    for inst_id, agent in pairs:
        inst = instances[inst_id]
        check_agent(agent, inst, home, checked_models)
        rows += [trial_row(job_id, inst, agent, r) for r in range(config.repeats)]
    return rows


def trial_row(job_id: str, inst: Instance, agent: str, repeat: int) -> TrialRow:
    """The pending row of one trial, with what reports need to know of its instance."""
    slug = f"{inst.id.replace('/', '.')}.{agent_slug(agent)}.r{repeat}"
    return TrialRow(
        id=f"{job_id}/{slug}",
        job_id=job_id,
        instance=inst.id,
        agent=agent,
        repeat=repeat,
        content_hash=inst.content_hash,
        meta=instance_meta(inst),
    )


def check_agent(agent: str, instance: Instance, home: Home, checked_models: set[str] | None = None) -> None:
    """The agent builds for this instance, its solution script exists, and its model can be reached (a key is
    set for a hosted model, the local model is installed): all before the job is recorded."""
    fix = "see `worktrial run --help` and docs/agents.md"
    if harness_of(agent) == HUMAN:
        raise _problem(
            "--agent",
            agent,
            "a person's trial is driven from a shell, not run by a job",
            f"start it with `worktrial workspace start {instance.id} --name WHO` (docs/workspace.md)",
        )
    try:
        check_agent_spec(agent, instance)  # built-ins, plug-ins, import paths and `cmd:` agents
        built = make_agent(agent, instance, home.root)
    except UnknownAgent as e:
        raise _problem("--agent", agent, str(e), fix) from None
    if isinstance(built, ScriptAgent) and f"solutions/{built.script}" not in built.instance.hidden_files:
        available = ", ".join(sorted(_solutions(built.instance))) or "none"
        raise _problem(
            "--agent",
            agent,
            f"{built.instance.id} has no hidden/solutions/{built.script} (its solutions: {available})",
            "pick a solution the instance ships, or `shortcuts` for all of them",
        )
    model_id = getattr(built, "model_id", None)
    if isinstance(model_id, str) and (checked_models is None or model_id not in checked_models):
        base_url = getattr(getattr(built, "options", None), "base_url", None)
        try:
            check_model_access(model_id, base_url)
        except ProviderError as e:
            raise _problem("--agent", agent, str(e), "docs/agents.md says what each model needs") from None
        if checked_models is not None:
            checked_models.add(model_id)


def _solutions(instance: Instance) -> list[str]:
    return [
        rel.removeprefix("solutions/").removesuffix(".py").replace("shortcuts/", "shortcut:")
        for rel in instance.hidden_files
        if rel.startswith("solutions/") and rel.endswith(".py") and not rel.rsplit("/", 1)[-1].startswith("_")
    ]


def check_model_access(model_id: str, base_url: str | None = None) -> None:
    """ProviderError unless `model_id` could be called: a key for a hosted model, a server for a compatible one,
    the `local` extra for the offline model. Nothing is contacted."""
    try:
        kind, _ = split_model_id(model_id)
    except ValueError as e:
        raise ProviderError(str(e)) from None
    if kind in ("openai", "anthropic", "openrouter"):
        require_key(kind)
    elif kind == "openai-compatible" and not (base_url or os.environ.get("WORKTRIAL_BASE_URL")):
        raise ProviderError(f"{model_id}: no server: pass base_url=... or set WORKTRIAL_BASE_URL")
    elif kind == "local":
        local_model.check_installed()


def build_judge(spec: str | None, home: Home) -> LLMJudge | None:
    """One pinned, cached judge per job, or None (rubric components are then "not judged"). Checked at planning:
    a bad spec or a missing key stops the job before it is recorded."""
    spec = spec or spec_from_env()
    if not spec:
        return None
    fix = "see docs/judge.md"
    try:
        parsed = parse_spec(spec)
        base_url: Callable[[], str] | None = None
        if parsed.provider == "local":
            local_model.check_installed()
            base_url = lambda: local_model.shared_server().base_url  # noqa: E731  (read per request: restarts move it)
        key = None
        if parsed.provider in ("openai", "openrouter"):
            try:
                key = require_key(parsed.provider)
            except ProviderError as e:
                raise ValueError(str(e)) from None
        return make_judge(spec, cache_dir=home.cache / "judge", base_url=base_url, api_key=key)
    except (ValueError, ProviderError) as e:
        raise _problem("--judge", spec, str(e), fix) from None


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
        "judged": judged(inst),
    }


def judged(inst: Instance) -> bool:
    """Whether a judge scores part of this task (a `[grader.rubric]` or a `rubric_probe` check)."""
    grader = inst.config.grader
    return grader.rubric is not None or any(c.kind == "rubric_probe" for c in grader.checks)


def deliverable_type(inst: Instance) -> str | None:
    """What a deliverable family produces: its declared type, else the file types its checks require."""
    declared = getattr(inst.config, "deliverable_type", None)
    if declared:
        return str(declared)
    checks = getattr(inst.config.grader, "checks", None) or []
    types = sorted({str(t) for c in checks if (t := getattr(c, "type", None))})
    return "+".join(types) or None


SLUG_CHARS = 80  # a `cmd:` spec holds a whole command line; a folder name has 255 bytes at most


def agent_slug(agent: str) -> str:
    """A folder-safe, still readable form of an agent spec (`react:openai/gpt-5?max_usd=2` has / ? = &)."""
    readable = agent.replace(":", "-").replace("@", ".at.")
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", readable)
    if slug != readable or len(slug) > SLUG_CHARS:  # distinct specs must not collide after cleaning or cutting
        slug = slug[:SLUG_CHARS] + "-" + hashlib.sha256(agent.encode()).hexdigest()[:6]
    return slug
