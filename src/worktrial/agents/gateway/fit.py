"""Fitting a chat request into a small model's context (the local model): tool turns as plain text, and the
longest messages clipped (head and tail kept) until the estimate fits. Hosted models get requests untouched."""

from __future__ import annotations

import json
from typing import Any

from ..react.context import CHARS_PER_TOKEN, MESSAGE_OVERHEAD, clip

MIN_MESSAGE_CHARS = 200


def _as_text(content: Any) -> str:
    if isinstance(content, list):
        return "\n".join(str(p.get("text", "")) for p in content if isinstance(p, dict) and p.get("type") == "text")
    return "" if content is None else str(content)


def plain_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Tool calls and results as text, every system message merged into one first message."""
    system: list[str] = []
    out: list[dict[str, Any]] = []
    for m in messages:
        role, text = m.get("role"), _as_text(m.get("content"))
        if role in ("system", "developer"):
            system.append(text)
        elif role == "tool":
            out.append({"role": "user", "content": f"[result of {m.get('tool_call_id', '')}]\n{text}"})
        elif role == "assistant":
            calls = [
                f"[call {(c.get('function') or {}).get('name')}] {(c.get('function') or {}).get('arguments', '')}"
                for c in m.get("tool_calls") or []
            ]
            out.append({"role": "assistant", "content": "\n".join([text, *calls] if text else calls)})
        else:
            out.append({"role": "user", "content": text})
    return ([{"role": "system", "content": "\n\n".join(system)}] if system else []) + out


def _water_level(lengths: list[int], budget: int) -> int:
    """The largest cap L with sum(min(n, L)) <= budget (at least MIN_MESSAGE_CHARS)."""
    remaining, count = budget, len(lengths)
    for n in sorted(lengths):
        if n * count > remaining:
            return max(MIN_MESSAGE_CHARS, remaining // count)
        remaining -= n
        count -= 1
    return max(lengths, default=0)


def fit_chat(body: dict[str, Any], context_tokens: int, max_tokens: int) -> dict[str, Any]:
    """`body` with plain-text turns, at most `max_tokens` to generate and a prompt that fits the context."""
    named = body.get("tool_choice") if isinstance(body.get("tool_choice"), dict) else None
    tools = [t for t in body.get("tools") or [] if named and t["function"]["name"] == named["function"]["name"]]
    out = {k: v for k, v in body.items() if k not in ("tools", "tool_choice", "parallel_tool_calls")}
    if tools:
        out["tools"], out["tool_choice"] = tools, named
    out["max_tokens"] = min(int(body.get("max_tokens") or max_tokens), max_tokens)
    messages = plain_messages(body.get("messages") or [])
    tokens = context_tokens - out["max_tokens"] - MESSAGE_OVERHEAD * (len(messages) + 2)
    budget = int(tokens * CHARS_PER_TOKEN) - len(json.dumps(tools))
    level = _water_level([len(m["content"]) for m in messages], max(budget, 0))
    fitted = [{**m, "content": clip(m["content"], level)} for m in messages]
    first = 1 if fitted and fitted[0]["role"] == "system" else 0
    while len(fitted) > first + 1 and sum(len(m["content"]) for m in fitted) > budget:
        del fitted[first]  # still too long (many messages): the oldest turns go
    out["messages"] = fitted
    return out
