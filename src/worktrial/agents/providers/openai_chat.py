"""OpenAI-compatible chat completions (OpenAI, OpenRouter, vLLM, Ollama, llama.cpp) through the `openai` SDK."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import openai

from ._errors import classify_sdk_error, redacted
from ._loop_client import LoopClient
from .base import MODES, Message, ModelResponse, ToolCall, ToolChoice, ToolSpec, Usage
from .retry import Failure, MalformedResponse, RetryPolicy, with_retries


def parse_arguments(raw: str | None) -> tuple[dict[str, Any], str]:
    """(arguments, error): a tool call's JSON arguments as an object, or {} and why not."""
    if not raw or not raw.strip():
        return {}, ""
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as e:
        return {}, f"arguments are not valid JSON ({e.msg} at {e.pos})"
    if not isinstance(value, dict):
        return {}, "arguments are not a JSON object"
    return value, ""


def _call_text(call: ToolCall) -> str:
    return call.raw_arguments or json.dumps(call.arguments, ensure_ascii=False)


def to_wire(messages: Sequence[Message], native_tools: bool = True) -> list[dict[str, Any]]:
    """Messages in the chat-completions shape. Without `native_tools`, tool turns become plain text turns
    (for chat templates that know nothing of tool messages)."""
    out: list[dict[str, Any]] = []
    for m in messages:
        if m.role == "assistant" and m.tool_calls:
            if native_tools:
                calls = [
                    {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": _call_text(c)}}
                    for c in m.tool_calls
                ]
                out.append({"role": "assistant", "content": m.content or None, "tool_calls": calls})
            else:
                lines = [m.content] if m.content else []
                lines += [f"[call {c.name}] {_call_text(c)}" for c in m.tool_calls]
                out.append({"role": "assistant", "content": "\n".join(lines)})
        elif m.role == "tool":
            if native_tools:
                out.append({"role": "tool", "tool_call_id": m.tool_call_id, "content": m.content})
            else:
                out.append({"role": "user", "content": f"[result of {m.name}]\n{m.content}"})
        else:
            out.append({"role": m.role, "content": m.content})
    return out


def tools_to_wire(tools: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    return [
        {"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.parameters}}
        for t in tools
    ]


def choice_to_wire(choice: ToolChoice) -> str | dict[str, Any]:
    return choice if choice in MODES else {"type": "function", "function": {"name": choice}}


def from_wire(completion: Any) -> ModelResponse:
    """A chat completion (SDK object) → ModelResponse; MalformedResponse if it lacks what every answer has."""
    try:
        choice = completion.choices[0]
        message = choice.message
        calls = []
        for n, tc in enumerate(message.tool_calls or []):
            fn = tc.function
            args, error = parse_arguments(fn.arguments)
            calls.append(ToolCall(tc.id or f"call_{n}", fn.name, args, fn.arguments or "", error))
        u = completion.usage
        prompt = int(getattr(u, "prompt_tokens", 0) or 0)
        details = getattr(u, "prompt_tokens_details", None)
        cached = int(getattr(details, "cached_tokens", 0) or 0)
        usage = Usage(prompt - cached, int(getattr(u, "completion_tokens", 0) or 0), cached, 0)
        return ModelResponse(
            message.content or "", tuple(calls), usage, str(completion.model or ""), str(choice.finish_reason or "")
        )
    except (AttributeError, IndexError, KeyError, TypeError) as e:
        raise MalformedResponse(f"{type(e).__name__}: {e}") from e


@dataclass
class OpenAIChatProvider:
    """Chat completions at `base_url` (None: the SDK's default, i.e. OpenAI or $OPENAI_BASE_URL)."""

    model_id: str
    api_model: str
    api_key: str = field(repr=False)
    base_url: str | None = None
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    timeout_s: float = 300.0
    native_tools: bool = True  # False: tool turns are sent as plain text (small local chat templates)
    token_param: str = "max_tokens"  # OpenAI's newer models want "max_completion_tokens"
    headers: dict[str, str] = field(default_factory=dict)
    extra_body: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._client = LoopClient(self._new_client)

    def _new_client(self) -> openai.AsyncOpenAI:
        return openai.AsyncOpenAI(
            api_key=self.api_key,
            base_url=self.base_url,
            max_retries=0,
            timeout=self.timeout_s,
            default_headers=self.headers or None,
        )

    def _classify(self, e: Exception) -> Failure | None:
        return redacted(classify_sdk_error(openai, e), self.api_key)

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        tool_choice: ToolChoice = "auto",
        max_tokens: int = 1024,
    ) -> ModelResponse:
        kwargs: dict[str, Any] = {
            "model": self.api_model,
            "messages": to_wire(messages, self.native_tools),
            self.token_param: max_tokens,
        }
        if tools:
            kwargs["tools"] = tools_to_wire(tools)
            kwargs["tool_choice"] = choice_to_wire(tool_choice)
        if self.extra_body:
            kwargs["extra_body"] = self.extra_body

        async def attempt() -> ModelResponse:
            completion = await self._client.get().chat.completions.create(**kwargs)
            return from_wire(completion)

        return await with_retries(attempt, self._classify, self.retry, self.model_id)

    async def aclose(self) -> None:
        client = self._client.take()
        if client is not None:
            await client.close()
