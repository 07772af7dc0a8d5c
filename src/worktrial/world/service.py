"""Per-trial world service: a threaded Unix-socket server in front of one `World`.

Protocol: one JSON object per line each way. Request fields: `op` (who, ask, wait, inbox, now, pilot), `to`
and `question` (ask), `duration` (wait). A reply is `{"ok", "text", "now"}` (plus `people` for who). Costs
and fact ids stay on the host, in the ledger: the worker sees what a person would say, not the score.
A malformed request gets `{"ok": false, "error": "<field>: <reason> (<fix>)"}` and the server carries on.
"""

from __future__ import annotations

import json
import logging
import os
import socketserver
import stat
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

from .people import Reply, World

log = logging.getLogger(__name__)

MAX_REQUEST_BYTES = 64 * 1024
OPS = ("who", "ask", "wait", "inbox", "now", "pilot")
FIELDS = ("op", "to", "question", "duration")
_SUN_PATH_MAX = 107  # bytes a Unix socket path may have on Linux


def _error(text: str) -> dict[str, Any]:
    return {"ok": False, "error": text}


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
    reply = _dispatch(world, op, request)
    response: dict[str, Any] = {"ok": reply.ok, "text": reply.text, "now": reply.now}
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
    world: World


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
                self._send(response)
        except OSError:
            return  # client went away or timed out; nothing to tell anyone

    def _send(self, response: dict[str, Any]) -> None:
        self.wfile.write((json.dumps(response, ensure_ascii=False) + "\n").encode("utf-8"))
        self.wfile.flush()


class WorldService:
    """Serve `world` on a Unix socket at `socket_path` from a background thread."""

    def __init__(self, world: World, socket_path: str | os.PathLike[str]) -> None:
        self.world = world
        self.socket_path = Path(socket_path)
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
        self.socket_path.unlink(missing_ok=True)

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
