"""OpenAI responses ⇄ chat completions, for upstreams that only speak chat (llama.cpp, vLLM, OpenRouter, ...).

Function tools map one to one; a `custom` (free-form) tool becomes a function with one string argument,
`input`; hosted tools (web search, file search, ...) are dropped. Reasoning items are dropped on the way up.
"""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

CUSTOM_ARG = "input"


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(p.get("text", "")) for p in content if isinstance(p, dict) and "text" in p)
    return "" if content is None else json.dumps(content)


def _content(content: Any) -> str | list[dict[str, Any]]:
    """A message's content: a plain string unless it holds images."""
    if not isinstance(content, list) or not any(
        isinstance(p, dict) and p.get("type") == "input_image" for p in content
    ):
        return _text_of(content)
    parts: list[dict[str, Any]] = []
    for p in content:
        if not isinstance(p, dict):
            continue
        if p.get("type") == "input_image" and p.get("image_url"):
            parts.append({"type": "image_url", "image_url": {"url": p["image_url"]}})
        elif "text" in p:
            parts.append({"type": "text", "text": str(p["text"])})
    return parts


def _call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def _item_call(item: dict[str, Any]) -> dict[str, Any] | None:
    kind, call_id = item.get("type"), str(item.get("call_id") or item.get("id") or "")
    if kind == "function_call":
        return _call(call_id, str(item.get("name", "")), str(item.get("arguments") or "{}"))
    if kind == "custom_tool_call":
        return _call(call_id, str(item.get("name", "")), json.dumps({CUSTOM_ARG: item.get("input", "")}))
    if kind == "local_shell_call":
        return _call(call_id, "local_shell", json.dumps(item.get("action") or {}))
    return None


def input_messages(body: dict[str, Any]) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    if body.get("instructions"):
        messages.append({"role": "system", "content": str(body["instructions"])})
    items = body.get("input")
    if isinstance(items, str):
        items = [{"type": "message", "role": "user", "content": items}]
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        kind = item.get("type", "message")
        call = _item_call(item)
        if kind == "message":
            role = {"developer": "system"}.get(str(item.get("role")), str(item.get("role", "user")))
            messages.append({"role": role, "content": _content(item.get("content"))})
        elif call is not None:
            last = messages[-1] if messages else None
            if last is not None and last["role"] == "assistant" and not isinstance(last.get("content"), list):
                last.setdefault("tool_calls", []).append(call)
            else:
                messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        elif str(kind).endswith("_call_output"):
            output = item.get("output")
            messages.append({"role": "tool", "tool_call_id": str(item.get("call_id", "")), "content": _text_of(output)})
    return messages


def _tools(tools: Any) -> tuple[list[dict[str, Any]], set[str]]:
    out: list[dict[str, Any]] = []
    custom: set[str] = set()
    for t in tools if isinstance(tools, list) else []:
        if not isinstance(t, dict):
            continue
        if t.get("type") == "function":
            fn = {"name": t.get("name"), "description": t.get("description", ""), "parameters": t.get("parameters")}
            out.append({"type": "function", "function": {k: v for k, v in fn.items() if v is not None}})
        elif t.get("type") == "custom":
            custom.add(str(t.get("name")))
            params = {"type": "object", "properties": {CUSTOM_ARG: {"type": "string"}}, "required": [CUSTOM_ARG]}
            out.append(
                {"type": "function", "function": {"name": t.get("name"), "description": t.get("description", ""),
                                                  "parameters": params}}
            )  # fmt: skip
    return out, custom


def custom_tool_names(body: dict[str, Any]) -> set[str]:
    return _tools(body.get("tools"))[1]


def to_chat(body: dict[str, Any]) -> dict[str, Any]:
    """A responses request as a (non-streaming) chat completions request."""
    chat: dict[str, Any] = {"model": body.get("model"), "messages": input_messages(body)}
    tools, _ = _tools(body.get("tools"))
    choice = body.get("tool_choice")
    if tools and choice != "none":
        chat["tools"] = tools
        if isinstance(choice, dict) and choice.get("name"):
            chat["tool_choice"] = {"type": "function", "function": {"name": choice["name"]}}
        elif choice in ("auto", "required"):
            chat["tool_choice"] = choice
        if isinstance(body.get("parallel_tool_calls"), bool):
            chat["parallel_tool_calls"] = body["parallel_tool_calls"]
    if body.get("max_output_tokens"):
        chat["max_tokens"] = body["max_output_tokens"]
    for key in ("temperature", "top_p"):
        if body.get(key) is not None:
            chat[key] = body[key]
    fmt = (body.get("text") or {}).get("format") if isinstance(body.get("text"), dict) else None
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
        schema = {k: fmt[k] for k in ("name", "schema", "strict", "description") if k in fmt}
        chat["response_format"] = {"type": "json_schema", "json_schema": schema}
    elif isinstance(fmt, dict) and fmt.get("type") == "json_object":
        chat["response_format"] = {"type": "json_object"}
    return chat


