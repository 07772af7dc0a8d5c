"""External harness specs: `HARNESS:<model id>[?key=value&...]`, e.g. `codex:openai/gpt-5?max_usd=2`."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..providers.factory import split_model_id
from ..providers.pricing import Price, price_table
from ..providers.retry import RetryPolicy


@dataclass(frozen=True)
class ExternalOptions:
    """`None` budgets mean the task's own. `max_calls` (model calls through the gateway) defaults to the
    budget's `max_actions`: an external harness's tool calls are not counted before it ends, its model calls are."""

    max_actions: int | None = None
    max_minutes: float | None = None
    max_usd: float | None = None
    max_calls: int | None = None
    max_tokens: int | None = None  # cap on tokens generated per model call
    context_tokens: int | None = None  # fit prompts into this many tokens (local/*: the server's context)
    base_url: str | None = None
    prices: str | None = None
    retries: int = 5
    retry_delay_s: float = 1.0
    request_timeout_s: float = 300.0

    @property
    def retry(self) -> RetryPolicy:
        return RetryPolicy(retries=self.retries, base_delay_s=self.retry_delay_s)


NO_MODEL_OPTIONS = ("max_minutes",)


def _convert(value: str, kind: Any) -> Any:
    text = str(kind)
    if text.startswith("int"):
        return int(value)
    if text.startswith("float"):
        return float(value)
    return value


def parse_external_spec(spec: str) -> tuple[str, str, ExternalOptions]:
    """(harness, model id, options); ValueError with the reason when the spec is not usable."""
    harness, _, body = spec.partition(":")
    model_id, _, query = body.partition("?")
    if not model_id:
        raise ValueError(f"no model: use {harness}:<model id>, e.g. {harness}:openai/gpt-5")
    return harness, model_id, parse_options(model_id, query)


def parse_options(model_id: str | None, query: str) -> ExternalOptions:
    """`key=value&...` for a harness driving `model_id` through the gateway, or run without a model (None:
    then only time applies); ValueError with the reason."""
    if model_id is not None:
        split_model_id(model_id)
    known = {f.name: f.type for f in fields(ExternalOptions)}
    changes: dict[str, Any] = {}
    for item in filter(None, query.split("&")):
        key, eq, value = item.partition("=")
        if key not in known or not eq:
            raise ValueError(f"bad option {item!r}: use key=value with key in {', '.join(known)}")
        if model_id is None and key not in NO_MODEL_OPTIONS:
            raise ValueError(f"option {key} needs a model; without one only {', '.join(NO_MODEL_OPTIONS)} applies")
        try:
            changes[key] = _convert(value, known[key])
        except ValueError:
            raise ValueError(f"bad value for {key}: {value!r}") from None
    options = replace(ExternalOptions(), **changes)
    for name in ("max_actions", "max_minutes", "max_usd", "max_calls", "max_tokens", "context_tokens"):
        value = getattr(options, name)
        if value is not None and value <= 0:
            raise ValueError(f"{name} must be positive")
    if model_id is not None and price_for(model_id, options) is None:
        raise ValueError(
            f"no price for {model_id} in the price table (version {price_table().version}): "
            "add it to worktrial/data/prices.toml or pass prices=IN,OUT (USD per 1M tokens)"
        )
    return options


def price_for(model_id: str, options: ExternalOptions) -> Price | None:
    return Price.parse(options.prices) if options.prices else price_table().lookup(model_id)
