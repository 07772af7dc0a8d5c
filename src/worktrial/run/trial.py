"""One trial, in two phases: `execute` (materialise → world → agent in one session → snapshot) and `grade`.

Both phases write only inside the attempt folder; the score card is written last, atomically, so a killed trial
never leaves a result that counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..agents import Agent, AgentCancelled, AgentEnv, AgentResult, Trajectory, UnknownAgent, make_agent
from ..grading import (
    ErrorKind,
    Evaluation,
    GraderError,
    Judge,
    ScoreCard,
    evaluate,
    pilot_feedback,
    remove_tree,
    take_snapshot,
    tree_hash,
)
from ..sandbox import Limits, LiveClock, Mount, Sandbox, SandboxError, Session, SessionSpec
from ..tasks import Instance, TaskFormatError
from ..tasks.files import hash_files
from ..world import Ledger, PilotOutcome, World, WorldService, parse_time, summarise, verify_ledger
from .anchor_cache import AnchorCache
from .handed_out import record_handed_out
from .routers import router_for
from .workspace import has_world, materialise, readonly_paths

DEADLINE_GRACE_S = 5.0
WORLD_MOUNT = "/run/worktrial"
WORLD_SOCKET = f"{WORLD_MOUNT}/world.sock"


class AgentInfrastructureError(RuntimeError):
    """The agent ended with termination `error` (e.g. its model provider failed after retries)."""


@dataclass(frozen=True)
class TrialSpec:
    trial_id: str
    job_id: str
    instance: Instance
    agent: str
    repeat: int = 0


@dataclass
class TrialContext:
    """One concurrency slot of a job: how to isolate, where caches live; `anchors` is only read while grading."""

    sandbox: Sandbox
    cache_dir: Path
    anchors: AnchorCache
    limits: Limits = field(default_factory=Limits)
    judge: Judge | None = None  # the job's LLM judge for rubric probes and rubrics (docs/judge.md)


@dataclass(frozen=True)
class Delivered:
    """What the execute phase leaves for grading, with the hashes that let grading trust it."""

    attempt_dir: Path
    snapshot: Path
    snapshot_hash: str
    ledger_path: Path
    ledger_head: str
    hidden_hash: str
    agent_result: AgentResult
    left_out: tuple[str, ...] = ()  # what the snapshot left out or changed (special files, privilege bits)


def hidden_tree_hash(instance: Instance) -> str:
    """sha256 over the instance's grader files as they are on disk now (the family's hidden/ with the variant's
    overlay, author records left out)."""
    h = hashlib.sha256()
    hash_files(h, "", instance.hidden_files)
    return h.hexdigest()


class HiddenFilesChanged(GraderError):
    """The task's grader files changed while the trial ran: someone edited the family on the host (the worker's
    sandbox never sees them), so neither the worker's score nor an incident would be honest: the trial is void."""


