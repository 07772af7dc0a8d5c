"""The session server: runs INSIDE a sandbox (stdlib only, imports nothing of worktrial).

It reads framed JSON requests on stdin and writes framed JSON replies on stdout (4-byte big-endian length, then
UTF-8 JSON; bytes travel base64-encoded). Every command is its child, so it inherits the sandbox's namespaces,
rlimits and no_new_privs; each runs in its own process group. Requests (`id` chosen by the host):

  exec        argv, env, cwd, stdin (b64|null), wall_s, output_bytes, memory_mb|null, stream  -> result
              (with `stream`, output {fd, data} as the command writes, until its result)
  kill        id of a running exec: its process group is killed
  pty         argv, env, cwd, rows, cols  -> pty_data..., pty_exit
  pty_write   data (b64);  pty_resize  rows, cols;  pty_close
  shutdown    every process group started here is killed, then the server exits
"""

from __future__ import annotations

import base64
import contextlib
import ctypes
import fcntl
import json
import os
import selectors
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from typing import Any

HEADER = struct.Struct(">I")
MAX_REQUEST = 256 << 20
CHUNK = 65536
# After a command's main process exits, background children still holding its pipes get this long.
DRAIN_S = 0.25
TIMEOUT_EXIT = 124
NOT_FOUND_EXIT = 127
CANNOT_RUN_EXIT = 126


class Server:
    def __init__(self, out_fd: int) -> None:
        self.out_fd = out_fd
        self.lock = threading.Lock()
        self.groups: set[int] = set()  # every process group started here, for shutdown
        self.running: dict[int, int] = {}  # exec id -> process group
        self.ptys: dict[int, Pty] = {}

    def send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message).encode()
        frame = HEADER.pack(len(data)) + data
        with self.lock:
            view = memoryview(frame)
            while view:
                try:
                    view = view[os.write(self.out_fd, view) :]
                except BrokenPipeError:
                    os._exit(0)  # the host is gone: nobody to serve

    def kill_all(self) -> None:
        for pgid in list(self.groups):
            with contextlib.suppress(OSError):
                os.killpg(pgid, signal.SIGKILL)
        for pty in list(self.ptys.values()):
            pty.hangup()


class Tail:
    """The last `cap` bytes of a stream and how many there were in all."""

    def __init__(self, cap: int) -> None:
        self.cap = max(cap, 0)
        self.total = 0
        self.buf = bytearray()

    def add(self, chunk: bytes) -> None:
        self.total += len(chunk)
        self.buf += chunk
        if len(self.buf) > 2 * self.cap + CHUNK:
            del self.buf[: len(self.buf) - self.cap]

    def encoded(self) -> str:
        data = bytes(self.buf[len(self.buf) - self.cap :]) if self.cap else b""
        return base64.b64encode(data).decode()


def exit_code(returncode: int) -> int:
    return 128 - returncode if returncode < 0 else returncode


def start_failure(server: Server, rid: int, code: int, text: str) -> None:
    empty = base64.b64encode(b"").decode()
    err = base64.b64encode(text.encode()).decode()
    server.send({"op": "result", "id": rid, "exit_code": code, "stdout": empty, "stdout_total": 0,
                 "stderr": err, "stderr_total": len(text.encode()), "wall_s": 0.0, "timed_out": False})  # fmt: skip


def run_exec(server: Server, req: dict[str, Any]) -> None:
    rid = int(req["id"])
    argv = [str(a) for a in req["argv"]]
    cwd = str(req.get("cwd") or "/workspace")
    memory = req.get("memory_mb")
    if memory:
        argv = ["prlimit", f"--as={int(memory) << 20}", "--", *argv]
    stdin = base64.b64decode(req["stdin"]) if req.get("stdin") else b""
    start = time.monotonic()
    if not os.path.isdir(cwd):
        start_failure(server, rid, CANNOT_RUN_EXIT, f"worktrial: working directory does not exist: {cwd}\n")
        return
    try:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={str(k): str(v) for k, v in req.get("env", {}).items()},
            cwd=cwd,
            start_new_session=True,
            close_fds=True,
        )
    except FileNotFoundError as e:
        start_failure(server, rid, NOT_FOUND_EXIT, f"worktrial: {argv[0]}: command not found ({e.strerror})\n")
        return
    except OSError as e:
        start_failure(server, rid, CANNOT_RUN_EXIT, f"worktrial: cannot run {argv[0]}: {e.strerror or e}\n")
        return
    with server.lock:
        server.groups.add(proc.pid)
        server.running[rid] = proc.pid
    try:
        pump(server, rid, proc, stdin, start, float(req["wall_s"]), int(req["output_bytes"]), bool(req.get("stream")))
    finally:
        with server.lock:
            server.running.pop(rid, None)


