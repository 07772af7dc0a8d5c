"""Host side of a session: talks to the session server (`_server.py`) over its stdin/stdout pipes.

Everything the server sends comes from inside the sandbox and is treated as untrusted: a frame that is too
large or malformed ends the session, never the host process.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import itertools
import json
import os
import signal
import struct
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from ._proc import Tail, tail_text
from .base import ExecResult, SandboxError
from .quota import watch_spec
from .session import SESSION_ENDED, SESSION_ENDED_EXIT, SessionSpec

HEADER = struct.Struct(">I")
SERVER_PATH = "/opt/worktrial/session-server.py"
_READY_S = 30.0
_MAX_FRAME = 64 << 20  # base64 of two 16 MiB tails and change; anything bigger is not from our server
_REPLY_GRACE_S = 30.0  # how long past a command's wall limit the server may take to report it
_PTY_BUFFER = 4 << 20  # unread terminal output kept; older output is dropped first

# (argv, env, cwd) as the caller wrote them -> as the server must run them (the local backend maps paths).
Prepare = Callable[[list[str], dict[str, str], str], tuple[list[str], dict[str, str], str]]


def _same(argv: list[str], env: dict[str, str], cwd: str) -> tuple[list[str], dict[str, str], str]:
    return argv, env, cwd


def server_source() -> str:
    from pathlib import Path

    return (Path(__file__).with_name("_server.py")).read_text(encoding="utf-8")


@dataclass
class _Pending:
    done: threading.Event = field(default_factory=threading.Event)
    reply: dict[str, Any] | None = None
    on_output: Callable[[int, bytes], None] | None = None


class _PtyChannel:
    """Host end of one pseudo-terminal; output arrives from the session's reader thread."""

    def __init__(self, session: ServerSession, rid: int) -> None:
        self._session = session
        self._rid = rid
        self._cond = threading.Condition()
        self._buf = bytearray()
        self.started = threading.Event()
        self.exit_code: int | None = None
        self.error = ""

    def _data(self, data: bytes) -> None:
        with self._cond:
            self._buf += data
            if len(self._buf) > _PTY_BUFFER:
                del self._buf[: len(self._buf) - _PTY_BUFFER]
            self._cond.notify_all()

    def _exit(self, code: int, error: str = "") -> None:
        with self._cond:
            if self.exit_code is None:
                self.exit_code, self.error = code, error
            self._cond.notify_all()
        self.started.set()

    def read(self, timeout: float | None = None) -> bytes:
        with self._cond:
            self._cond.wait_for(lambda: bool(self._buf) or self.exit_code is not None, timeout)
            data = bytes(self._buf)
            self._buf.clear()
            return data

    def write(self, data: bytes) -> None:
        if self.exit_code is None:
            self._session._send({"op": "pty_write", "id": self._rid, "data": base64.b64encode(data).decode()})

    def resize(self, rows: int, cols: int) -> None:
        if self.exit_code is None:
            self._session._send({"op": "pty_resize", "id": self._rid, "rows": int(rows), "cols": int(cols)})

    def wait(self, timeout: float | None = None) -> int | None:
        with self._cond:
            self._cond.wait_for(lambda: self.exit_code is not None, timeout)
            return self.exit_code

    def close(self) -> None:
        if self.exit_code is None:
            self._session._send({"op": "pty_close", "id": self._rid})


