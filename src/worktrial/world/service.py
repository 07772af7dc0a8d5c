"""Per-trial world service: a threaded Unix-socket server in front of one `World`.

Protocol: one JSON object per line each way. Request fields: `op` (who, ask, wait, inbox, now, pilot), `to`
and `question` (ask), `duration` (wait). A reply is `{"ok", "status", "text", "now"}` (plus `people` for who).
Costs and fact ids stay on the host, in the ledger: the worker sees what a person would say, not the score.
A malformed request gets `{"ok": false, "status": "refused", "error": "<field>: <reason> (<fix>)"}` and the
server carries on. At most MAX_CONNECTIONS connections are served at once; more are refused with a message.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import socketserver
import stat
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from .people import Reply, World

log = logging.getLogger(__name__)

MAX_REQUEST_BYTES = 64 * 1024
OPS = ("who", "ask", "wait", "inbox", "now", "pilot")
FIELDS = ("op", "to", "question", "duration")
_SUN_PATH_MAX = 107  # bytes a Unix socket path may have on Linux
MAX_CONNECTIONS = 128  # served at once, one thread each; a further connection is refused without a thread
BACKLOG = 256  # connections the kernel queues before the server accepts them


def _error(text: str) -> dict[str, Any]:
    return {"ok": False, "status": "refused", "error": text}


def _is_text(value: str) -> bool:
    """Lone surrogates (bytes that were not UTF-8, smuggled through JSON escapes) are not text."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def handle_request(world: World, raw: bytes) -> dict[str, Any]:
    """Answer one request line; never raises for bad input."""
    try:
        request = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return _error('request: not valid JSON (send one JSON object per line, e.g. {"op": "who"})')
    if not isinstance(request, dict):
        return _error('request: not a JSON object (send e.g. {"op": "who"})')
    for name in request:
        if name not in FIELDS:
            return _error(f"{name}: unknown field (use only {', '.join(FIELDS)})")
    op = request.get("op")
    if op not in OPS:
        return _error(f"op: {'missing' if op is None else 'unknown value ' + repr(op)} (use one of {', '.join(OPS)})")
    for name in {"ask": ("to", "question"), "wait": ("duration",)}.get(op, ()):
        value = request.get(name)
        if not isinstance(value, str):
            why = "missing" if value is None else "must be a string"
            return _error(f"{name}: {why} (op {op} needs {name} as a string)")
    for name, value in request.items():
        if isinstance(value, str) and not _is_text(value):
            return _error(f"{name}: not valid UTF-8 text (send plain text)")
    reply = _dispatch(world, op, request)
    response: dict[str, Any] = {"ok": reply.ok, "status": reply.status, "text": reply.text, "now": reply.now}
    if op == "who":
        response["people"] = reply.people
    return response


def _dispatch(world: World, op: str, request: dict[str, Any]) -> Reply:
    if op == "ask":
        return world.ask(request["to"], request["question"])
    if op == "wait":
        return world.wait(request["duration"])
    if op == "inbox":
        return world.inbox()
    if op == "pilot":
        return world.pilot()
    if op == "now":
        return world.now()
    return world.who()


class _Server(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True
    request_queue_size = BACKLOG
    world: World
    on_time: Callable[[datetime], None] | None = None

    def __init__(self, path: str, handler: type[socketserver.BaseRequestHandler]) -> None:
        super().__init__(path, handler)
        self._active = 0
        self._count_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._count_lock:
            full = self._active >= MAX_CONNECTIONS
            if not full:
                self._active += 1
        if full:
            _refuse(request)
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self._release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._release()

    def _release(self) -> None:
        with self._count_lock:
            self._active -= 1


def _refuse(conn: socket.socket) -> None:
    """Tell an excess connection why it is closed, without blocking the accepting thread."""
    message = _error(f"server: more than {MAX_CONNECTIONS} connections at once (close some and try again)")
    with contextlib.suppress(OSError):
        conn.setblocking(False)
        conn.send((json.dumps(message) + "\n").encode())
    with contextlib.suppress(OSError):
        conn.close()


class _Handler(socketserver.StreamRequestHandler):
    timeout = 900  # seconds a silent client may hold a connection (a pilot can take minutes)
    server: _Server

    def handle(self) -> None:
        try:
            while True:
                line = self.rfile.readline(MAX_REQUEST_BYTES + 1)
                if not line:
                    return
                if len(line) > MAX_REQUEST_BYTES:
                    # The rest of an oversized line cannot be told apart from the next request: answer, close.
                    self._send(_error(f"request: larger than {MAX_REQUEST_BYTES // 1024} KiB (send a shorter one)"))
                    return
                if not line.strip():
                    continue
                try:
                    response = handle_request(self.server.world, line)
                except Exception:
                    log.exception("world request failed")
                    response = _error("server: internal error (try again; if it repeats, report it)")
                if self.server.on_time is not None:
                    # Before the reply: once `bin/ask --wait 2d` returns, clocks inside already show it.
                    self.server.on_time(self.server.world.clock.now)
                self._send(response)
        except OSError:
            return  # client went away or timed out; nothing to tell anyone

    def _send(self, response: dict[str, Any]) -> None:
        self.wfile.write((json.dumps(response, ensure_ascii=False) + "\n").encode("utf-8", errors="replace"))
        self.wfile.flush()


class WorldService:
    """Serve `world` on a Unix socket at `socket_path` from a background thread.

    `on_time` is called with the world's time after every request (a clock file follows it)."""

    def __init__(
        self,
        world: World,
        socket_path: str | os.PathLike[str],
        on_time: Callable[[datetime], None] | None = None,
    ) -> None:
        self.world = world
        self.socket_path = Path(socket_path)
        self.on_time = on_time
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> WorldService:
        if self._server is not None:
            return self
        path = self.socket_path
        if len(os.fsencode(path)) > _SUN_PATH_MAX:
            raise ValueError(f"socket path is {len(os.fsencode(path))} bytes; Unix sockets allow {_SUN_PATH_MAX}")
        path.parent.mkdir(parents=True, exist_ok=True)
        _open_directory(path.parent)
        if path.exists() or path.is_symlink():
            if not stat.S_ISSOCK(path.lstat().st_mode):
                raise FileExistsError(f"{path} exists and is not a socket")
            path.unlink()  # left over from a previous service of this trial
        server = _Server(str(path), _Handler)
        server.world = self.world
        server.on_time = self.on_time
        # The sandboxed worker runs under another uid; it must be able to connect.
        os.chmod(path, 0o666)
        self._server = server
        # A short poll interval keeps close() quick; an idle poll costs next to nothing.
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="world-service", daemon=True
        )
        self._thread.start()
        return self

    def close(self) -> None:
        server, self._server = self._server, None
        if server is None:
            return
        server.shutdown()
        server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        # Whatever is at the path now (a worker may have had write access to the folder) must not stop us.
        with contextlib.suppress(OSError):
            if stat.S_ISSOCK(self.socket_path.lstat().st_mode):
                self.socket_path.unlink()

    def __enter__(self) -> WorldService:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _open_directory(directory: Path) -> None:
    """Make the socket's directory 0755 when it is ours; never touch a shared sticky directory like /tmp."""
    info = directory.stat()
    if info.st_uid == os.getuid() and not info.st_mode & stat.S_ISVTX:
        directory.chmod(0o755)