def pump(server: Server, rid: int, proc: subprocess.Popen[bytes], stdin: bytes, start: float, wall: float,
         cap: int, stream: bool = False) -> None:  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    tails = {proc.stdout.fileno(): Tail(cap), proc.stderr.fileno(): Tail(cap)}
    out_fd, err_fd = proc.stdout.fileno(), proc.stderr.fileno()
    sel = selectors.DefaultSelector()
    for fd in tails:
        os.set_blocking(fd, False)
        sel.register(fd, selectors.EVENT_READ)
    pending = memoryview(stdin)
    stdin_fd = -1
    if proc.stdin is not None:
        stdin_fd = proc.stdin.fileno()
        os.set_blocking(stdin_fd, False)
        sel.register(stdin_fd, selectors.EVENT_WRITE)
    pidfd = -1
    with contextlib.suppress(AttributeError, OSError):
        pidfd = os.pidfd_open(proc.pid)
        sel.register(pidfd, selectors.EVENT_READ)
    deadline = start + wall
    drain_until: float | None = None
    timed_out = False
    while True:
        now = time.monotonic()
        if drain_until is not None and (now >= drain_until or not any(fd in tails for fd in sel.get_map())):
            break
        if drain_until is None and now >= deadline:
            timed_out = True
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
        if drain_until is None and (timed_out or (pidfd < 0 and proc.poll() is not None)):
            proc.wait()
            drain_until = time.monotonic() + DRAIN_S
            continue
        limit = drain_until if drain_until is not None else deadline
        if pidfd < 0 and drain_until is None:
            limit = min(limit, now + 0.02)
        for key, _ in sel.select(max(limit - now, 0.0)):
            fd = int(key.fd)
            if fd in tails:
                chunk = os.read(fd, CHUNK)
                if chunk:
                    tails[fd].add(chunk)
                    if stream:
                        which = 1 if fd == out_fd else 2
                        server.send({"op": "output", "id": rid, "fd": which, "data": base64.b64encode(chunk).decode()})
                else:
                    sel.unregister(fd)
            elif fd == stdin_fd:
                try:
                    pending = pending[os.write(fd, pending[:CHUNK]) :]
                except BrokenPipeError:
                    pending = pending[:0]
                if not pending:
                    sel.unregister(fd)
                    proc.stdin.close()  # type: ignore[union-attr]
            elif fd == pidfd:
                sel.unregister(fd)
                if drain_until is None:
                    proc.wait()
                    drain_until = time.monotonic() + DRAIN_S
    if pidfd >= 0:
        if pidfd in sel.get_map():
            sel.unregister(pidfd)
        os.close(pidfd)
    if proc.stdin is not None and stdin_fd in sel.get_map():
        sel.unregister(stdin_fd)
        proc.stdin.close()
    out, err = tails[out_fd], tails[err_fd]
    server.send({
        "op": "result", "id": rid, "exit_code": TIMEOUT_EXIT if timed_out else exit_code(proc.returncode),
        "stdout": out.encoded(), "stdout_total": out.total, "stderr": err.encoded(), "stderr_total": err.total,
        "wall_s": time.monotonic() - start, "timed_out": timed_out,
    })  # fmt: skip
    # Background children may still hold the pipes: keep reading (and dropping) so they never get SIGPIPE.
    while any(fd in tails for fd in sel.get_map()):
        for key, _ in sel.select():
            if not os.read(int(key.fd), CHUNK):
                sel.unregister(key.fd)
    sel.close()
    proc.stdout.close()
    proc.stderr.close()