async def execute(spec: TrialSpec, ctx: TrialContext, attempt_dir: Path, agent: Agent | None = None) -> Delivered:
    """`agent` is the one built from `spec.agent` unless given (a workspace hands in the agent its person drives)."""
    instance = spec.instance
    remove_tree(attempt_dir)  # an earlier attempt's workspace may nest deeper than shutil.rmtree can recurse
    attempt_dir.mkdir(parents=True)
    hidden_hash = hidden_tree_hash(instance)
    workspace = attempt_dir / "workspace"
    materialise(instance, workspace)
    record_handed_out(workspace, attempt_dir)
    trajectory = Trajectory(attempt_dir / "trajectory.jsonl")
    ledger = Ledger(attempt_dir / "ledger.jsonl")
    if agent is None:
        agent = make_agent(spec.agent, instance, attempt_dir)

    world: World | None = None

    def run_pilot(n: int) -> PilotOutcome:
        snap = take_snapshot(workspace, attempt_dir / "pilot" / f"run-{n}" / "snapshot")
        feedback, facts = pilot_feedback(
            instance,
            snap.path,
            frozenset(world.facts if world else ()),
            attempt_dir / "pilot" / f"run-{n}" / "scratch",
            ctx.sandbox,
            ctx.cache_dir,
        )
        trajectory.add("world", op="pilot", run=n, facts=facts)
        return PilotOutcome(feedback=feedback, facts=facts)

    with contextlib.ExitStack() as stack:
        mounts: list[Mount] = []
        env_vars: dict[str, str] = {}
        # Inside, the clock shows the world's time (or the task's date when there is no world).
        clock = LiveClock(attempt_dir / "clock", parse_time(instance.world.start))
        if has_world(instance):
            world = World(
                instance.people(),
                instance.world,
                ledger,
                router_for(instance),
                pilot=run_pilot if instance.world.pilot else None,
            )
            clock.set(world.clock.now)
            # Unix socket paths are limited to ~100 bytes, so the socket lives in a short private folder.
            sock_dir = Path(tempfile.mkdtemp(prefix="wt-"))
            stack.callback(shutil.rmtree, sock_dir, ignore_errors=True)
            os.chmod(sock_dir, 0o755)
            stack.enter_context(WorldService(world, sock_dir / "world.sock", on_time=clock.set))
            # Read-only: the worker can connect to the socket but not replace it.
            mounts.append(Mount(sock_dir, WORLD_MOUNT))
            env_vars["WORKTRIAL_WORLD"] = WORLD_SOCKET
        env = AgentEnv(
            instance_id=instance.id,
            brief=instance.brief(),
            budgets=instance.config.budgets,
            workspace=workspace,
            sandbox=ctx.sandbox,
            trajectory=trajectory,
            mounts=mounts,
            env=env_vars,
            readonly=readonly_paths(instance),
            limits=ctx.limits,
        )
        trajectory.add("start", instance=instance.id, agent=spec.agent, repeat=spec.repeat)
        await agent.setup(env)
        session = await asyncio.to_thread(start_session, ctx.sandbox, env, clock)
        stack.callback(session.close)
        env.session = session
        try:
            result = await asyncio.wait_for(agent.run(env), timeout=env.seconds_left + DEADLINE_GRACE_S)
        except (TimeoutError, AgentCancelled):
            result = AgentResult("max_minutes", env.actions, "agent ran past max_minutes")
        await asyncio.to_thread(env.drain)
        # Hand-in: background processes die before the workspace is snapshotted.
        await asyncio.to_thread(session.close)
        stopped = session.stopped
        if stopped:
            trajectory.add("stopped", why=stopped)
        trajectory.add("end", **asdict(result))
    snap = take_snapshot(workspace, attempt_dir / "delivered")
    left_out = (f"workspace: {stopped}",) if stopped else ()
    return Delivered(
        attempt_dir, snap.path, snap.hash, ledger.path, ledger.head, hidden_hash, result, left_out + snap.left_out
    )


def start_session(sandbox: Sandbox, env: AgentEnv, clock: LiveClock) -> Session:
    """The trial's one sandbox, as the agent's setup() left mounts, env and limits; it ends at the deadline."""
    lifetime = max(env.seconds_left, 1.0) + DEADLINE_GRACE_S
    spec = SessionSpec(
        workspace=env.workspace,
        env=dict(env.env),
        mounts=list(env.mounts),
        readonly=list(env.readonly),
        limits=replace(env.limits, wall_s=lifetime, disk_mb=env.budgets.disk_mb),
    )
    return sandbox.session(clock.apply(spec))


