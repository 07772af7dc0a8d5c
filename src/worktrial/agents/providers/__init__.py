"""Model providers: one small protocol over the OpenAI-compatible and Anthropic APIs, retries, prices, keys.

The provider classes load their vendor's SDK, so they are imported on first use: a job of scripted agents (noop,
reference) never loads the openai or anthropic packages."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Message, ModelResponse, Provider, ProviderError, ToolCall, ToolChoice, ToolSpec, Usage
from .factory import ProviderOptions, make_provider, split_model_id
from .keys import find_key, keys_file
from .pricing import Price, PriceTable, price_table
from .retry import MalformedResponse, RetryPolicy

if TYPE_CHECKING:
    from .anthropic_messages import AnthropicProvider
    from .local import LocalProvider
    from .openai_chat import OpenAIChatProvider

_LAZY = {
    "AnthropicProvider": ".anthropic_messages",
    "LocalProvider": ".local",
    "OpenAIChatProvider": ".openai_chat",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "AnthropicProvider",
    "LocalProvider",
    "MalformedResponse",
    "Message",
    "ModelResponse",
    "OpenAIChatProvider",
    "Price",
    "PriceTable",
    "Provider",
    "ProviderError",
    "ProviderOptions",
    "RetryPolicy",
    "ToolCall",
    "ToolChoice",
    "ToolSpec",
    "Usage",
    "find_key",
    "keys_file",
    "make_provider",
    "price_table",
    "split_model_id",
]