class Pty:
    def __init__(self, server: Server, req: dict[str, Any]) -> None:
        self.server = server
        self.rid = int(req["id"])
        master, slave = os.openpty()
        self.master = master
        self.resize(int(req.get("rows", 24)), int(req.get("cols", 80)))
        # util-linux setsid makes the terminal the new session's controlling terminal (job control, ^C).
        argv = ["setsid", "--ctty", *[str(a) for a in req["argv"]]]
        try:
            self.proc = subprocess.Popen(
                argv, stdin=slave, stdout=slave, stderr=slave, close_fds=True, cwd=str(req.get("cwd") or "/workspace"),
                env={str(k): str(v) for k, v in req.get("env", {}).items()},
            )  # fmt: skip
        finally:
            os.close(slave)
        with server.lock:
            server.groups.add(self.proc.pid)

    def resize(self, rows: int, cols: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        with contextlib.suppress(OSError):
            while view:
                view = view[os.write(self.master, view) :]

    def hangup(self) -> None:
        for sig in (signal.SIGHUP, signal.SIGKILL):
            with contextlib.suppress(OSError):
                os.killpg(self.proc.pid, sig)
        # Right after the start, setsid may not have made its group yet: the process itself goes too (while
        # it is unreaped its pid cannot belong to anyone else).
        if self.proc.poll() is None:
            with contextlib.suppress(OSError):
                os.kill(self.proc.pid, signal.SIGKILL)

    def pump(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, CHUNK)
            except OSError:  # EIO: every holder of the terminal's other side is gone
                chunk = b""
            if not chunk:
                break
            self.server.send({"op": "pty_data", "id": self.rid, "data": base64.b64encode(chunk).decode()})
        code = exit_code(self.proc.wait())
        os.close(self.master)
        with self.server.lock:
            self.server.ptys.pop(self.rid, None)
        self.server.send({"op": "pty_exit", "id": self.rid, "exit_code": code})


def start_pty(server: Server, req: dict[str, Any]) -> None:
    try:
        pty = Pty(server, req)
    except OSError as e:
        server.send({"op": "pty_exit", "id": int(req["id"]), "exit_code": NOT_FOUND_EXIT, "error": str(e)})
        return
    with server.lock:
        server.ptys[pty.rid] = pty
    server.send({"op": "pty_started", "id": pty.rid})
    threading.Thread(target=pty.pump, daemon=True).start()


def dispatch(server: Server, req: dict[str, Any]) -> bool:
    """Handle one request; False once the server should stop."""
    op = req.get("op")
    rid = int(req.get("id", 0))
    if op == "exec":
        threading.Thread(target=run_exec, args=(server, req), daemon=True).start()
    elif op == "pty":
        start_pty(server, req)
    elif op in ("pty_write", "pty_resize", "pty_close"):
        with server.lock:
            pty = server.ptys.get(rid)
        if pty is None:
            return True
        if op == "pty_write":
            pty.write(base64.b64decode(req.get("data", "")))
        elif op == "pty_resize":
            pty.resize(int(req["rows"]), int(req["cols"]))
        else:
            pty.hangup()
    elif op == "kill":
        with server.lock:
            pgid = server.running.get(rid)
        if pgid is not None:
            with contextlib.suppress(OSError):
                os.killpg(pgid, signal.SIGKILL)
    elif op == "shutdown":
        return False
    return True


def read_exact(fd: int, n: int) -> bytes | None:
    buf = bytearray()
    while len(buf) < n:
        chunk = os.read(fd, n - len(buf))
        if not chunk:
            return None
        buf += chunk
    return bytes(buf)


def main() -> None:
    # The protocol pipes must reach no command: keep private copies, put /dev/null in their place.
    in_fd, out_fd = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    # Not dumpable: a command running under the same uid cannot open our fds or ptrace us.
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 4
    # A worktrial started as a shell's background job inherits SIGINT and SIGQUIT ignored, and every command here
    # would inherit that too: a worker's ^C in a terminal must reach its foreground command.
    for sig in (signal.SIGPIPE, signal.SIGINT, signal.SIGQUIT):
        signal.signal(sig, signal.SIG_DFL)
    server = Server(out_fd)
    server.send({"op": "ready", "pid": os.getpid()})
    try:
        while True:
            header = read_exact(in_fd, HEADER.size)
            if header is None:
                break
            (size,) = HEADER.unpack(header)
            body = read_exact(in_fd, size) if size <= MAX_REQUEST else None
            if body is None:
                break
            try:
                request = json.loads(body)
                keep = dispatch(server, request) if isinstance(request, dict) else True
            except (ValueError, KeyError, TypeError) as e:
                print(f"session server: bad request: {e}", file=sys.stderr)
                continue
            if not keep:
                break
    finally:
        server.kill_all()
        os._exit(0)


if __name__ == "__main__":
    main()
