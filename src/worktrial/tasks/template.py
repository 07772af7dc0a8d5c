"""`{{param}}` templating: strict, so a missing parameter is an error, not an empty string."""

from __future__ import annotations

import re
from collections.abc import Mapping

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def render(text: str, params: Mapping[str, object]) -> str:
    """Fill every `{{name}}`; raises KeyError naming the first unknown one."""

    def sub(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in params:
            raise KeyError(name)
        value = params[name]
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    return PLACEHOLDER.sub(sub, text)