def _output_items(message: dict[str, Any], custom: set[str]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    text = message.get("content")
    if isinstance(text, str) and text:
        items.append({
            "type": "message", "id": f"msg_{uuid.uuid4().hex[:24]}", "status": "completed", "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": []}],
        })  # fmt: skip
    for n, tc in enumerate(message.get("tool_calls") or []):
        fn = tc.get("function") or {}
        name, args = str(fn.get("name", "")), str(fn.get("arguments") or "{}")
        call_id = str(tc.get("id") or f"call_{n}")
        if name in custom:
            try:
                value = json.loads(args).get(CUSTOM_ARG, "")
            except (ValueError, AttributeError):
                value = args
            items.append({"type": "custom_tool_call", "id": f"ctc_{uuid.uuid4().hex[:24]}", "status": "completed",
                          "call_id": call_id, "name": name, "input": str(value)})  # fmt: skip
        else:
            items.append({"type": "function_call", "id": f"fc_{uuid.uuid4().hex[:24]}", "status": "completed",
                          "call_id": call_id, "name": name, "arguments": args})  # fmt: skip
    return items


def from_chat(chat: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """A chat completion as the response object the responses API would have returned."""
    choice = (chat.get("choices") or [{}])[0]
    message = choice.get("message") or {}
    u = chat.get("usage") or {}
    prompt, completion = int(u.get("prompt_tokens") or 0), int(u.get("completion_tokens") or 0)
    cached = int((u.get("prompt_tokens_details") or {}).get("cached_tokens") or 0)
    cut = choice.get("finish_reason") == "length" and bool(request.get("max_output_tokens"))
    return {
        "id": f"resp_{uuid.uuid4().hex}",
        "object": "response",
        "created_at": int(chat.get("created") or time.time()),
        "status": "incomplete" if cut else "completed",
        "incomplete_details": {"reason": "max_output_tokens"} if cut else None,
        "error": None,
        "model": request.get("model") or chat.get("model"),
        "output": _output_items(message, custom_tool_names(request)),
        "parallel_tool_calls": request.get("parallel_tool_calls", True),
        "tool_choice": request.get("tool_choice", "auto"),
        "tools": request.get("tools") or [],
        "usage": {
            "input_tokens": prompt,
            "input_tokens_details": {"cached_tokens": cached},
            "output_tokens": completion,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": prompt + completion,
        },
    }


def stream_events(response: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The streaming events (type, payload) that deliver `response`, from `response.created` to `.completed`."""
    events: list[tuple[str, dict[str, Any]]] = []

    def emit(kind: str, **data: Any) -> None:
        events.append((kind, {"type": kind, "sequence_number": len(events), **data}))

    emit("response.created", response={**response, "status": "in_progress", "output": [], "usage": None})
    emit("response.in_progress", response={**response, "status": "in_progress", "output": [], "usage": None})
    for i, item in enumerate(response["output"]):
        if item["type"] == "message":
            text = item["content"][0]["text"]
            part = {"type": "output_text", "text": "", "annotations": []}
            emit("response.output_item.added", output_index=i, item={**item, "status": "in_progress", "content": []})
            emit("response.content_part.added", item_id=item["id"], output_index=i, content_index=0, part=part)
            emit("response.output_text.delta", item_id=item["id"], output_index=i, content_index=0, delta=text)
            emit("response.output_text.done", item_id=item["id"], output_index=i, content_index=0, text=text)
            emit("response.content_part.done", item_id=item["id"], output_index=i, content_index=0,
                 part={**part, "text": text})  # fmt: skip
        elif item["type"] == "function_call":
            emit("response.output_item.added", output_index=i,
                 item={**item, "status": "in_progress", "arguments": ""})  # fmt: skip
            args = item["arguments"]
            emit("response.function_call_arguments.delta", item_id=item["id"], output_index=i, delta=args)
            emit("response.function_call_arguments.done", item_id=item["id"], output_index=i, arguments=args)
        else:
            emit("response.output_item.added", output_index=i, item={**item, "status": "in_progress", "input": ""})
        emit("response.output_item.done", output_index=i, item=item)
    emit("response.incomplete" if response["status"] == "incomplete" else "response.completed", response=response)
    return events
