"""Streams: chat-completion chunks for a complete answer, and usage read from a stream passed through."""

from __future__ import annotations

from typing import Any

from ..providers.base import Usage
from .dialects import CHAT, MESSAGES, RESPONSES, usage_of
from .sse import Event


def chat_chunks(completion: dict[str, Any], include_usage: bool) -> list[dict[str, Any]]:
    """The `chat.completion.chunk` objects that deliver `completion` (a usage chunk last when asked for)."""
    base = {k: completion.get(k) for k in ("id", "created", "model", "system_fingerprint")}
    base["object"] = "chat.completion.chunk"
    choice = (completion.get("choices") or [{}])[0]
    message = choice.get("message") or {}
    delta: dict[str, Any] = {"role": "assistant", "content": message.get("content") or ""}
    if message.get("tool_calls"):
        delta["tool_calls"] = [{"index": i, **tc} for i, tc in enumerate(message["tool_calls"])]
    chunks: list[dict[str, Any]] = [
        {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
        {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": choice.get("finish_reason") or "stop"}]},
    ]
    if include_usage:
        chunks.append({**base, "choices": [], "usage": completion.get("usage")})
    return chunks


class UsageTracker:
    """Follows a passed-through stream of one dialect and keeps the usage it reports."""

    def __init__(self, dialect: str) -> None:
        self.dialect = dialect
        self.usage = Usage()
        self.model = ""
        self.done = False  # the stream reached its proper end

    def feed(self, event: Event) -> None:
        if self.dialect == CHAT:
            if event.data.strip() == "[DONE]":
                self.done = True
                return
            data = event.json()
            if isinstance(data, dict):
                self.model = str(data.get("model") or self.model)
                if isinstance(data.get("usage"), dict):
                    self.usage = usage_of(CHAT, data)
            return
        data = event.json()
        if not isinstance(data, dict):
            return
        kind = data.get("type", event.event)
        if self.dialect == RESPONSES and kind in ("response.completed", "response.incomplete", "response.failed"):
            response = data.get("response") or {}
            self.usage, self.model, self.done = usage_of(RESPONSES, response), str(response.get("model", "")), True
        elif self.dialect == MESSAGES:
            self._messages(kind, data)

    def _messages(self, kind: Any, data: dict[str, Any]) -> None:
        if kind == "message_start":
            message = data.get("message") or {}
            self.model = str(message.get("model", ""))
            self.usage = usage_of(MESSAGES, message)
        elif kind == "message_delta" and isinstance(data.get("usage"), dict):
            # Output tokens are cumulative here; input counts, when present, restate the final ones.
            later = usage_of(MESSAGES, data)
            u = self.usage
            read, write = later.cache_read or u.cache_read, later.cache_write or u.cache_write
            self.usage = Usage(later.input or u.input, later.output, read, write)
        elif kind == "message_stop":
            self.done = True
