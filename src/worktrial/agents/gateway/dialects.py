"""The three API dialects a harness may speak, and what the gateway needs of each: usage and error bodies.

chat       OpenAI chat completions   POST /v1/chat/completions
responses  OpenAI responses          POST /v1/responses
messages   Anthropic messages        POST /v1/messages
"""

from __future__ import annotations

from typing import Any

from ..providers.base import Usage

CHAT, RESPONSES, MESSAGES = "chat", "responses", "messages"
PATHS = {"/v1/chat/completions": CHAT, "/v1/responses": RESPONSES, "/v1/messages": MESSAGES}
ENDPOINTS = {CHAT: "/chat/completions", RESPONSES: "/responses", MESSAGES: "/messages"}


def _int(data: Any, *keys: str) -> int:
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return int(data) if isinstance(data, int | float) else 0


def usage_of(dialect: str, body: Any) -> Usage:
    """Tokens of one complete answer; `input` excludes cached tokens, as everywhere in worktrial."""
    u = body.get("usage") if isinstance(body, dict) else None
    if not isinstance(u, dict):
        return Usage()
    if dialect == MESSAGES:
        return Usage(
            _int(u, "input_tokens"),
            _int(u, "output_tokens"),
            _int(u, "cache_read_input_tokens"),
            _int(u, "cache_creation_input_tokens"),
        )
    if dialect == RESPONSES:
        cached = _int(u, "input_tokens_details", "cached_tokens")
        return Usage(_int(u, "input_tokens") - cached, _int(u, "output_tokens"), cached, 0)
    cached = _int(u, "prompt_tokens_details", "cached_tokens")
    return Usage(_int(u, "prompt_tokens") - cached, _int(u, "completion_tokens"), cached, 0)


def error_body(dialect: str, kind: str, message: str) -> dict[str, Any]:
    """An error in the dialect's own shape. `kind` is an OpenAI error type; messages maps it to Anthropic's."""
    if dialect == MESSAGES:
        anthropic = {
            "insufficient_quota": "billing_error",
            "upstream_error": "api_error",
            "invalid_request_error": "invalid_request_error",
            "not_found": "not_found_error",
        }.get(kind, "api_error")
        return {"type": "error", "error": {"type": anthropic, "message": message}}
    return {"error": {"message": message, "type": kind, "code": kind, "param": None}}


def budget_status(dialect: str) -> int:
    """What a spent budget answers: OpenAI's 429 `insufficient_quota` (clients stop, they do not retry it), or
    402 for Anthropic clients (which retry every 429)."""
    return 402 if dialect == MESSAGES else 429


def served_by(body: Any) -> str:
    model = body.get("model") if isinstance(body, dict) else None
    return model if isinstance(model, str) else ""


# Tools the API provider itself would run (web search, remote MCP, code sandboxes): they would give the agent a
# way out of the sandbox, so the gateway never forwards them.
SERVER_TOOLS = ("web_search", "web_fetch", "file_search", "code_interpreter", "code_execution", "image_generation",
                "mcp")  # fmt: skip


def strip_server_tools(body: dict[str, Any]) -> dict[str, Any]:
    """`body` without provider-run tools (and Anthropic's `mcp_servers`)."""
    tools = body.get("tools")
    out = {k: v for k, v in body.items() if k != "mcp_servers"}
    if isinstance(tools, list):
        out["tools"] = [
            t for t in tools if not (isinstance(t, dict) and str(t.get("type", "")).startswith(SERVER_TOOLS))
        ]
        if not out["tools"]:
            del out["tools"]
            out.pop("tool_choice", None)
    return out
