"""The react harness: a model calls tools in the sandbox, step by step, until it submits or a budget ends it."""

from __future__ import annotations

import asyncio
import time
from dataclasses import asdict, dataclass, field
from typing import Any, NoReturn

from ..base import AgentCancelled, AgentEnv, AgentResult
from ..providers.base import Message, ModelResponse, Provider, ProviderError, ToolCall, ToolChoice, ToolSpec
from ..providers.factory import ProviderOptions, make_provider
from ..providers.pricing import price_table
from ..skills import Skill
from . import prompt
from .context import CHARS_PER_TOKEN, clip, compact
from .meter import Meter
from .options import ReactOptions, price_for
from .tools import NAMES, SPECS, ToolBox

HARNESS = "react"
HARNESS_VERSION = "0.1.0"
CHOOSE_TOOL = ToolSpec(
    "choose_tool",
    "Choose the tool for the next step.",
    {"type": "object", "properties": {"tool": {"type": "string", "enum": list(NAMES)}}, "required": ["tool"]},
)


class _Stop(Exception):
    def __init__(self, termination: str, detail: str = "") -> None:
        super().__init__(detail)
        self.termination = termination
        self.detail = detail


@dataclass
class ReactAgent:
    """`react:<model id>`; the options come from the spec's `?key=value` part (see `options.parse_spec`)."""

    model_id: str
    options: ReactOptions = field(default_factory=ReactOptions)
    name: str = ""
    skills: list[Skill] = field(default_factory=list)  # given in the system prompt (agents/skills.py)

    def __post_init__(self) -> None:
        self.name = self.name or f"{HARNESS}:{self.model_id}"

    async def setup(self, env: AgentEnv) -> None:
        o = self.options
        overrides = {k: getattr(o, k) for k in ("max_actions", "max_minutes", "max_usd") if getattr(o, k) is not None}
        if overrides:
            env.budgets = env.budgets.model_copy(update=overrides)
        env.trajectory.add(
            "agent",
            harness=HARNESS,
            harness_version=HARNESS_VERSION,
            model=self.model_id,
            options=asdict(o),
            budgets=env.budgets.model_dump(),
        )

    def add_skill(self, skill: Skill) -> None:
        self.skills.append(skill)

    async def run(self, env: AgentEnv) -> AgentResult:
        return await _Run(self, env).go()


