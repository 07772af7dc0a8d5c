"""Anthropic messages ⇄ chat completions, for upstreams that do not speak messages (OpenAI, llama.cpp, ...).

Client tools map to functions; Anthropic's server tools (web search, code execution, ...) are dropped, and so
are thinking blocks on the way up.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

STOP_REASONS = {"stop": "end_turn", "length": "max_tokens", "tool_calls": "tool_use", "function_call": "tool_use"}


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("type") == "text")
    return ""


def _image(block: dict[str, Any]) -> dict[str, Any] | None:
    source = block.get("source") or {}
    if source.get("type") == "base64":
        url = f"data:{source.get('media_type', 'image/png')};base64,{source.get('data', '')}"
    elif source.get("type") == "url":
        url = str(source.get("url", ""))
    else:
        return None
    return {"type": "image_url", "image_url": {"url": url}}


def _user(blocks: list[Any]) -> list[dict[str, Any]]:
    """Tool results first (each its own `tool` message, as chat wants them right after the call), then the rest."""
    out: list[dict[str, Any]] = []
    parts: list[dict[str, Any]] = []
    for b in blocks:
        if not isinstance(b, dict):
            continue
        if b.get("type") == "tool_result":
            text = _text(b.get("content"))
            out.append({"role": "tool", "tool_call_id": str(b.get("tool_use_id", "")),
                        "content": ("[error] " if b.get("is_error") else "") + (text or "(no output)")})  # fmt: skip
        elif b.get("type") == "text":
            parts.append({"type": "text", "text": str(b.get("text", ""))})
        elif b.get("type") == "image" and (image := _image(b)) is not None:
            parts.append(image)
    if parts:
        plain = all(p["type"] == "text" for p in parts)
        content: Any = "\n".join(p["text"] for p in parts) if plain else parts
        out.append({"role": "user", "content": content})
    return out


def _assistant(blocks: list[Any]) -> dict[str, Any]:
    texts = [str(b.get("text", "")) for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
    calls = [
        {"id": str(b.get("id", "")), "type": "function",
         "function": {"name": str(b.get("name", "")), "arguments": json.dumps(b.get("input") or {})}}
        for b in blocks if isinstance(b, dict) and b.get("type") == "tool_use"
    ]  # fmt: skip
    message: dict[str, Any] = {"role": "assistant", "content": "".join(texts) or None}
    if calls:
        message["tool_calls"] = calls
    return message


def to_chat(body: dict[str, Any]) -> dict[str, Any]:
    """A messages request as a (non-streaming) chat completions request."""
    messages: list[dict[str, Any]] = []
    system = _text(body.get("system"))
    if system:
        messages.append({"role": "system", "content": system})
    for m in body.get("messages") or []:
        if not isinstance(m, dict):
            continue
        content = m.get("content")
        blocks = content if isinstance(content, list) else [{"type": "text", "text": str(content or "")}]
        if m.get("role") == "assistant":
            messages.append(_assistant(blocks))
        else:
            messages.extend(_user(blocks))
    chat: dict[str, Any] = {"model": body.get("model"), "messages": messages}
    if body.get("max_tokens"):
        chat["max_tokens"] = body["max_tokens"]
    for key in ("temperature", "top_p"):
        if body.get(key) is not None:
            chat[key] = body[key]
    if body.get("stop_sequences"):
        chat["stop"] = body["stop_sequences"]
    tools = [
        {"type": "function", "function": {"name": t["name"], "description": t.get("description", ""),
                                          "parameters": t["input_schema"]}}
        for t in body.get("tools") or [] if isinstance(t, dict) and "input_schema" in t and "name" in t
    ]  # fmt: skip
    choice = body.get("tool_choice") or {}
    if tools and choice.get("type") != "none":
        chat["tools"] = tools
        kind = choice.get("type", "auto")
        if kind == "tool":
            chat["tool_choice"] = {"type": "function", "function": {"name": choice.get("name")}}
        else:
            chat["tool_choice"] = "required" if kind == "any" else "auto"
        if choice.get("disable_parallel_tool_use"):
            chat["parallel_tool_calls"] = False
    return chat


def from_chat(chat: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """A chat completion as the message the messages API would have returned."""
    choice = (chat.get("choices") or [{}])[0]
    message = choice.get("message") or {}
    content: list[dict[str, Any]] = []
    if isinstance(message.get("content"), str) and message["content"]:
        content.append({"type": "text", "text": message["content"]})
    for n, tc in enumerate(message.get("tool_calls") or []):
        fn = tc.get("function") or {}
        try:
            args = json.loads(fn.get("arguments") or "{}")
        except ValueError:
            args = {"raw_arguments": fn.get("arguments")}
        content.append({"type": "tool_use", "id": str(tc.get("id") or f"toolu_{n}"), "name": str(fn.get("name", "")),
                        "input": args if isinstance(args, dict) else {"value": args}})  # fmt: skip
    u = chat.get("usage") or {}
    cached = int((u.get("prompt_tokens_details") or {}).get("cached_tokens") or 0)
    return {
        "id": f"msg_{uuid.uuid4().hex[:24]}",
        "type": "message",
        "role": "assistant",
        "model": request.get("model") or chat.get("model"),
        "content": content,
        "stop_reason": STOP_REASONS.get(str(choice.get("finish_reason")), "end_turn"),
        "stop_sequence": None,
        "usage": {
            "input_tokens": int(u.get("prompt_tokens") or 0) - cached,
            "output_tokens": int(u.get("completion_tokens") or 0),
            "cache_read_input_tokens": cached,
            "cache_creation_input_tokens": 0,
        },
    }


def stream_events(message: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The streaming events that deliver `message`, from `message_start` to `message_stop`."""
    usage = message["usage"]
    start = {**message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 0}}
    events: list[tuple[str, dict[str, Any]]] = [("message_start", {"type": "message_start", "message": start})]
    for i, block in enumerate(message["content"]):
        first: dict[str, Any]
        delta: dict[str, Any]
        if block["type"] == "text":
            first, delta = {"type": "text", "text": ""}, {"type": "text_delta", "text": block["text"]}
        else:
            first = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        events.append(("content_block_start", {"type": "content_block_start", "index": i, "content_block": first}))
        events.append(("content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}))
        events.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
    events.append((
        "message_delta",
        {"type": "message_delta", "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
         "usage": {"output_tokens": usage["output_tokens"]}},
    ))  # fmt: skip
    events.append(("message_stop", {"type": "message_stop"}))
    return events
