"""What the judge needs from a model: one chat request in, the reply's text out.

`ChatBackend` is deliberately small so that a caller can adapt any client to it; `OpenAIBackend` (in
`openai_backend`) is the one shipped, for every server speaking the chat-completions API.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

Structured = Literal["off", "json_object", "json_schema"]
"""How a JSON reply is requested: `json_schema` (OpenAI structured outputs, vLLM), `json_object` with a
`schema` (llama-cpp-python's server, which constrains the reply with a grammar), or `off` (the prompt only)."""


@dataclass(frozen=True)
class ChatRequest:
    system: str
    user: str
    images: tuple[bytes, ...] = ()  # PNG or JPEG bytes, sent after the text
    schema_name: str = ""
    schema: Mapping[str, Any] | None = None  # JSON Schema of the reply, used unless the backend's mode is `off`
    max_tokens: int = 512
    temperature: float = 0.0


@runtime_checkable
class ChatBackend(Protocol):
    """One chat model. `provider` and `endpoint` identify the service for the judge's pin: `endpoint` is ""
    for a well-known service (or a local server on a random port) and the base URL otherwise.

    `complete` returns the reply's text or raises `BackendFailure`.
    """

    provider: str
    endpoint: str
    model: str
    structured: Structured
    vision: bool

    def complete(self, request: ChatRequest) -> str: ...


@dataclass(frozen=True)
class Backoff:
    """`retries` more tries after the first; the n-th waits `base_delay_s * factor**n`, capped, plus jitter.
    A server's `Retry-After` is honoured up to the cap."""

    retries: int = 4
    base_delay_s: float = 1.0
    factor: float = 2.0
    max_delay_s: float = 30.0
    jitter: float = 0.1
    _random: random.Random = field(default_factory=random.Random, repr=False, compare=False)

    def delay(self, n: int, retry_after: float | None = None) -> float:
        d = min(self.max_delay_s, self.base_delay_s * self.factor**n)
        if retry_after is not None:
            d = min(self.max_delay_s, max(d, retry_after))
        return d * (1 + self.jitter * self._random.random())
