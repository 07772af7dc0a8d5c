"""External harnesses (CLI coding agents) run inside the trial's sandbox, their model calls through a metering
gateway on the host. `ExternalAgent` does what every harness needs; a `Harness` says how to launch one and how
to read its event stream."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import tempfile
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from ...sandbox import ExecResult, Mount
from ...tasks import Budgets
from ..base import AgentCancelled, AgentEnv, AgentResult
from ..gateway import SOCKET_NAME, CallRecord, Gateway, GatewayMeter, SandboxLink, upstream_for
from ..gateway.meter import ERROR, MAX_CALLS, MAX_USD
from ..providers.base import ProviderError
from ..providers.pricing import price_table
from ..react.context import clip
from ..skills import Skill
from .install import SANDBOX_ROOT
from .prompt import harness_prompt
from .spec import ExternalOptions, price_for
from .transcript import Transcript

STATE_MOUNT = "/run/worktrial-agent"  # the harness's own writable folder (its home, its event stream)
EVENTS = "events.jsonl"
BRIEF = "brief.md"  # the brief alone, in the state folder
PROMPT = "prompt.md"  # what the harness gets on stdin: the ground rules, its budget and the brief
OUTPUT_CHARS = 8000  # of stdout and stderr kept in the trajectory (head and tail); the files keep the rest


@dataclass(frozen=True)
class LaunchContext:
    model_id: str  # "" for a harness run without a model
    api_model: str  # the model's name at its API (what the harness is told; the gateway enforces it anyway)
    base_url: str  # the gateway inside the sandbox, without /v1 ("" without a model)
    root: Path | None  # the host's install folder, mounted at SANDBOX_ROOT (None: the harness needs none)
    state_dir: str  # a writable folder inside the sandbox, kept in the attempt folder
    budgets: Budgets

    @property
    def install(self) -> Path:
        if self.root is None:
            raise ValueError("this harness needs its install folder")
        return self.root


@dataclass(frozen=True)
class Launch:
    argv: list[str]
    env: dict[str, str]
    mkdir: tuple[str, ...] = ()
    memory_mb: int | None = None  # the address space it needs at least (JavaScript engines reserve a lot)
    events: str | None = EVENTS  # the state-folder file its stdout (an event stream) goes to; None: stdout is kept


class Harness(Protocol):
    name: str
    package: str  # the npm package whose version is recorded ("" when there is none)
    void_early_exit: bool  # failing before any model answer means it never ran (a broken install): void the trial

    def launch(self, ctx: LaunchContext) -> Launch: ...

    def parse(self, lines: Iterable[str]) -> Transcript: ...


@dataclass
class ExternalAgent:
    """`HARNESS:<model id>[?options]`; `staging` is the attempt folder (gateway log, harness state).

    `model_id` None runs the harness without a model: no gateway, no model endpoint in the sandbox. Every
    mount (its state folder, its install, the gateway's socket, `mounts`) is declared in `setup`.
    """

    harness: Harness
    model_id: str | None
    options: ExternalOptions
    staging: Path
    root: Path | None
    version: str
    name: str = ""
    mounts: tuple[Mount, ...] = ()  # more host folders it needs to see, read-only
    skills: list[Skill] = field(default_factory=list)  # copied into the harness's own skills folder
    _sock_dir: Path | None = field(default=None, init=False, repr=False)
    _events: str | None = field(default=EVENTS, init=False, repr=False)

    def __post_init__(self) -> None:
        self.name = self.name or f"{self.harness.name}:{self.model_id}"

    @property
    def state(self) -> Path:
        return self.staging / "harness"

    def add_skill(self, skill: Skill) -> None:
        self.skills.append(skill)

    async def setup(self, env: AgentEnv) -> None:
        o = self.options
        overrides = {k: getattr(o, k) for k in ("max_actions", "max_minutes", "max_usd") if getattr(o, k) is not None}
        if overrides:
            env.budgets = env.budgets.model_copy(update=overrides)
        calls = self.max_calls(env.budgets) if self.model_id else None
        env.trajectory.add(
            "agent",
            harness=self.harness.name,
            harness_version=self.version,
            model=self.model_id,
            options=asdict(o),
            budgets=env.budgets.model_dump(),
            max_calls=calls,
        )
        self.state.mkdir(parents=True, exist_ok=True)
        skills_dir = getattr(self.harness, "skills_dir", "")  # relative to the state folder; "" has no mechanism
        for skill in self.skills if skills_dir else ():
            skill.write(self.state / skills_dir)
        world = (env.workspace / "bin" / "ask").exists()
        (self.state / BRIEF).write_text(env.brief, encoding="utf-8")
        (self.state / PROMPT).write_text(harness_prompt(env.brief, env.budgets, calls, world), encoding="utf-8")
        mounts = [Mount(self.state, STATE_MOUNT, writable=True), *self.mounts]
        if self.root is not None:
            mounts.append(Mount(self.root, SANDBOX_ROOT))
        if self.model_id is not None:
            self._sock_dir = Path(tempfile.mkdtemp(prefix="wt-gw-"))  # short: a socket path has ~100 bytes
            self._sock_dir.chmod(0o755)
            mounts += SandboxLink(self._sock_dir).mounts()
        env.mounts = [*env.mounts, *mounts]
        # The session starts after setup, so the address space the harness needs must be granted now.
        probe = LaunchContext(self.model_id or "", "", "", self.root, STATE_MOUNT, env.budgets)
        need = self.harness.launch(probe).memory_mb
        if need and env.limits.memory_mb is not None and env.limits.memory_mb < need:
            env.limits = replace(env.limits, memory_mb=need)  # RLIMIT_AS: address space, not memory used

    def max_calls(self, budgets: Budgets) -> int:
        return self.options.max_calls or budgets.max_actions

    async def run(self, env: AgentEnv) -> AgentResult:
        if self.model_id is None:
            return self._finish(env, await self._exec(env, None, ""), None)
        sock_dir = self._sock_dir
        if sock_dir is None:
            raise RuntimeError(f"{self.name}: run() before setup()")
        try:
            return await self._run_metered(env, self.model_id, sock_dir)
        finally:
            shutil.rmtree(sock_dir, ignore_errors=True)

    async def _run_metered(self, env: AgentEnv, model_id: str, sock_dir: Path) -> AgentResult:
        price = price_for(model_id, self.options)
        if price is None:  # the spec parser refuses such a spec; this guards direct construction
            raise ValueError(f"no price for {model_id}")
        version = f"option:{self.options.prices}" if self.options.prices else price_table().version
        meter = GatewayMeter(
            model_id, price, version, path=self.staging / "gateway.jsonl", max_usd=env.budgets.max_usd,
            max_calls=self.max_calls(env.budgets), on_record=lambda rec: _model_call(env, rec),
        )  # fmt: skip
        o = self.options
        try:
            upstream = await asyncio.to_thread(upstream_for, model_id, o.base_url, o.max_tokens, o.context_tokens)
        except ProviderError as e:
            return self.result("error", f"model provider: {e}", meter, Transcript(self.harness.name))
        gateway = Gateway(upstream, meter, sock_dir / SOCKET_NAME, o.retry, o.request_timeout_s)
        try:
            await asyncio.to_thread(gateway.start)
            result = await self._exec(env, SandboxLink(sock_dir), upstream.api_model)
        finally:
            await asyncio.to_thread(gateway.stop)
        return self._finish(env, result, meter)

    async def _exec(self, env: AgentEnv, link: SandboxLink | None, api_model: str) -> ExecResult | None:
        base_url = link.base_url if link else ""
        ctx = LaunchContext(self.model_id or "", api_model, base_url, self.root, STATE_MOUNT, env.budgets)
        launch = self.harness.launch(ctx)
        self._events = launch.events
        if link is not None:
            stdout = f"{STATE_MOUNT}/{launch.events}" if launch.events else None
            argv = link.wrap(launch.argv, stdout=stdout, mkdir=launch.mkdir)
        elif launch.events or launch.mkdir:
            raise ValueError(f"{self.harness.name}: an event file or folders to create need the gateway's relay")
        else:
            argv = launch.argv
        env_args = [f"{k}={v}" for k, v in launch.env.items()]
        prompt = (self.state / PROMPT).read_bytes()
        try:
            return await env.aexec(
                ["env", *env_args, *argv], timeout_s=env.seconds_left, stdin=prompt, memory_mb=launch.memory_mb
            )
        except AgentCancelled:
            return None

    def _finish(self, env: AgentEnv, result: ExecResult | None, meter: GatewayMeter | None) -> AgentResult:
        """Read what the harness did into the trajectory, keep its output, and say how the run ended."""
        if self._events:
            lines = _lines(self.state / self._events)
        else:
            lines = result.stdout.splitlines() if result is not None else []
        transcript = self.harness.parse(lines)
        for kind, data in transcript.events:
            env.trajectory.add(kind, **data)
        if result is not None:
            self._keep_output(env, result)
        termination, detail = self.ending(result, meter, transcript)
        return self.result(termination, detail, meter, transcript)

    def _keep_output(self, env: AgentEnv, result: ExecResult) -> None:
        (self.state / "stderr.log").write_text(result.stderr, encoding="utf-8")
        output: dict[str, Any] = {"stderr": clip(result.stderr, OUTPUT_CHARS)}
        if not self._events:  # stdout is the harness's output, not an event stream already in the trajectory
            (self.state / "stdout.log").write_text(result.stdout, encoding="utf-8")
            output = {"stdout": clip(result.stdout, OUTPUT_CHARS), **output}
        env.trajectory.add(
            "harness_output", harness=self.harness.name, exit_code=result.exit_code, timed_out=result.timed_out,
            **output,
        )  # fmt: skip

    def ending(self, result: ExecResult | None, meter: GatewayMeter | None, transcript: Transcript) -> tuple[str, str]:
        stop = meter.stop if meter is not None else ""
        if stop == ERROR and meter is not None:
            return "error", f"model provider: {meter.error}"
        if result is None or result.timed_out:
            return "max_minutes", "the trial's time ran out while the harness ran"
        if stop == MAX_USD and meter is not None:
            return "max_usd", f"spent ${meter.usd:.4f} of ${meter.max_usd:g}"
        if stop == MAX_CALLS and meter is not None:
            return "max_actions", f"{meter.calls} model calls"
        if result.exit_code == 0:
            return "completed", transcript.final_text[:500]
        why = (transcript.errors[-1] if transcript.errors else "") or result.stderr.strip()[-500:]
        answered = meter is not None and meter.totals()["model_calls"] > 0
        if answered or not self.harness.void_early_exit:
            return "completed", f"{self.harness.name} exited {result.exit_code}: {why}"[:800]
        return "error", f"{self.harness.name} exited {result.exit_code} before any model answer: {why}"[:800]

    def result(self, termination: str, detail: str, meter: GatewayMeter | None, transcript: Transcript) -> AgentResult:
        usage: dict[str, Any] = {
            **(meter.totals() if meter is not None else NO_MODEL_USAGE),
            "harness": self.harness.name,
            "harness_version": self.version,
            "actions": transcript.actions,
            "steps": transcript.turns,
            "harness_reported_usage": transcript.reported_usage,
        }
        return AgentResult(termination, transcript.actions, detail, usage)


NO_MODEL_USAGE: dict[str, Any] = {
    "model": None, "input_tokens": 0, "output_tokens": 0, "cache_read_tokens": 0, "cache_write_tokens": 0,
    "usd": 0.0, "model_calls": 0,
}  # fmt: skip


def _model_call(env: AgentEnv, rec: CallRecord) -> None:
    env.trajectory.add(
        "model_call", step=rec.n + 1, purpose="act", model=rec.model, served_by=rec.served_by, outcome=rec.outcome,
        status=rec.status, dialect=rec.dialect, upstream=rec.upstream, stream=rec.stream, usage=asdict(rec.usage),
        usd=round(rec.usd, 8), total_usd=round(rec.total_usd, 8), wall_s=round(rec.wall_s, 3), detail=rec.detail,
    )  # fmt: skip


def _lines(path: Path) -> list[str]:
    with contextlib.suppress(OSError):
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    return []
