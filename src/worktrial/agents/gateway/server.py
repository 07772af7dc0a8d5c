"""The metering gateway: one per trial, on a Unix socket, in its own thread and event loop.

It answers chat completions, responses and messages requests (streamed or not), forwards them to the trial's
model with the host-side key, translating to chat completions where the upstream does not speak the
harness's dialect, and meters every call. Past the budget, or once the upstream failed for good, requests are
refused without reaching the upstream.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

import httpx2

from ..providers.retry import RetryPolicy
from . import messages, responses
from .dialects import CHAT, PATHS, RESPONSES, budget_status, error_body, served_by, usage_of
from .http import BadRequest, Request, Responder, read_request
from .meter import ERROR, GatewayMeter
from .shape import upstream_body, usage_only
from .sse import Decoder, encode
from .streams import UsageTracker, chat_chunks
from .upstream import Upstream, UpstreamClient, UpstreamError

log = logging.getLogger(__name__)
FINAL = {"x-should-retry": "false"}  # the official SDKs honour it: a refusal or a void trial is not worth a retry


class Gateway:
    """`with Gateway(upstream, meter, socket_path):` serves until the block ends (or `start()` / `stop()`)."""

    def __init__(
        self,
        upstream: Upstream,
        meter: GatewayMeter,
        socket_path: Path,
        retry: RetryPolicy | None = None,
        timeout_s: float = 300.0,
    ) -> None:
        self.upstream, self.meter, self.socket_path = upstream, meter, socket_path
        self.retry, self.timeout_s = retry or RetryPolicy(), timeout_s
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: asyncio.AbstractServer | None = None
        self._client: UpstreamClient | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def __enter__(self) -> Gateway:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        loop = asyncio.new_event_loop()
        ready = asyncio.run_coroutine_threadsafe(self._open(), loop)
        self._loop = loop
        self._thread = threading.Thread(target=loop.run_forever, name="worktrial-gateway", daemon=True)
        self._thread.start()
        try:
            ready.result(timeout=30)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self._close(), loop).result(timeout=30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=30)
        loop.close()
        self._loop = self._thread = None

    async def _open(self) -> None:
        self._client = UpstreamClient(self.upstream, self.retry, self.timeout_s)
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        self._server = await asyncio.start_unix_server(self._connection, path=str(self.socket_path), limit=1 << 20)
        os.chmod(self.socket_path, 0o666)  # the sandbox's user is not ours

    async def _close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._client is not None:
            await self._client.aclose()
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            while (request := await read_request(reader)) is not None:
                responder = Responder(writer, request.keep_alive)
                await self._handle(request, responder)
                if not request.keep_alive:
                    break
        except BadRequest as e:
            with contextlib.suppress(OSError):
                await Responder(writer, False).send_json(400, error_body(CHAT, "invalid_request_error", str(e)))
        except (OSError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass  # the harness went away, or the gateway is closing
        finally:
            writer.close()
            if task is not None:
                self._tasks.discard(task)

    async def _handle(self, request: Request, out: Responder) -> None:
        path = request.path if request.path.startswith("/v1/") else "/v1" + request.path
        if request.method == "GET" and path == "/v1/models":
            model = {"id": self.upstream.api_model, "object": "model", "owned_by": "worktrial", "created": 0}
            await out.send_json(200, {"object": "list", "data": [model]})
        elif request.method == "POST" and path == "/v1/messages/count_tokens":
            await out.send_json(200, {"input_tokens": max(1, len(request.body) // 4)})
        elif request.method == "POST" and path in PATHS:
            body = request.json()
            if not isinstance(body, dict):
                raise BadRequest("the body is not a JSON object")
            await self._call(PATHS[path], body, out)
        else:
            await out.send_json(404, error_body(CHAT, "not_found", f"no route {request.method} {request.path}"))

    async def _call(self, dialect: str, body: dict[str, Any], out: Responder) -> None:
        started = time.monotonic()
        stream = bool(body.get("stream"))
        refused = self.meter.admit()
        if refused:
            status = 502 if refused == ERROR else budget_status(dialect)
            why = self.meter.error if refused == ERROR else f"the trial's budget is spent ({refused})"
            self.meter.record("refused", dialect, "", status=status, stream=stream, detail=refused)
            kind = "upstream_error" if refused == ERROR else "insufficient_quota"
            await out.send_json(status, error_body(dialect, kind, why), FINAL)
            return
        target = dialect if dialect in self.upstream.native else CHAT
        meta: dict[str, Any] = {"stream": stream}
        try:
            if target == dialect and stream and self.upstream.stream_usage:
                await self._pass_stream(dialect, body, out, started, meta)
            else:
                await self._complete(dialect, target, body, out, started, meta)
        except UpstreamError as e:
            self.meter.fail(str(e))
            self.meter.record("failed", dialect, target, status=502, attempts=e.attempts, detail=str(e)[:500],
                              wall_s=time.monotonic() - started, **meta)  # fmt: skip
            if out.status == 0:
                error = error_body(dialect, "upstream_error", f"the model is unreachable: {e}")
                await out.send_json(502, error, FINAL)

    async def _complete(
        self, dialect: str, target: str, body: dict[str, Any], out: Responder, started: float, meta: dict[str, Any]
    ) -> None:
        assert self._client is not None
        answer = await self._client.post(target, upstream_body(self.upstream, dialect, target, body, stream=False))
        wall = time.monotonic() - started
        if answer.status >= 300 or not isinstance(answer.body, dict):
            self.meter.record("client_error", dialect, target, status=answer.status, attempts=answer.attempts,
                              detail=self.upstream.redact(answer.text[:500]), wall_s=wall, **meta)  # fmt: skip
            if target == dialect:
                await out.send(answer.status, answer.text.encode())
            else:
                message = self.upstream.redact(answer.text[:2000])
                await out.send_json(answer.status, error_body(dialect, "invalid_request_error", message))
            return
        reply = answer.body
        if target != dialect:
            reply = (responses.from_chat if dialect == RESPONSES else messages.from_chat)(answer.body, body)
        self.meter.record("ok", dialect, target, usage=usage_of(target, answer.body), served_by=served_by(answer.body),
                          attempts=answer.attempts, wall_s=wall, **meta)  # fmt: skip
        if not meta["stream"]:
            await out.send_json(200, reply)
            return
        await out.start_stream()
        if dialect == CHAT:
            include = bool((body.get("stream_options") or {}).get("include_usage"))
            for chunk in chat_chunks(reply, include):
                await out.chunk(encode(chunk))
            await out.chunk(encode("[DONE]"))
        else:
            events = (responses.stream_events if dialect == RESPONSES else messages.stream_events)(reply)
            for name, data in events:
                await out.chunk(encode(data, name))
        await out.end_stream()

    async def _pass_stream(
        self, dialect: str, body: dict[str, Any], out: Responder, started: float, meta: dict[str, Any]
    ) -> None:
        assert self._client is not None
        response, attempts = await self._client.open_stream(
            dialect, upstream_body(self.upstream, dialect, dialect, body, True)
        )
        if response.status_code >= 300:
            text = self.upstream.redact(response.content.decode("utf-8", "replace")[:500])
            wall = time.monotonic() - started
            self.meter.record("client_error", dialect, dialect, status=response.status_code, attempts=attempts,
                              detail=text, wall_s=wall, **meta)  # fmt: skip
            await out.send(response.status_code, response.content)
            return
        tracker, decoder = UsageTracker(dialect), Decoder()
        hide_usage = dialect == CHAT and not (body.get("stream_options") or {}).get("include_usage")
        detail = ""
        try:
            await out.start_stream()
            async for data in response.aiter_bytes():
                for event in decoder.feed(data):
                    tracker.feed(event)
                    if hide_usage and usage_only(event.data):
                        continue
                    await out.chunk(encode(event.data, event.event or None))
            await out.end_stream()
        except httpx2.HTTPError as e:
            detail = f"the upstream stream broke: {type(e).__name__}"
        except OSError:
            detail = "the harness closed the stream"
        finally:
            await response.aclose()
        if not detail and not tracker.done:
            detail = "the upstream stream ended early"
        self.meter.record("ok" if not detail else "failed", dialect, dialect, usage=tracker.usage,
                          served_by=tracker.model, attempts=attempts, detail=detail,
                          wall_s=time.monotonic() - started, **meta)  # fmt: skip
        if detail.startswith("the upstream"):
            raise OSError(detail)  # the harness's connection cannot be reused: close it
