"""Process plumbing shared by the backends: clean env, bounded output, wall limit, group kill."""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

SANDBOX_PATH = "/workspace/bin:/usr/local/bin:/usr/bin:/bin"
TIMEOUT_EXIT = 124  # what coreutils `timeout` reports; callers also get `timed_out=True`
NOT_FOUND_EXIT = 127  # what a shell reports for an unknown command

_CHUNK = 65536
# After the main process is gone, stragglers holding the pipes get this long before we stop reading.
_DRAIN_GRACE_S = 1.0


def sandbox_env(extra: dict[str, str]) -> dict[str, str]:
    """The complete environment of a sandboxed command: nothing is inherited from the host."""
    env = {"PATH": SANDBOX_PATH, "HOME": "/tmp", "LANG": "C.UTF-8"}
    env.update(extra)
    return env


class Tail:
    """Keeps the last `cap` bytes of a stream and counts the rest, in bounded memory."""

    def __init__(self, cap: int) -> None:
        self.cap = max(cap, 0)
        self.total = 0
        self._buf = bytearray()

    def add(self, chunk: bytes) -> None:
        self.total += len(chunk)
        self._buf += chunk
        # Trimming only once the buffer doubles keeps the copying amortised.
        if len(self._buf) > 2 * self.cap + _CHUNK:
            del self._buf[: len(self._buf) - self.cap]

    def data(self) -> bytes:
        return bytes(self._buf[len(self._buf) - self.cap :]) if self.cap else b""

    def text(self) -> str:
        return tail_text(self.data(), self.total)


def tail_text(data: bytes, total: int) -> str:
    """The kept tail `data` of a stream of `total` bytes, as text, marked when something was dropped."""
    dropped = total - len(data)
    if dropped <= 0:
        return data.decode("utf-8", errors="replace")
    # A cut in the middle of a UTF-8 sequence would otherwise start the text with U+FFFD.
    skip = 0
    while skip < min(3, len(data)) and data[skip] & 0xC0 == 0x80:
        skip += 1
    return f"[... {dropped + skip} bytes dropped ...]\n" + data[skip:].decode("utf-8", errors="replace")


@dataclass
class RawRun:
    returncode: int
    stdout: Tail
    stderr: Tail
    wall_s: float
    timed_out: bool


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def run_bounded(
    argv: Sequence[str],
    *,
    env: dict[str, str],
    cwd: str,
    stdin: bytes | None,
    wall_s: float,
    output_bytes: int,
    pass_fds: Sequence[int] = (),
    user: int | None = None,
    preexec_fn: Callable[[], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> RawRun:
    """Run `argv` in a new session; kill the whole group at `wall_s` or once the leader exits.

    `on_start` gets the leader's pid as soon as it runs (e.g. to watch the command's disk use).

    Raises OSError if the program cannot be started at all.
    """
    start = time.monotonic()
    proc = subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
        start_new_session=True,
        close_fds=True,
        pass_fds=tuple(pass_fds),
        user=user,
        group=user,
        extra_groups=[] if user is not None else None,
        preexec_fn=preexec_fn,
    )
    assert proc.stdout is not None and proc.stderr is not None
    if on_start is not None:
        on_start(proc.pid)
    out, err = Tail(output_bytes), Tail(output_bytes)
    tails = {proc.stdout.fileno(): out, proc.stderr.fileno(): err}
    pending = memoryview(stdin or b"")
    sel = selectors.DefaultSelector()
    for fd in tails:
        os.set_blocking(fd, False)
        sel.register(fd, selectors.EVENT_READ)
    stdin_fd = -1
    if proc.stdin is not None:
        stdin_fd = proc.stdin.fileno()
        os.set_blocking(stdin_fd, False)
        sel.register(stdin_fd, selectors.EVENT_WRITE)
    pidfd: int | None = None
    with contextlib.suppress(AttributeError, OSError):  # no pidfd (old kernel, not Linux): poll instead
        pidfd = os.pidfd_open(proc.pid)
    if pidfd is not None:
        sel.register(pidfd, selectors.EVENT_READ)

    deadline = start + wall_s
    drain_until: float | None = None
    exited = timed_out = leader_gone = False
    try:
        while not exited or any(fd in tails for fd in sel.get_map()):
            now = time.monotonic()
            if drain_until is not None and now >= drain_until:
                break  # an escaped straggler still holds a pipe; what it writes later is lost
            if not exited and now >= deadline:
                timed_out = exited = True
                _kill_group(proc.pid)
                proc.wait()
                drain_until = time.monotonic() + _DRAIN_GRACE_S
                continue
            limit = drain_until if drain_until is not None else deadline
            if pidfd is None and not exited:
                limit = min(limit, now + 0.02)
            for key, _ in sel.select(max(limit - now, 0.0)):
                fd = int(key.fd)
                if fd in tails:
                    chunk = os.read(fd, _CHUNK)
                    if chunk:
                        tails[fd].add(chunk)
                    else:
                        sel.unregister(fd)
                elif fd == stdin_fd:
                    try:
                        pending = pending[os.write(fd, pending[:_CHUNK]) :]
                    except BrokenPipeError:
                        pending = pending[:0]  # the command does not want the rest of its input
                    if not pending:
                        sel.unregister(fd)
                        proc.stdin.close()  # type: ignore[union-attr]
                else:
                    sel.unregister(fd)
                    leader_gone = True
            if not exited and (leader_gone or (pidfd is None and proc.poll() is not None)):
                exited = True
                # Stragglers die with the leader. With a pidfd the leader is not reaped yet, so its
                # group id cannot have been reused by an unrelated process.
                _kill_group(proc.pid)
                proc.wait()
                drain_until = time.monotonic() + _DRAIN_GRACE_S
    finally:
        if not exited:
            _kill_group(proc.pid)
        proc.wait()
        sel.close()
        for f in (proc.stdin, proc.stdout, proc.stderr):
            if f is not None:
                f.close()
        if pidfd is not None:
            os.close(pidfd)
    rc = proc.returncode
    return RawRun(
        returncode=TIMEOUT_EXIT if timed_out else (128 - rc if rc < 0 else rc),
        stdout=out,
        stderr=err,
        wall_s=time.monotonic() - start,
        timed_out=timed_out,
    )
