"""Model ids → providers.

openai/<model>                  OpenAI (key OPENAI_API_KEY)
anthropic/<model>               Anthropic (key ANTHROPIC_API_KEY)
openrouter/<vendor>/<model>     OpenRouter (key OPENROUTER_API_KEY)
openai-compatible/<name>        any chat-completions server at base_url or $WORKTRIAL_BASE_URL
                                (optional key $WORKTRIAL_API_KEY)
local/smollm2                   SmolLM2-135M-Instruct on a llama.cpp server started here (extra `local`)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .base import Provider, ProviderError
from .keys import require_key
from .retry import RetryPolicy

OPENROUTER_URL = "https://openrouter.ai/api/v1"
KINDS = ("openai", "anthropic", "openrouter", "openai-compatible", "local")
LOCAL_MODELS = ("smollm2",)


@dataclass(frozen=True)
class ProviderOptions:
    base_url: str | None = None
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    timeout_s: float = 300.0


def split_model_id(model_id: str) -> tuple[str, str]:
    """(kind, rest); ValueError when the id cannot name a model."""
    kind, _, rest = model_id.partition("/")
    if kind not in KINDS or not rest:
        raise ValueError(f"bad model id {model_id!r}: use one of {', '.join(k + '/...' for k in KINDS)}")
    if kind == "openrouter" and "/" not in rest:
        raise ValueError(f"bad model id {model_id!r}: use openrouter/<vendor>/<model>")
    if kind == "local" and rest not in LOCAL_MODELS:
        raise ValueError(f"unknown local model {rest!r}: use one of {', '.join(LOCAL_MODELS)}")
    return kind, rest


def make_provider(model_id: str, options: ProviderOptions | None = None) -> Provider:
    """The provider for `model_id`. Raises ProviderError when a key or base URL is missing."""
    opts = options or ProviderOptions()
    try:
        kind, rest = split_model_id(model_id)
    except ValueError as e:
        raise ProviderError(str(e)) from None
    r, t = opts.retry, opts.timeout_s
    # The SDKs load only for the provider asked for (each takes a second or more to import).
    if kind == "anthropic":
        from .anthropic_messages import AnthropicProvider

        return AnthropicProvider(model_id, rest, require_key("anthropic"), opts.base_url, retry=r, timeout_s=t)
    if kind == "local":
        from .local import LocalProvider

        return LocalProvider(model_id, rest, opts.retry, opts.timeout_s)
    from .openai_chat import OpenAIChatProvider

    if kind == "openai":
        key = require_key("openai")
        return OpenAIChatProvider(model_id, rest, key, opts.base_url, r, t, token_param="max_completion_tokens")
    if kind == "openrouter":
        key = require_key("openrouter")
        url = opts.base_url or OPENROUTER_URL
        return OpenAIChatProvider(model_id, rest, key, url, r, t, headers={"X-Title": "worktrial"})
    if kind == "openai-compatible":
        server = opts.base_url or os.environ.get("WORKTRIAL_BASE_URL")
        if not server:
            raise ProviderError(f"{model_id}: no server: pass base_url=... or set WORKTRIAL_BASE_URL")
        key = os.environ.get("WORKTRIAL_API_KEY") or "none"
        return OpenAIChatProvider(model_id, rest, key, server, retry=r, timeout_s=t)
    raise ProviderError(f"bad model id {model_id!r}")  # split_model_id admits no other kind
