"""A minimal HTTP/1.1 server side over asyncio streams: enough for JSON APIs and server-sent events.

Requests: a request line, headers, and a body of `Content-Length` bytes or `Transfer-Encoding: chunked`.
Connections are kept alive unless the client says `Connection: close`. Responses carry a length, or are
chunked (event streams).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import zlib
from dataclasses import dataclass
from typing import Any

MAX_HEADER_BYTES = 64 * 1024
MAX_BODY_BYTES = 64 * 1024 * 1024
REASONS = {
    200: "OK", 400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden",
    404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 413: "Payload Too Large",
    422: "Unprocessable Entity", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout",
}  # fmt: skip


class BadRequest(ValueError):
    """The bytes on the connection are not an HTTP/1.1 request this server accepts."""


@dataclass(frozen=True)
class Request:
    method: str
    path: str  # without the query string
    headers: dict[str, str]  # lower-case names
    body: bytes

    @property
    def keep_alive(self) -> bool:
        return self.headers.get("connection", "").lower() != "close"

    def json(self) -> Any:
        body, encoding = self.body, self.headers.get("content-encoding", "identity").lower()
        try:
            if encoding in ("gzip", "x-gzip"):
                body = gzip.decompress(body)
            elif encoding == "deflate":
                body = zlib.decompress(body)
            elif encoding != "identity":
                raise BadRequest(f"unsupported Content-Encoding {encoding!r}: send identity, gzip or deflate")
            return json.loads(body or b"null")
        except (ValueError, OSError, zlib.error) as e:
            raise BadRequest(f"the body is not JSON: {e}") from None


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    body = bytearray()
    while True:
        size_line = await reader.readuntil(b"\r\n")
        try:
            size = int(size_line.split(b";")[0].strip(), 16)
        except ValueError:
            raise BadRequest("bad chunk size") from None
        if size == 0:
            while (await reader.readuntil(b"\r\n")) != b"\r\n":  # trailers
                pass
            return bytes(body)
        if len(body) + size > MAX_BODY_BYTES:
            raise BadRequest("body too large")
        body += await reader.readexactly(size)
        await reader.readexactly(2)


async def read_request(reader: asyncio.StreamReader) -> Request | None:
    """The next request on the connection, or None when the client closed it between requests."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as e:
        if not e.partial.strip():
            return None
        raise BadRequest("the connection closed inside a request head") from None
    except asyncio.LimitOverrunError:
        raise BadRequest("request head too large") from None
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
        raise BadRequest(f"bad request line {lines[0][:100]!r}")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if line:
            name, sep, value = line.partition(":")
            if not sep:
                raise BadRequest(f"bad header line {line[:100]!r}")
            headers[name.strip().lower()] = value.strip()
    if "chunked" in headers.get("transfer-encoding", "").lower():
        body = await _read_chunked(reader)
    else:
        try:
            length = int(headers.get("content-length", "0"))
        except ValueError:
            raise BadRequest("bad Content-Length") from None
        if not 0 <= length <= MAX_BODY_BYTES:
            raise BadRequest("bad Content-Length")
        body = await reader.readexactly(length)
    return Request(parts[0].upper(), parts[1].split("?", 1)[0], headers, body)


def _head(status: int, headers: dict[str, str]) -> bytes:
    lines = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


class Responder:
    """Writes one response: `send` (whole body) or `start_stream` / `chunk` / `end_stream`."""

    def __init__(self, writer: asyncio.StreamWriter, keep_alive: bool) -> None:
        self.writer = writer
        self.keep_alive = keep_alive
        self.status = 0

    def _connection(self) -> str:
        return "keep-alive" if self.keep_alive else "close"

    async def send(
        self, status: int, body: bytes, content_type: str = "application/json", extra: dict[str, str] | None = None
    ) -> None:
        self.status = status
        headers = {"Content-Type": content_type, "Content-Length": str(len(body)), "Connection": self._connection()}
        self.writer.write(_head(status, {**headers, **(extra or {})}) + body)
        await self.writer.drain()

    async def send_json(self, status: int, data: Any, extra: dict[str, str] | None = None) -> None:
        await self.send(status, json.dumps(data).encode(), extra=extra)

    async def start_stream(self, status: int = 200, content_type: str = "text/event-stream") -> None:
        self.status = status
        headers = {
            "Content-Type": content_type,
            "Cache-Control": "no-cache",
            "Transfer-Encoding": "chunked",
            "Connection": self._connection(),
        }
        self.writer.write(_head(status, headers))
        await self.writer.drain()

    async def chunk(self, data: bytes) -> None:
        if data:
            self.writer.write(b"%x\r\n%s\r\n" % (len(data), data))
            await self.writer.drain()

    async def end_stream(self) -> None:
        self.writer.write(b"0\r\n\r\n")
        await self.writer.drain()
