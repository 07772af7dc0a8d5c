"""API keys: from the environment, else from `~/.config/worktrial/keys.toml`. Never logged or echoed.

keys.toml holds one line per service, by the service's name or its variable's name:

    openai = "sk-..."
    ANTHROPIC_API_KEY = "sk-ant-..."
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from .base import ProviderError

ENV = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY", "openrouter": "OPENROUTER_API_KEY"}


def keys_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "worktrial" / "keys.toml"


def _from_file(service: str, var: str) -> str | None:
    path = keys_file()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, tomllib.TOMLDecodeError) as e:
        # The message names the file and the kind of problem only: a parse error may quote the key itself.
        raise ProviderError(f"cannot read {path} ({type(e).__name__}); fix or remove it") from None
    for name in (service, var):
        value = data.get(name)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


def find_key(service: str) -> str | None:
    var = ENV[service]
    value = os.environ.get(var, "").strip()
    return value or _from_file(service, var)


def require_key(service: str) -> str:
    key = find_key(service)
    if key is None:
        hint = f'set {ENV[service]} or add `{service} = "..."` to {keys_file()}'
        raise ProviderError(f"no API key for {service}: {hint}")
    return key
