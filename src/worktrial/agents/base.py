"""The Agent protocol and the environment a trial hands to an agent."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..sandbox import ExecResult, ExecSpec, Limits, Mount, Sandbox, Session
from ..tasks import Budgets, Instance


class Trajectory:
    """Append-only JSONL event log of one trial (agent actions, tool results, world events)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self.count = 0

    def add(self, type: str, **data: Any) -> None:
        event = {"n": self.count, "type": type, **data}
        with self._lock, self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(event, default=str) + "\n")
            self.count += 1


class AgentCancelled(RuntimeError):
    """Raised to an agent that tries to act after its trial's time is up."""


@dataclass
class AgentEnv:
    """What an agent may use: commands in the trial's sandbox, the brief, its budgets, and a cancel flag.

    The world (people, inbox, pilot) is reached from inside the sandbox with `bin/ask` and `bin/pilot`.
    A trial runs in one `session` started after `Agent.setup()`: what an agent needs mounted or set in every
    command (its own files, a gateway socket, a larger `limits.memory_mb`) it adds to `mounts`, `env` and
    `limits` during `setup()`; later changes to them do not reach the running session.
    """

    instance_id: str
    brief: str
    budgets: Budgets
    workspace: Path
    sandbox: Sandbox
    trajectory: Trajectory
    mounts: list[Mount] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    readonly: list[str] = field(default_factory=list)
    limits: Limits = field(default_factory=Limits)
    started: float = field(default_factory=time.monotonic)
    cancelled: threading.Event = field(default_factory=threading.Event)
    actions: int = 0
    session: Session | None = None  # set by the trial once setup() is done; None: each command is one-shot
    _in_flight: int = 0
    _idle: threading.Condition = field(default_factory=threading.Condition)

    @property
    def seconds_left(self) -> float:
        return self.budgets.max_minutes * 60 - (time.monotonic() - self.started)

    def exec(
        self,
        argv: Sequence[str],
        timeout_s: float | None = None,
        mounts: Sequence[Mount] = (),
        stdin: bytes | None = None,
        *,
        env: dict[str, str] | None = None,
        memory_mb: int | None = None,
        on_output: Callable[[int, bytes], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> ExecResult:
        """Run one command in /workspace of the trial's session; counts as one action.

        `env` is added to the trial's environment for this command; `memory_mb` lowers (never raises past
        `limits.memory_mb`) its address-space limit. `mounts` only work before the session starts (in
        `setup()`); afterwards they are an error: declare them in `self.mounts` during `setup()`. `on_output`
        receives the output as it is written and setting `cancel` kills the command (`Session.exec`; in a session
        only).
        The command's wall limit never reaches past the trial's deadline, so nothing the agent started can
        still be changing the workspace when it is snapshotted (the session is closed before that).
        """
        if self.cancelled.is_set() or self.seconds_left <= 0:
            raise AgentCancelled("the trial's time is up")
        if mounts and self.session is not None:
            raise ValueError("a running session cannot mount more: add mounts to env.mounts during setup()")
        self.actions += 1
        wall = max(0.5, min(timeout_s or self.limits.wall_s, self.seconds_left))
        self.trajectory.add("tool_call", tool="run_command", argv=list(argv))
        with self._idle:
            self._in_flight += 1
        try:
            result = self._run(list(argv), wall, list(mounts), stdin, env or {}, memory_mb, on_output, cancel)
        finally:
            with self._idle:
                self._in_flight -= 1
                self._idle.notify_all()
        self.trajectory.add(
            "tool_result",
            tool="run_command",
            exit_code=result.exit_code,
            timed_out=result.timed_out,
            stdout=result.stdout[-4000:],
            stderr=result.stderr[-4000:],
        )
        return result

    def _run(
        self, argv: list[str], wall: float, mounts: list[Mount], stdin: bytes | None, env: dict[str, str],
        memory_mb: int | None, on_output: Callable[[int, bytes], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> ExecResult:  # fmt: skip
        if self.session is not None:
            return self.session.exec(
                argv, stdin=stdin, env=env, wall_s=wall, output_bytes=self.limits.output_bytes, memory_mb=memory_mb,
                on_output=on_output, cancel=cancel,
            )  # fmt: skip
        cap = self.limits.memory_mb
        memory = memory_mb if cap is None or memory_mb is None else min(memory_mb, cap)
        spec = ExecSpec(
            argv=argv,
            workspace=self.workspace,
            env={**self.env, **env},
            mounts=[*self.mounts, *mounts],
            readonly=list(self.readonly),
            stdin=stdin,
            limits=replace(self.limits, wall_s=wall, memory_mb=memory if memory_mb else cap),
        )
        return self.sandbox.run(spec)

    def drain(self) -> None:
        """Stop new commands and wait for running ones (each is bounded by the deadline)."""
        self.cancelled.set()
        with self._idle:
            self._idle.wait_for(lambda: self._in_flight == 0)

    async def aexec(
        self,
        argv: Sequence[str],
        timeout_s: float | None = None,
        mounts: Sequence[Mount] = (),
        stdin: bytes | None = None,
        *,
        env: dict[str, str] | None = None,
        memory_mb: int | None = None,
    ) -> ExecResult:
        return await asyncio.to_thread(lambda: self.exec(argv, timeout_s, mounts, stdin, env=env, memory_mb=memory_mb))


@dataclass(frozen=True)
class AgentResult:
    termination: str = "completed"  # completed | max_actions | max_minutes | max_usd | error
    actions: int = 0
    detail: str = ""
    usage: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Agent(Protocol):
    """An agent: harness + model, or a calibration script. Two methods, as in Harbor."""

    name: str

    async def setup(self, env: AgentEnv) -> None: ...

    async def run(self, env: AgentEnv) -> AgentResult: ...


AgentFactory = Callable[[str, Instance, Path], Agent]
"""Builds an agent from its full spec (e.g. `react:openai/gpt-5.5`), the instance and a staging folder (a host
folder of the trial's own, kept with its results). Called when a job is planned (to check the spec) and again
for each trial, so it must be cheap: start nothing, reach nothing."""


class UnknownAgent(ValueError):
    """An agent spec that cannot be built; the message says what was looked up and how to fix it."""
