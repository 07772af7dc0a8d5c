"""Agents written outside worktrial, checked when they are built and fenced while they run.

Their factory's or constructor's failure, or an object that is no `Agent`, is an `UnknownAgent` when the job is
planned. An exception escaping their `setup` or `run` is their own failure, not the platform's: the trial ends
with termination `crashed`, the exception goes into the trajectory, and the workspace is graded as it stands.
"""

from __future__ import annotations

import inspect
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ..base import Agent, AgentCancelled, AgentEnv, AgentResult, UnknownAgent

CRASHED = "crashed"
TRACE_CHARS = 4000


def protocol_problems(agent: object) -> list[str]:
    """What keeps `agent` from being an `Agent`: a `name`, and `async def setup(env)` and `run(env)`."""
    problems = []
    if not isinstance(getattr(agent, "name", None), str):
        problems.append("it has no `name` string")
    for method in ("setup", "run"):
        if not inspect.iscoroutinefunction(getattr(agent, method, None)):
            problems.append(f"`{method}` is not an `async def {method}(self, env)` method")
    return problems


def build_plugin(make: Callable[[], object], spec: str, origin: str) -> Agent:
    """Call a plug-in's factory (or class) and check what it returns; every failure is an `UnknownAgent`."""
    try:
        agent = make()
    except UnknownAgent:
        raise
    except Exception as e:
        raise UnknownAgent(f"agent {spec!r}: {origin} raised {type(e).__name__}: {e}") from None
    problems = protocol_problems(agent)
    if problems:
        raise UnknownAgent(
            f"agent {spec!r}: {origin} returned {type(agent).__name__}, which is not an Agent: {'; '.join(problems)}"
        )
    return GuardedAgent(cast(Agent, agent), origin)


@dataclass
class GuardedAgent:
    """A plug-in agent, recorded with where it came from; its exceptions end the trial as `crashed`."""

    inner: Agent
    origin: str
    name: str = ""
    failure: str = ""

    def __post_init__(self) -> None:
        self.name = self.name or self.inner.name

    async def setup(self, env: AgentEnv) -> None:
        env.trajectory.add("plugin", agent=self.inner.name, origin=self.origin, cls=_qualname(self.inner))
        try:
            await self.inner.setup(env)
        except AgentCancelled:
            raise
        except Exception as e:
            self.failure = self._record(env, "setup", e)

    async def run(self, env: AgentEnv) -> AgentResult:
        if self.failure:
            return AgentResult(CRASHED, env.actions, self.failure)
        try:
            result = await self.inner.run(env)
        except AgentCancelled:
            raise
        except Exception as e:
            return AgentResult(CRASHED, env.actions, self._record(env, "run", e))
        if not isinstance(result, AgentResult):
            detail = f"{self.origin}: run returned {type(result).__name__}, not an AgentResult"
            env.trajectory.add("agent_error", phase="run", error=detail)
            return AgentResult(CRASHED, env.actions, detail)
        return result

    def _record(self, env: AgentEnv, phase: str, e: Exception) -> str:
        detail = f"{self.origin}: {phase} raised {type(e).__name__}: {e}"[:800]
        trace = "".join(traceback.format_exception(e))[-TRACE_CHARS:]
        env.trajectory.add("agent_error", phase=phase, error=detail, traceback=trace)
        return detail


def _qualname(obj: object) -> str:
    cls = type(obj)
    return f"{cls.__module__}.{cls.__qualname__}"
