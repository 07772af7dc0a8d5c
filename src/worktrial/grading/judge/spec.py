"""Judges named by a spec, as jobs name them: `PROVIDER/MODEL[?key=value&...]`.

| spec | server | key |
|---|---|---|
| `local/smollm2` | the local llama.cpp server; the caller passes its `base_url` | none |
| `openai/<model>` | OpenAI, or `base_url=` | `OPENAI_API_KEY` |
| `openrouter/<vendor>/<model>` | OpenRouter | `OPENROUTER_API_KEY` |
| `openai-compatible/<model>` | `base_url=` or `$WORKTRIAL_JUDGE_BASE_URL` | `$WORKTRIAL_JUDGE_API_KEY`, optional |

`$WORKTRIAL_JUDGE_MODEL` names the judge when a job does not: a spec, or a bare model id served at
`$WORKTRIAL_JUDGE_BASE_URL` (then `openai-compatible/<id>`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import get_args
from urllib.parse import parse_qsl

from .backend import Backoff, Structured
from .errors import JudgeConfigError
from .llm import LLMJudge
from .openai_backend import OpenAIBackend

ENV_MODEL = "WORKTRIAL_JUDGE_MODEL"
ENV_BASE_URL = "WORKTRIAL_JUDGE_BASE_URL"
ENV_API_KEY = "WORKTRIAL_JUDGE_API_KEY"

PROVIDERS: dict[str, tuple[str | None, str | None]] = {  # provider → (default base URL, key variable)
    "local": (None, None),
    "openai": ("https://api.openai.com/v1", "OPENAI_API_KEY"),
    "openrouter": ("https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"),
    "openai-compatible": (None, None),
}
STRUCTURED: dict[str, Structured] = {
    "local": "json_object", "openai": "json_schema", "openrouter": "json_schema", "openai-compatible": "off",
}  # fmt: skip
OPTIONS = ("base_url", "structured", "vision", "retries", "retry_delay_s", "timeout_s", "max_text_chars")
LOCAL_TEXT_CHARS = 6000  # SmolLM2 is served with a 4096-token context, on two CPU threads


@dataclass(frozen=True)
class JudgeSpec:
    provider: str
    model: str
    options: dict[str, str]

    @property
    def text(self) -> str:
        query = "&".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.provider}/{self.model}" + (f"?{query}" if query else "")


def _number(spec: str, key: str, value: str, kind: Callable[[str], float]) -> float:
    try:
        n = kind(value)
    except ValueError:
        raise JudgeConfigError(f"judge {spec!r}: {key}={value!r} is not a number") from None
    if n < 0:
        raise JudgeConfigError(f"judge {spec!r}: {key} must not be negative")
    return n


def parse_spec(spec: str) -> JudgeSpec:
    """Check a spec without connecting to anything; JudgeConfigError says what is wrong."""
    head, _, query = spec.strip().partition("?")
    provider, _, model = head.partition("/")
    if provider not in PROVIDERS or not model:
        raise JudgeConfigError(f"judge {spec!r}: expected PROVIDER/MODEL with PROVIDER one of {', '.join(PROVIDERS)}")
    options = dict(parse_qsl(query, keep_blank_values=True))
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise JudgeConfigError(f"judge {spec!r}: unknown option {', '.join(unknown)} (known: {', '.join(OPTIONS)})")
    if options.get("structured", "off") not in get_args(Structured):
        raise JudgeConfigError(f"judge {spec!r}: structured is one of {', '.join(get_args(Structured))}")
    if options.get("vision", "1") not in ("0", "1", "true", "false"):
        raise JudgeConfigError(f"judge {spec!r}: vision is 0 or 1")
    for key, kind in (("retries", int), ("retry_delay_s", float), ("timeout_s", float), ("max_text_chars", int)):
        if key in options:
            _number(spec, key, options[key], kind)
    return JudgeSpec(provider, model, options)


def _structured(value: str) -> Structured:
    modes: dict[str, Structured] = {"off": "off", "json_object": "json_object", "json_schema": "json_schema"}
    return modes[value]  # checked by parse_spec


def spec_from_env(env: Mapping[str, str] = os.environ) -> str | None:
    """The judge `$WORKTRIAL_JUDGE_MODEL` names, or None."""
    model = env.get(ENV_MODEL, "").strip()
    if not model:
        return None
    return model if model.partition("/")[0] in PROVIDERS else f"openai-compatible/{model}"


def make_judge(
    spec: str,
    *,
    cache_dir: Path | None,
    base_url: str | Callable[[], str] | None = None,
    api_key: str | None = None,
    env: Mapping[str, str] = os.environ,
) -> LLMJudge:
    """The judge `spec` names. `base_url` is required for `local/*` (the caller starts that server) and
    overrides the spec's own; `api_key` overrides the environment. Answers are cached under `cache_dir`."""
    s = parse_spec(spec)
    default_url, key_var = PROVIDERS[s.provider]
    from_env = env.get(ENV_BASE_URL) if s.provider == "openai-compatible" else None
    url = base_url or s.options.get("base_url") or from_env
    if url is None and s.provider == "local":
        raise JudgeConfigError(f"judge {spec!r}: the local model's server must be started and its base URL given")
    if url is None and default_url is None:
        raise JudgeConfigError(f"judge {spec!r}: give base_url= or set ${ENV_BASE_URL}")
    key = api_key or env.get(ENV_API_KEY) or (env.get(key_var) if key_var else None)
    if key_var and not key:
        raise JudgeConfigError(f"judge {spec!r}: no API key; set {key_var} or ${ENV_API_KEY}")
    # The pin names the endpoint only where the provider does not already say which service answers.
    endpoint = "" if s.provider == "local" or url is None or url == default_url else str(url).rstrip("/")
    backend = OpenAIBackend(
        model=s.model,
        base_url=url or default_url,
        api_key=key,
        provider=s.provider,
        endpoint=endpoint,
        structured=_structured(s.options.get("structured", STRUCTURED[s.provider])),
        vision=s.options.get("vision", "0" if s.provider == "local" else "1") in ("1", "true"),
        timeout_s=float(s.options.get("timeout_s", 300 if s.provider == "local" else 120)),
    )
    backoff = Backoff(retries=int(s.options.get("retries", 4)), base_delay_s=float(s.options.get("retry_delay_s", 1.0)))
    limit = s.options.get("max_text_chars", str(LOCAL_TEXT_CHARS) if s.provider == "local" else "")
    return LLMJudge(backend, cache_dir=cache_dir, backoff=backoff, max_text_chars=int(limit) if limit else None)
