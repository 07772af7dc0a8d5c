"""`human:WHO`: a person (or an outside agent driven from a shell) working a trial through `worktrial workspace`.

The agent itself does nothing in the sandbox: it hands the trial's environment to a `Desk`, whose owner (the
workspace daemon) runs the person's commands in the session, and waits until the person hands in or the deadline
passes. Everything else of the trial (world, session, snapshot, grading) is the same as for any other agent.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..tasks import Instance
from .base import AgentEnv, AgentResult, UnknownAgent

HUMAN = "human"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def human_spec(who: str) -> str:
    """`human:WHO`, after checking WHO is a plain name (it becomes part of folder names and reports)."""
    if not NAME.fullmatch(who):
        raise ValueError(f"{who!r} is not a usable name: use letters, digits, '.', '_' or '-' (at most 64)")
    return f"{HUMAN}:{who}"


@dataclass
class Desk:
    """Where a person's trial meets its driver: the environment once the session runs, and the hand-in."""

    env: asyncio.Future[AgentEnv] = field(default_factory=lambda: asyncio.get_running_loop().create_future())
    handed_in: asyncio.Event = field(default_factory=asyncio.Event)
    out_of_actions: bool = False  # the hand-in came from the action budget, not from the person


@dataclass
class HumanAgent:
    """Waits for its person: the trial ends at hand-in (`Desk.handed_in`), when the person's commands reach the
    budget's `max_actions` (the daemon hands in), or at the deadline; graded in every case."""

    name: str
    desk: Desk | None = None

    async def setup(self, env: AgentEnv) -> None:
        return None

    async def run(self, env: AgentEnv) -> AgentResult:
        if self.desk is None:
            return AgentResult("error", 0, f"{self.name}: a person's trial runs through `worktrial workspace`")
        if not self.desk.env.done():
            self.desk.env.set_result(env)
        env.trajectory.add("agent", note=f"{self.name}: the session is open to its person")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.desk.handed_in.wait(), timeout=max(env.seconds_left, 0.0))
            if self.desk.out_of_actions:
                return AgentResult("max_actions", env.actions, f"{env.actions} commands: graded as it stood")
            return AgentResult("completed", env.actions, "handed in")
        return AgentResult("max_minutes", env.actions, "the deadline passed: graded as it stood")


def make_human(spec: str, instance: Instance, staging: Path) -> HumanAgent:
    who = spec.partition(":")[2]
    try:
        human_spec(who)
    except ValueError as e:
        raise UnknownAgent(f"agent {spec!r}: {e}") from None
    return HumanAgent(spec)
