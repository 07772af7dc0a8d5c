"""Model providers: one small protocol over the OpenAI-compatible and Anthropic APIs, retries, prices, keys."""

from .anthropic_messages import AnthropicProvider
from .base import Message, ModelResponse, Provider, ProviderError, ToolCall, ToolChoice, ToolSpec, Usage
from .factory import ProviderOptions, make_provider, split_model_id
from .keys import find_key, keys_file
from .local import LocalProvider
from .openai_chat import OpenAIChatProvider
from .pricing import Price, PriceTable, price_table
from .retry import MalformedResponse, RetryPolicy

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