def grade(spec: TrialSpec, ctx: TrialContext, delivered: Delivered) -> ScoreCard:
    """Verify what was delivered, then score it with the evaluator of the task's kind (in fresh sandboxes).

    Engagement anchors are read from the cache, where the job's anchor phase put them; a missing one is an error
    of the machinery, never computed here.
    """
    instance = spec.instance
    incidents: list[str] = []
    check = verify_ledger(delivered.ledger_path, expected_head=delivered.ledger_head)
    if not check.ok:
        incidents.append("ledger tampered: " + "; ".join(check.problems[:3]))
    if tree_hash(delivered.snapshot) != delivered.snapshot_hash:
        incidents.append("delivered snapshot changed after it was taken")
    if hidden_tree_hash(instance) != delivered.hidden_hash:
        raise HiddenFilesChanged(
            f"{instance.family.root / 'hidden'}: the task's hidden files changed while the trial ran (edited on the"
            " host?); the trial is void: run it again once the family is stable (`worktrial run --resume`)"
        )
    summary = summarise(check.entries)
    incidents += [f"contacted off-limits person {p}" for p in summary.off_limits_contacts]
    anchors = None
    if instance.config.kind == "engagement":
        anchors = ctx.anchors.read(instance)
        if anchors is None:
            raise MissingAnchors(f"{instance.id}: no verified anchors in {ctx.anchors.entry(instance)}")
    scratch = delivered.attempt_dir / "grading"
    evaluation = Evaluation(
        instance=instance,
        snapshot=delivered.snapshot,
        scratch=scratch,
        sandbox=ctx.sandbox,
        cache_dir=ctx.cache_dir,
        incidents=incidents,
        contact_cost=summary.contact_cost,
        facts=frozenset(summary.facts),
        questions_asked=summary.questions_asked,
        asked_by_person=dict(summary.asked_by_person),
        anchors=anchors,
        judge=ctx.judge,
        left_out=delivered.left_out,
    )
    try:
        card = evaluate(evaluation)
    finally:
        with contextlib.suppress(OSError):
            remove_tree(scratch)
    card.content_hash = instance.content_hash
    card.snapshot_hash = delivered.snapshot_hash
    card.details["agent"] = asdict(delivered.agent_result)
    return card


class MissingAnchors(RuntimeError):
    """Grading found no anchors: the job's anchor phase did not run or its entry was lost (a bug, not the task's)."""


def blame(e: BaseException) -> ErrorKind:
    """Whose failure an exception is: the task author's, the job's spec, or the machinery's (worth a rerun)."""
    if isinstance(e, UnknownAgent):
        return "spec"
    if isinstance(e, GraderError | TaskFormatError | ValueError):
        return "task"
    return "infrastructure"


async def run_trial(
    spec: TrialSpec,
    ctx: TrialContext,
    attempt_dir: Path,
    agent: Agent | None = None,
    before_grade: Callable[[], Awaitable[ScoreCard | None]] | None = None,
) -> ScoreCard:
    """execute + grade; infrastructure failures become `status=error`, never a score.

    `before_grade` runs between the two phases and may void the trial with its own card (a workspace waits there
    for the anchors it computed while its person worked)."""
    try:
        delivered = await execute(spec, ctx, attempt_dir, agent)
        if delivered.agent_result.termination == "error":
            # The harness could not reach its model (or crashed): the trial is void, not a zero.
            raise AgentInfrastructureError(delivered.agent_result.detail or "agent error")
        void = await before_grade() if before_grade is not None else None
        card = void if void is not None else await asyncio.to_thread(grade, spec, ctx, delivered)
    except AgentInfrastructureError as e:
        card = ScoreCard.infrastructure_error(f"agent: {e}", spec.instance.content_hash)
    except (SandboxError, GraderError, TaskFormatError, MissingAnchors, OSError, ValueError) as e:
        card = ScoreCard.infrastructure_error(f"{type(e).__name__}: {e}", spec.instance.content_hash, blame(e))
    write_scorecard(attempt_dir, card)
    with contextlib.suppress(OSError):
        remove_tree(attempt_dir / "workspace")
    return card


def write_scorecard(attempt_dir: Path, card: ScoreCard) -> None:
    attempt_dir.mkdir(parents=True, exist_ok=True)
    tmp = attempt_dir / "scorecard.json.tmp"
    tmp.write_text(json.dumps(card.model_dump(mode="json"), indent=2, sort_keys=True), encoding="utf-8")
    tmp.replace(attempt_dir / "scorecard.json")


def card_summary(card: ScoreCard) -> dict[str, Any]:
    return {k: getattr(card, k) for k in ("status", "score", "solved", "uplift", "contact_cost", "incidents")}