class _Run:
    """One trial's conversation and counters."""

    def __init__(self, agent: ReactAgent, env: AgentEnv) -> None:
        self.agent, self.env, self.o = agent, env, agent.options
        price = price_for(agent.model_id, self.o)
        if price is None:  # parse_spec refuses such a spec; this guards direct construction
            raise ValueError(f"no price for {agent.model_id}")
        version = f"option:{self.o.prices}" if self.o.prices else price_table().version
        self.meter = Meter(agent.model_id, price, version, HARNESS, HARNESS_VERSION)
        self.tools = ToolBox(env, self.o.clip_chars, self.o.command_timeout_s)
        self.messages = [
            Message("system", prompt.system_prompt(env.budgets, agent.skills)),
            Message("user", prompt.first_message(clip(env.brief, int(self.o.context_tokens * CHARS_PER_TOKEN / 2)))),
        ]
        self.actions = self.step = self.idle = 0
        self.provider: Provider | None = None

    async def go(self) -> AgentResult:
        try:
            self.provider = make_provider(
                self.agent.model_id, ProviderOptions(self.o.base_url, self.o.retry, self.o.request_timeout_s)
            )
            await self.loop()
        except _Stop as stop:
            return self.result(stop.termination, stop.detail)
        except ProviderError as e:
            return self.result("error", f"model provider: {e}")
        except AgentCancelled:
            return self.result("max_minutes", "the trial's time ran out during a command")
        finally:
            if self.provider is not None:
                await self.provider.aclose()

    def result(self, termination: str, detail: str) -> AgentResult:
        usage: dict[str, Any] = {**self.meter.totals(), "actions": self.actions, "steps": self.step}
        return AgentResult(termination, self.actions, detail, usage)

    async def loop(self) -> NoReturn:
        limit = int(min(self.o.context_tokens * self.o.compact_at, self.o.context_tokens - self.o.max_tokens - 200))
        while True:
            self.messages, changed = compact(self.messages, limit, self.o.keep_last, tools=SPECS)
            if changed:
                self.env.trajectory.add("compaction", step=self.step, changed=changed, messages=len(self.messages))
            self.step += 1
            text, calls = await self.decide()
            if not calls:
                self.idle += 1
                self.messages.append(Message("assistant", text or "(no reply)"))
                if self.idle >= self.o.idle_turns:
                    raise _Stop("completed", f"no tool call in {self.idle} replies in a row")
                self.messages.append(Message("user", prompt.NUDGE))
                continue
            self.idle = 0
            self.messages.append(Message("assistant", text, tuple(calls)))
            for call in calls:
                outcome_text, submitted = await self.act(call)
                self.messages.append(Message("tool", outcome_text, tool_call_id=call.id, name=call.name))
                if submitted:
                    raise _Stop("submitted", str(call.arguments.get("summary", ""))[:500])
                if self.actions >= self.env.budgets.max_actions:
                    raise _Stop("max_actions", f"{self.actions} tool calls")

    async def call_model(
        self, messages: list[Message], tools: list[ToolSpec], choice: ToolChoice, purpose: str
    ) -> ModelResponse:
        assert self.provider is not None
        left = self.env.seconds_left
        if left <= 0:
            raise _Stop("max_minutes", "time ran out before a model call")
        started = time.monotonic()
        try:
            response = await asyncio.wait_for(
                self.provider.complete(messages, tools, choice, self.o.max_tokens), timeout=left
            )
        except TimeoutError:
            raise _Stop("max_minutes", "time ran out during a model call") from None
        self.meter.record(self.env.trajectory, response, self.step, purpose, time.monotonic() - started)
        cap = self.env.budgets.max_usd
        if self.meter.usd > 0 and self.meter.usd >= cap:
            raise _Stop("max_usd", f"spent ${self.meter.usd:.4f} of ${cap:g}")
        return response

    async def decide(self) -> tuple[str, list[ToolCall]]:
        mode = self.o.force_tool
        if mode == "named":
            return await self.decide_named()
        r = await self.call_model(self.messages, SPECS, "required" if mode == "required" else "auto", "act")
        return r.text, list(r.tool_calls)

    async def decide_named(self) -> tuple[str, list[ToolCall]]:
        """For models that call tools only when told which: first choose_tool (an enum), then that tool."""
        hint = [*self.messages, Message("user", prompt.CHOOSE)]
        r1 = await self.call_model(hint, [CHOOSE_TOOL], CHOOSE_TOOL.name, "choose")
        name = r1.tool_calls[0].arguments.get("tool") if r1.tool_calls else None
        spec = self.tools.specs.get(name) if isinstance(name, str) else None
        if spec is None:
            return r1.text, []
        call_id = f"call_{self.step}"
        if not spec.parameters.get("required"):
            return "", [ToolCall(call_id, spec.name, {}, "{}")]
        ask = prompt.CALL.format(name=spec.name, description=spec.description)
        r2 = await self.call_model([*self.messages, Message("user", ask)], [spec], spec.name, "arguments")
        if not r2.tool_calls:
            return r2.text, []
        c = r2.tool_calls[0]
        return "", [ToolCall(call_id, spec.name, c.arguments, c.raw_arguments, c.error)]

    async def act(self, call: ToolCall) -> tuple[str, bool]:
        self.actions += 1
        args = {k: clip(v, 2000) if isinstance(v, str) else v for k, v in call.arguments.items()}
        trajectory = self.env.trajectory
        trajectory.add("tool_call", harness=HARNESS, step=self.step, call_id=call.id, tool=call.name, arguments=args)
        started = time.monotonic()
        outcome = await self.tools.run(call)
        trajectory.add(
            "tool_result",
            harness=HARNESS,
            step=self.step,
            call_id=call.id,
            tool=call.name,
            ok=outcome.ok,
            output=clip(outcome.text, 4000),
            wall_s=round(time.monotonic() - started, 3),
        )
        return outcome.text, outcome.submitted
