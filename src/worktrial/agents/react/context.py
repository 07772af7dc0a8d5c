"""Keeping the conversation inside the model's context: clipped tool output and compaction of old turns."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from ..providers.base import Message, ToolCall, ToolSpec

CHARS_PER_TOKEN = 3.0  # conservative for code and JSON
MESSAGE_OVERHEAD = 6  # role markers and separators per message
STUB_CHARS = 200  # what is left of an old tool output or a long argument


def clip(text: str, limit: int) -> str:
    """At most about `limit` characters: the head and the tail, with a marker of what was cut."""
    if len(text) <= limit:
        return text
    keep = max(limit - 60, 20)
    head, tail = text[: keep * 2 // 3], text[len(text) - keep // 3 :]
    return f"{head}\n[... {len(text) - len(head) - len(tail)} characters clipped ...]\n{tail}"


def _call_chars(c: ToolCall) -> int:
    return len(c.name) + len(c.raw_arguments or json.dumps(c.arguments))


def estimate_tokens(messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> int:
    chars = sum(len(m.content) + sum(_call_chars(c) for c in m.tool_calls) for m in messages)
    chars += sum(len(t.name) + len(t.description) + len(json.dumps(t.parameters)) for t in tools)
    return int(chars / CHARS_PER_TOKEN) + MESSAGE_OVERHEAD * len(messages)


def _shorten(text: str) -> str:
    if len(text) <= STUB_CHARS:
        return text
    return text[:STUB_CHARS] + f"\n[... {len(text) - STUB_CHARS} characters dropped to save context ...]"


def _shorten_message(m: Message) -> Message:
    if m.role == "tool":
        return replace(m, content=_shorten(m.content))
    if m.role == "assistant" and m.tool_calls:
        calls = tuple(
            replace(c, arguments={k: _shorten(v) if isinstance(v, str) else v for k, v in c.arguments.items()},
                    raw_arguments="")
            for c in m.tool_calls
        )  # fmt: skip
        return replace(m, content=_shorten(m.content), tool_calls=calls)
    return m


def _turns(messages: Sequence[Message]) -> list[list[Message]]:
    """Groups that must stay together: an assistant turn with the tool results that answer it."""
    groups: list[list[Message]] = []
    for m in messages:
        if m.role == "tool" and groups:
            groups[-1].append(m)
        else:
            groups.append([m])
    return groups


def compact(
    messages: list[Message],
    limit_tokens: int,
    keep_last: int,
    head: int = 2,
    tools: Sequence[ToolSpec] = (),
) -> tuple[list[Message], int]:
    """(messages, how many were changed or dropped). Under `limit_tokens`, nothing changes. Otherwise the
    outputs and long arguments of turns before the last `keep_last` messages are shortened; if that is not
    enough, the oldest turns after the first `head` messages (system prompt, brief) are dropped, whole."""
    if estimate_tokens(messages, tools) <= limit_tokens:
        return messages, 0
    cut = max(head, len(messages) - keep_last)
    # never split a tool-call turn between the shortened and the intact part
    while head < cut < len(messages) and messages[cut].role == "tool":
        cut -= 1
    out = messages[:head] + [_shorten_message(m) for m in messages[head:cut]] + messages[cut:]
    changed = sum(a is not b for a, b in zip(out, messages, strict=True))
    if estimate_tokens(out, tools) <= limit_tokens:
        return out, changed
    old, recent = _turns(out[head:cut]), out[cut:]
    dropped = 0
    while old and estimate_tokens(out[:head] + [m for g in old for m in g] + recent, tools) > limit_tokens:
        dropped += len(old.pop(0))
    note = Message("user", f"[{dropped} earlier messages were dropped to save context]")
    kept = [m for g in old for m in g]
    return [*out[:head], note, *kept, *recent], changed + dropped
