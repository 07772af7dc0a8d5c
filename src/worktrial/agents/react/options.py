"""The `react` agent spec: `react:<model id>[?key=value&key=value...]`, parsed into ReactOptions."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..providers.factory import split_model_id
from ..providers.pricing import Price, price_table
from ..providers.retry import RetryPolicy

PREFIX = "react:"
FORCE_MODES = ("off", "required", "named")


@dataclass(frozen=True)
class ReactOptions:
    """Knobs of one react agent; `None` budgets mean the task's own (`env.budgets`)."""

    max_actions: int | None = None
    max_minutes: float | None = None
    max_usd: float | None = None
    force_tool: str = "off"  # off | required (any tool) | named (choose_tool, then that tool)
    context_tokens: int = 128_000
    compact_at: float = 0.8  # share of context_tokens at which old turns are compacted
    keep_last: int = 8  # messages at the end never compacted
    clip_chars: int = 12_000  # longest tool output kept in the conversation (head + tail)
    max_tokens: int = 4096  # per model call
    idle_turns: int = 3  # consecutive replies without a tool call before the agent is done
    command_timeout_s: float = 600.0
    base_url: str | None = None
    prices: str | None = None  # IN,OUT[,CACHE_READ,CACHE_WRITE] USD per 1M tokens, overrides the table
    retries: int = 5
    retry_delay_s: float = 1.0
    request_timeout_s: float = 300.0

    @property
    def retry(self) -> RetryPolicy:
        return RetryPolicy(retries=self.retries, base_delay_s=self.retry_delay_s)


LOCAL_DEFAULTS = ReactOptions(
    force_tool="named", context_tokens=4096, keep_last=6, clip_chars=1500, max_tokens=256, command_timeout_s=120.0
)


def _convert(value: str, kind: Any) -> Any:
    """`kind` is a field's annotation, a string under postponed evaluation."""
    if str(kind).startswith("int"):
        return int(value)
    if str(kind).startswith("float"):
        return float(value)
    return value


def parse_spec(spec: str) -> tuple[str, ReactOptions]:
    """(model id, options); ValueError with the reason when the spec is not usable."""
    body = spec.removeprefix(PREFIX)
    model_id, _, query = body.partition("?")
    kind, _ = split_model_id(model_id)
    opts = LOCAL_DEFAULTS if kind == "local" else ReactOptions()
    known = {f.name: f.type for f in fields(ReactOptions)}
    changes: dict[str, Any] = {}
    for item in filter(None, query.split("&")):
        key, eq, value = item.partition("=")
        if key not in known or not eq:
            raise ValueError(f"bad option {item!r} in {spec!r}: use key=value with key in {', '.join(known)}")
        try:
            changes[key] = _convert(value, known[key])
        except ValueError:
            raise ValueError(f"bad value for {key} in {spec!r}: {value!r}") from None
    opts = replace(opts, **changes)
    check_options(model_id, opts)
    return model_id, opts


def check_options(model_id: str, opts: ReactOptions) -> None:
    if opts.force_tool not in FORCE_MODES:
        raise ValueError(f"force_tool must be one of {', '.join(FORCE_MODES)}, not {opts.force_tool!r}")
    for name in ("max_actions", "max_minutes", "max_usd"):
        value = getattr(opts, name)
        if value is not None and value <= 0:
            raise ValueError(f"{name} must be positive")
    if opts.context_tokens < 512 or not 0.1 <= opts.compact_at <= 1 or opts.clip_chars < 200:
        raise ValueError("context_tokens >= 512, 0.1 <= compact_at <= 1 and clip_chars >= 200, please")
    if price_for(model_id, opts) is None:
        raise ValueError(
            f"no price for {model_id} in the price table (version {price_table().version}): "
            "add it to worktrial/data/prices.toml or pass prices=IN,OUT (USD per 1M tokens)"
        )


def price_for(model_id: str, opts: ReactOptions) -> Price | None:
    return Price.parse(opts.prices) if opts.prices else price_table().lookup(model_id)