class ServerSession:
    """A running session server. Backends start its process; this speaks the protocol and owns its lifetime."""

    def __init__(
        self,
        proc: subprocess.Popen[bytes],
        spec: SessionSpec,
        base_env: dict[str, str],
        prepare: Prepare = _same,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self._proc = proc
        self._spec = spec
        self._base_env = base_env
        self._prepare = prepare
        self._on_close = on_close
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._pending: dict[int, _Pending] = {}
        self._ptys: dict[int, _PtyChannel] = {}
        self._closed = False
        self._ended = threading.Event()
        self._ready = threading.Event()
        self.stderr = Tail(64 << 10)  # the server's own complaints, for diagnostics
        self.ended_why = ""
        threading.Thread(target=self._read_stderr, args=(proc.stderr,), daemon=True).start()
        threading.Thread(target=self._read_frames, args=(proc.stdout,), daemon=True).start()
        if not self._ready.wait(_READY_S) or self._ended.is_set():
            why = self.stderr.text().strip()[-2000:] or self.ended_why or "no answer"
            self.close()
            raise SandboxError(f"the session sandbox did not start: {why}")
        self._timer = threading.Timer(spec.limits.wall_s, self._expire)
        self._timer.daemon = True
        self._timer.start()
        self._quota = watch_spec(spec, self._over_quota)

    # ------------------------------------------------------------------ Session

    @property
    def alive(self) -> bool:
        return not self._ended.is_set()

    @property
    def stopped(self) -> str:
        """Why the sandbox stopped the session early (its disk quota), or ""."""
        return self._quota.exceeded if self._quota is not None else ""

    def exec(
        self,
        argv: Sequence[str],
        *,
        stdin: bytes | None = None,
        env: dict[str, str] | None = None,
        cwd: str = "/workspace",
        wall_s: float = 600.0,
        output_bytes: int = 1_000_000,
        memory_mb: int | None = None,
        on_output: Callable[[int, bytes], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> ExecResult:
        if not argv:
            raise ValueError("exec needs a command")
        args, full_env, where = self._prepare([str(a) for a in argv], {**self._base_env, **(env or {})}, cwd)
        cap = self._spec.limits.memory_mb
        memory = memory_mb if cap is None or memory_mb is None else min(memory_mb, cap)
        request = {
            "op": "exec", "argv": args, "env": full_env, "cwd": where, "wall_s": float(wall_s),
            "output_bytes": int(output_bytes), "memory_mb": memory,
            "stdin": base64.b64encode(stdin).decode() if stdin else None, "stream": on_output is not None,
        }  # fmt: skip
        start = time.monotonic()
        reply = self._call(request, wall_s + _REPLY_GRACE_S, on_output, cancel)
        if reply is None:
            return ExecResult(SESSION_ENDED_EXIT, "", SESSION_ENDED, time.monotonic() - start)
        try:
            return ExecResult(
                int(reply["exit_code"]),
                tail_text(base64.b64decode(reply["stdout"]), int(reply["stdout_total"])),
                tail_text(base64.b64decode(reply["stderr"]), int(reply["stderr_total"])),
                float(reply["wall_s"]),
                bool(reply["timed_out"]),
            )
        except (KeyError, TypeError, ValueError, binascii.Error):
            self._end("the session server sent a malformed result")
            return ExecResult(SESSION_ENDED_EXIT, "", SESSION_ENDED, time.monotonic() - start)

    def spawn_pty(
        self,
        argv: Sequence[str],
        env: dict[str, str] | None = None,
        rows: int = 24,
        cols: int = 80,
        cwd: str = "/workspace",
    ) -> _PtyChannel:
        args, full_env, where = self._prepare(
            [str(a) for a in argv], {"TERM": "xterm-256color", **self._base_env, **(env or {})}, cwd
        )
        rid = next(self._ids)
        channel = _PtyChannel(self, rid)
        with self._lock:
            if self._ended.is_set():
                raise SandboxError("the session has ended")
            self._ptys[rid] = channel
        self._send({"op": "pty", "id": rid, "argv": args, "env": full_env, "cwd": where, "rows": rows, "cols": cols})
        if not channel.started.wait(_READY_S):
            raise SandboxError("the session did not start the terminal")
        if channel.error:
            raise SandboxError(f"cannot start {argv[0]!r} on a terminal: {channel.error}")
        if channel.exit_code is not None and not self.alive:
            raise SandboxError("the session has ended")
        return channel

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
        timer = getattr(self, "_timer", None)
        if timer is not None:
            timer.cancel()
        watch = getattr(self, "_quota", None)
        if watch is not None:
            watch.cancel()
        with contextlib.suppress(OSError, ValueError):
            self._send({"op": "shutdown"})
        with contextlib.suppress(OSError, ValueError):
            self._proc.stdin.close()  # type: ignore[union-attr]
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(timeout=2)
        # Under bwrap, our child is outside the namespace whose init dies with it: everything inside goes too.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._proc.pid, signal.SIGKILL)
        self._proc.wait()
        self._end("the session was closed")
        if self._on_close is not None:
            self._on_close()

    # ------------------------------------------------------------------ plumbing

    def _over_quota(self) -> None:
        assert self._quota is not None
        self.ended_why = self._quota.exceeded
        self.close()

    def _expire(self) -> None:
        self.ended_why = f"the session reached its {self._spec.limits.wall_s:g} s lifetime"
        self.close()

    def _call(
        self,
        request: dict[str, Any],
        timeout: float,
        on_output: Callable[[int, bytes], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> dict[str, Any] | None:
        rid = next(self._ids)
        pending = _Pending(on_output=on_output)
        with self._lock:
            if self._ended.is_set():
                return None
            self._pending[rid] = pending
        try:
            self._send({**request, "id": rid})
        except (OSError, ValueError):
            self._end("the session server's input is closed")
        if cancel is not None:
            threading.Thread(target=self._kill_on, args=(cancel, pending, rid), daemon=True).start()
        if not pending.done.wait(timeout):
            # A server that does not answer in time was stopped or wedged from inside: the session is over.
            self._end("the session server stopped answering")
            self.close()
        with self._lock:
            self._pending.pop(rid, None)
        return pending.reply

    def _kill_on(self, cancel: threading.Event, pending: _Pending, rid: int) -> None:
        """Kill request `rid`'s process group once `cancel` is set, unless it has finished by then."""
        while not pending.done.is_set():
            if cancel.wait(0.2):
                if not pending.done.is_set():
                    with contextlib.suppress(OSError):
                        self._send({"op": "kill", "id": rid})
                return

    def _send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message).encode()
        with self._send_lock:
            stdin = self._proc.stdin
            assert stdin is not None
            try:
                stdin.write(HEADER.pack(len(data)) + data)
                stdin.flush()
            except (BrokenPipeError, ValueError) as e:
                raise OSError("the session server is gone") from e

    def _end(self, why: str) -> None:
        with self._lock:
            if self._ended.is_set():
                return
            self.ended_why = self.ended_why or why
            self._ended.set()
            pending, ptys = list(self._pending.values()), list(self._ptys.values())
        for p in pending:
            p.done.set()
        for channel in ptys:
            channel._exit(SESSION_ENDED_EXIT, "" if channel.started.is_set() else why)
        self._ready.set()

    def _read_stderr(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while chunk := stream.read1(65536):  # type: ignore[attr-defined]
                self.stderr.add(chunk)

    def _read_frames(self, stream: IO[bytes]) -> None:
        try:
            while True:
                header = stream.read(HEADER.size)
                if len(header) < HEADER.size:
                    break
                (size,) = HEADER.unpack(header)
                if size > _MAX_FRAME:
                    self._end(f"the session server sent a {size}-byte frame")
                    break
                body = stream.read(size)
                if len(body) < size:
                    break
                message = json.loads(body)
                if not isinstance(message, dict):
                    raise ValueError("not an object")
                self._deliver(message)
        except (OSError, ValueError, TypeError, KeyError, binascii.Error):
            self._end("the session server sent something unreadable")
        self._end("the session server exited")

    def _deliver(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        if op == "ready":
            self._ready.set()
            return
        rid = int(message.get("id", -1))
        with self._lock:
            pending = self._pending.get(rid)
            channel = self._ptys.get(rid)
        if op == "result" and pending is not None:
            pending.reply = message
            pending.done.set()
        elif op == "output" and pending is not None and pending.on_output is not None:
            pending.on_output(2 if message.get("fd") == 2 else 1, base64.b64decode(str(message.get("data", ""))))
        elif channel is not None and op == "pty_started":
            channel.started.set()
        elif channel is not None and op == "pty_data":
            channel._data(base64.b64decode(str(message.get("data", ""))))
        elif channel is not None and op == "pty_exit":
            channel._exit(int(message.get("exit_code", 1)), str(message.get("error", "")))
            with self._lock:
                self._ptys.pop(rid, None)
