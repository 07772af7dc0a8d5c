"""A real HTTP model server on 127.0.0.1 for tests: it answers each request from a script, speaking the
chat-completions or the messages wire format, and can fail the way remote APIs fail."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Status:
    """An HTTP error (or any status) with a JSON body."""

    code: int
    headers: dict[str, str] = field(default_factory=dict)
    message: str = ""


@dataclass(frozen=True)
class Slow:
    seconds: float
    then: Reply


@dataclass(frozen=True)
class Cut:
    """Close the connection without answering."""


@dataclass(frozen=True)
class Raw:
    body: bytes
    content_type: str = "application/json"


@dataclass(frozen=True)
class Json:
    body: dict[str, Any]


Reply = Status | Slow | Cut | Raw | Json
Script = Callable[[int, dict[str, Any]], Reply]


def openai_reply(
    text: str = "",
    calls: Sequence[tuple[str, dict[str, Any]]] = (),
    prompt_tokens: int = 10,
    completion_tokens: int = 5,
    cached: int = 0,
    n: int = 0,
) -> Json:
    tool_calls = [
        {"id": f"call_{n}_{i}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        for i, (name, args) in enumerate(calls)
    ]
    message: dict[str, Any] = {"role": "assistant", "content": text or None}
    if tool_calls:
        message["tool_calls"] = tool_calls
    return Json(
        {
            "id": f"chatcmpl-{n}",
            "object": "chat.completion",
            "created": 0,
            "model": "scripted-model",
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if tool_calls else "stop"}],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
                "prompt_tokens_details": {"cached_tokens": cached},
            },
        }
    )


def anthropic_reply(
    text: str = "",
    calls: Sequence[tuple[str, dict[str, Any]]] = (),
    usage: dict[str, int] | None = None,
    n: int = 0,
) -> Json:
    content: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    content += [{"type": "tool_use", "id": f"toolu_{n}_{i}", "name": k, "input": a} for i, (k, a) in enumerate(calls)]
    return Json(
        {
            "id": f"msg_{n}",
            "type": "message",
            "role": "assistant",
            "model": "scripted-claude",
            "content": content,
            "stop_reason": "tool_use" if calls else "end_turn",
            "stop_sequence": None,
            "usage": usage or {"input_tokens": 10, "output_tokens": 5},
        }
    )


class ModelServer:
    """`with ModelServer(script) as s:` … `s.url`, `s.requests` (path, headers, body of each request)."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.requests: list[tuple[str, dict[str, str], dict[str, Any]]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._server.block_on_close = False
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> ModelServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return None

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
                with owner._lock:
                    n = len(owner.requests)
                    owner.requests.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self._send(owner.script(n, body))

            def _send(self, reply: Reply) -> None:
                if isinstance(reply, Slow):
                    time.sleep(reply.seconds)
                    self._send(reply.then)
                elif isinstance(reply, Cut):
                    self.close_connection = True
                elif isinstance(reply, Status):
                    message = reply.message or f"scripted {reply.code}"
                    data = json.dumps({"error": {"message": message, "type": "scripted"}})
                    self._write(reply.code, data.encode(), "application/json", reply.headers)
                elif isinstance(reply, Raw):
                    self._write(200, reply.body, reply.content_type, {})
                else:
                    self._write(200, json.dumps(reply.body).encode(), "application/json", {})

            def _write(self, code: int, data: bytes, ctype: str, headers: dict[str, str]) -> None:
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", ctype)
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout test)
                    pass

        return Handler
