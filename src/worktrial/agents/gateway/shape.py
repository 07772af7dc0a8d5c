"""The request that goes upstream, and what of the stream coming back the harness should not see."""

from __future__ import annotations

import json
from typing import Any

from . import messages, responses
from .dialects import CHAT, RESPONSES, strip_server_tools
from .fit import fit_chat
from .upstream import Upstream

TOKEN_KEYS = ("max_tokens", "max_completion_tokens")


def upstream_body(up: Upstream, dialect: str, target: str, body: dict[str, Any], stream: bool) -> dict[str, Any]:
    """What goes upstream: translated to `target`, the trial's model, fitted and capped."""
    body = strip_server_tools(body)
    if target == dialect:
        b = {k: v for k, v in body.items() if k != "stream_options"}
    else:
        b = responses.to_chat(body) if dialect == RESPONSES else messages.to_chat(body)
    b["model"] = up.api_model
    b["stream"] = stream
    if target == CHAT:
        if stream:
            b["stream_options"] = {"include_usage": True}
        if up.context_tokens:
            b = fit_chat(b, up.context_tokens, up.max_tokens or 512)
        limits = [b.pop(k) for k in TOKEN_KEYS if k in b]
        limit = next((x for x in limits if x), None)
        if up.max_tokens:
            limit = min(int(limit or up.max_tokens), up.max_tokens)
        if limit:
            b[up.token_param] = limit
        b.update(up.extra)
    elif up.max_tokens:
        key = "max_output_tokens" if target == RESPONSES else "max_tokens"
        b[key] = min(int(b.get(key) or up.max_tokens), up.max_tokens)
    return b


def usage_only(data: str) -> bool:
    """A chat chunk that carries only usage (asked for by the gateway, not by the harness)."""
    if '"usage"' not in data:
        return False
    try:
        chunk = json.loads(data)
    except ValueError:
        return False
    return isinstance(chunk, dict) and not chunk.get("choices") and chunk.get("usage") is not None
