"""`local/<model>`: the offline model on this machine's llama.cpp server (see `worktrial.agents.local_model`)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .base import Message, ModelResponse, ToolChoice, ToolSpec
from .retry import RetryPolicy

if TYPE_CHECKING:
    from .openai_chat import OpenAIChatProvider

# Sampled, but with a fixed seed: the same prompt gives the same answer.
SAMPLING: dict[str, Any] = {"temperature": 0.7, "seed": 7}


@dataclass
class LocalProvider:
    model_id: str
    name: str
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    timeout_s: float = 300.0
    _inner: OpenAIChatProvider | None = field(default=None, repr=False)

    async def _provider(self) -> OpenAIChatProvider:
        from ..local_model import shared_server  # the server module is loaded only when a local model is used
        from .openai_chat import OpenAIChatProvider  # so is the openai package

        server = await asyncio.to_thread(shared_server)
        if self._inner is None or self._inner.base_url != server.base_url:
            self._inner = OpenAIChatProvider(
                self.model_id,
                server.alias,
                "none",
                server.base_url,
                self.retry,
                self.timeout_s,
                native_tools=False,
                extra_body=dict(SAMPLING),
            )
        return self._inner

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        tool_choice: ToolChoice = "auto",
        max_tokens: int = 1024,
    ) -> ModelResponse:
        provider = await self._provider()
        return await provider.complete(messages, tools, tool_choice, max_tokens)

    async def aclose(self) -> None:
        if self._inner is not None:
            await self._inner.aclose()
