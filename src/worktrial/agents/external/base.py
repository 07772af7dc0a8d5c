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
from .install import SANDBOX_ROOT
from .prompt import harness_prompt
from .spec import ExternalOptions, price_for
from .transcript import Transcript

STATE_MOUNT = "/run/worktrial-agent"  # the harness's own writable folder (its home, its event stream)
EVENTS = "events.jsonl"


@dataclass(frozen=True)
class LaunchContext:
    model_id: str
    api_model: str  # the model's name at its API (what the harness is told; the gateway enforces it anyway)
    base_url: str  # the gateway inside the sandbox, without /v1
    root: Path  # the host's install folder, mounted at SANDBOX_ROOT
    state_dir: str  # a writable folder inside the sandbox, kept in the attempt folder
    budgets: Budgets


@dataclass(frozen=True)
class Launch:
    argv: list[str]
    env: dict[str, str]
    mkdir: tuple[str, ...] = ()
    memory_mb: int | None = None  # the address space it needs at least (JavaScript engines reserve a lot)


class Harness(Protocol):
    name: str
    package: str  # the npm package whose version is recorded

    def launch(self, ctx: LaunchContext) -> Launch: ...

    def parse(self, lines: Iterable[str]) -> Transcript: ...


@dataclass
class ExternalAgent:
    """`HARNESS:<model id>[?options]`; `staging` is the attempt folder (gateway log, harness state)."""

    harness: Harness
    model_id: str
    options: ExternalOptions
    staging: Path
    root: Path
    version: str
    name: str = ""
    _sock_dir: Path | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.name = self.name or f"{self.harness.name}:{self.model_id}"

    @property
    def state_dir(self) -> Path:
        return self.staging / "harness"

    async def setup(self, env: AgentEnv) -> None:
        o = self.options
        overrides = {k: getattr(o, k) for k in ("max_actions", "max_minutes", "max_usd") if getattr(o, k) is not None}
        if overrides:
            env.budgets = env.budgets.model_copy(update=overrides)
        # The trial's session is started after setup: everything the harness needs is mounted from the start.
        self.state_dir.mkdir(parents=True, exist_ok=True)
        self._sock_dir = Path(tempfile.mkdtemp(prefix="wt-gw-"))  # short: a socket path has ~100 bytes
        self._sock_dir.chmod(0o755)
        link = SandboxLink(self._sock_dir)
        env.mounts.extend([
            *link.mounts(), Mount(self.root, SANDBOX_ROOT), Mount(self.state_dir, STATE_MOUNT, writable=True),
        ])  # fmt: skip
        need = self.harness.launch(self._launch_context(env, self.model_id, link)).memory_mb
        if need and env.limits.memory_mb is not None and env.limits.memory_mb < need:
            env.limits = replace(env.limits, memory_mb=need)  # RLIMIT_AS: address space, not memory used
        env.trajectory.add(
            "agent",
            harness=self.harness.name,
            harness_version=self.version,
            model=self.model_id,
            options=asdict(o),
            budgets=env.budgets.model_dump(),
            max_calls=self.max_calls(env.budgets),
        )

    def max_calls(self, budgets: Budgets) -> int:
        return self.options.max_calls or budgets.max_actions

    async def run(self, env: AgentEnv) -> AgentResult:
        price = price_for(self.model_id, self.options)
        if price is None:  # the spec parser refuses such a spec; this guards direct construction
            raise ValueError(f"no price for {self.model_id}")
        version = f"option:{self.options.prices}" if self.options.prices else price_table().version
        meter = GatewayMeter(
            self.model_id, price, version, path=self.staging / "gateway.jsonl", max_usd=env.budgets.max_usd,
            max_calls=self.max_calls(env.budgets), on_record=lambda rec: _model_call(env, rec),
        )  # fmt: skip
        try:
            o = self.options
            upstream = await asyncio.to_thread(upstream_for, self.model_id, o.base_url, o.max_tokens, o.context_tokens)
        except ProviderError as e:
            if self._sock_dir is not None:
                shutil.rmtree(self._sock_dir, ignore_errors=True)
            return self.result("error", f"model provider: {e}", meter, Transcript(self.harness.name))
        sock_dir = self._sock_dir
        if sock_dir is None:
            raise RuntimeError("ExternalAgent.run() before setup()")
        gateway = Gateway(upstream, meter, sock_dir / SOCKET_NAME, o.retry, o.request_timeout_s)
        try:
            await asyncio.to_thread(gateway.start)
            result = await self._exec(env, upstream.api_model, SandboxLink(sock_dir))
        finally:
            await asyncio.to_thread(gateway.stop)
            shutil.rmtree(sock_dir, ignore_errors=True)
        transcript = self.harness.parse(_lines(self.state_dir / EVENTS))
        for kind, data in transcript.events:
            env.trajectory.add(kind, **data)
        termination, detail = self.ending(result, meter, transcript)
        return self.result(termination, detail, meter, transcript)

    def _launch_context(self, env: AgentEnv, api_model: str, link: SandboxLink) -> LaunchContext:
        return LaunchContext(self.model_id, api_model, link.base_url, self.root, STATE_MOUNT, env.budgets)

    async def _exec(self, env: AgentEnv, api_model: str, link: SandboxLink) -> ExecResult | None:
        launch = self.harness.launch(self._launch_context(env, api_model, link))
        argv = link.wrap(launch.argv, stdout=f"{STATE_MOUNT}/{EVENTS}", mkdir=launch.mkdir)
        world = (env.workspace / "bin" / "ask").exists()
        prompt = harness_prompt(env.brief, env.budgets, self.max_calls(env.budgets), world).encode()
        try:
            return await env.aexec(argv, timeout_s=env.seconds_left, stdin=prompt, env=launch.env)
        except AgentCancelled:
            return None

    def ending(self, result: ExecResult | None, meter: GatewayMeter, transcript: Transcript) -> tuple[str, str]:
        if meter.stop == ERROR:
            return "error", f"model provider: {meter.error}"
        if result is None or result.timed_out:
            return "max_minutes", "the trial's time ran out while the harness ran"
        if meter.stop == MAX_USD:
            return "max_usd", f"spent ${meter.usd:.4f} of ${meter.max_usd:g}"
        if meter.stop == MAX_CALLS:
            return "max_actions", f"{meter.calls} model calls"
        if result.exit_code == 0:
            return "completed", transcript.final_text[:500]
        why = (transcript.errors[-1] if transcript.errors else "") or result.stderr.strip()[-500:]
        if meter.totals()["model_calls"] > 0:
            return "completed", f"{self.harness.name} exited {result.exit_code}: {why}"[:800]
        return "error", f"{self.harness.name} exited {result.exit_code} before any model answer: {why}"[:800]

    def result(self, termination: str, detail: str, meter: GatewayMeter, transcript: Transcript) -> AgentResult:
        usage: dict[str, Any] = {
            **meter.totals(),
            "harness": self.harness.name,
            "harness_version": self.version,
            "actions": transcript.actions,
            "steps": transcript.turns,
            "harness_reported_usage": transcript.reported_usage,
        }
        return AgentResult(termination, transcript.actions, detail, usage)


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
