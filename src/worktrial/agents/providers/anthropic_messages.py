"""Anthropic's messages API through the `anthropic` SDK, with prompt caching on the stable prefix."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import anthropic

from ._errors import classify_sdk_error, redacted
from ._loop_client import LoopClient
from .base import Message, ModelResponse, ToolCall, ToolChoice, ToolSpec, Usage
from .retry import Failure, MalformedResponse, RetryPolicy, with_retries

CACHE = {"type": "ephemeral"}


def _blocks(m: Message) -> list[dict[str, Any]]:
    if m.role == "tool":
        return [{"type": "tool_result", "tool_use_id": m.tool_call_id, "content": m.content or "(no output)"}]
    blocks: list[dict[str, Any]] = [{"type": "text", "text": m.content}] if m.content else []
    for c in m.tool_calls:
        blocks.append({"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments})
    return blocks or [{"type": "text", "text": "(nothing)"}]


def to_wire(messages: Sequence[Message], cache: bool = True) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(system blocks, messages): system turns are lifted out, tool results become user turns, and
    consecutive turns of one role are merged, as the API requires."""
    system: list[dict[str, Any]] = [
        {"type": "text", "text": m.content} for m in messages if m.role == "system" and m.content
    ]
    out: list[dict[str, Any]] = []
    for m in messages:
        if m.role == "system":
            continue
        role = "assistant" if m.role == "assistant" else "user"
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(_blocks(m))
        else:
            out.append({"role": role, "content": _blocks(m)})
    if cache:
        if system:
            system[-1]["cache_control"] = CACHE
        if out:
            out[-1]["content"][-1]["cache_control"] = CACHE
    return system, out


def tools_to_wire(tools: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    return [{"name": t.name, "description": t.description, "input_schema": t.parameters} for t in tools]


def choice_to_wire(choice: ToolChoice) -> dict[str, Any]:
    mode = {"auto": "auto", "required": "any", "none": "none"}.get(choice)
    return {"type": mode} if mode else {"type": "tool", "name": choice}


def from_wire(message: Any) -> ModelResponse:
    try:
        texts: list[str] = []
        calls: list[ToolCall] = []
        for block in message.content:
            if block.type == "text":
                texts.append(block.text)
            elif block.type == "tool_use":
                args = block.input if isinstance(block.input, dict) else {}
                error = "" if isinstance(block.input, dict) else "arguments are not a JSON object"
                calls.append(ToolCall(block.id, block.name, args, json.dumps(block.input), error))
        u = message.usage
        usage = Usage(
            int(u.input_tokens or 0),
            int(u.output_tokens or 0),
            int(getattr(u, "cache_read_input_tokens", 0) or 0),
            int(getattr(u, "cache_creation_input_tokens", 0) or 0),
        )
        return ModelResponse("".join(texts), tuple(calls), usage, str(message.model or ""), str(message.stop_reason))
    except (AttributeError, KeyError, TypeError) as e:
        raise MalformedResponse(f"{type(e).__name__}: {e}") from e


@dataclass
class AnthropicProvider:
    model_id: str
    api_model: str
    api_key: str = field(repr=False)
    base_url: str | None = None
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    timeout_s: float = 300.0
    cache: bool = True

    def __post_init__(self) -> None:
        self._client = LoopClient(self._new_client)

    def _new_client(self) -> anthropic.AsyncAnthropic:
        return anthropic.AsyncAnthropic(
            api_key=self.api_key, base_url=self.base_url, max_retries=0, timeout=self.timeout_s
        )

    def _classify(self, e: Exception) -> Failure | None:
        return redacted(classify_sdk_error(anthropic, e), self.api_key)

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        tool_choice: ToolChoice = "auto",
        max_tokens: int = 1024,
    ) -> ModelResponse:
        system, wire = to_wire(messages, self.cache)
        kwargs: dict[str, Any] = {"model": self.api_model, "messages": wire, "max_tokens": max_tokens}
        if system:
            kwargs["system"] = system
        if tools:
            kwargs["tools"] = tools_to_wire(tools)
            kwargs["tool_choice"] = choice_to_wire(tool_choice)

        async def attempt() -> ModelResponse:
            message = await self._client.get().messages.create(**kwargs)
            return from_wire(message)

        return await with_retries(attempt, self._classify, self.retry, self.model_id)

    async def aclose(self) -> None:
        client = self._client.take()
        if client is not None:
            await client.close()
