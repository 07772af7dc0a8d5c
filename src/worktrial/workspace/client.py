"""The client side of a workspace: start its daemon, then talk to it (commands, terminal, status, hand-in).

Only the standard library and the state folder's layout are imported here at module level, so that one
`worktrial workspace exec` costs little more than the interpreter's start.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from ..store.home import Home
from .protocol import SOCKET_NAME, Connection, b64, unb64
from .state import FINAL, LIVE, LOG, REQUEST, all_workspaces, find_workspace, make_folder, read_state, write_state
from .state import WorkspaceError as WorkspaceError

START_TIMEOUT_S = 300.0  # loading and linting the task, the first build of the clock library
STATUS_TIMEOUT_S = 10.0  # a live daemon answers at once; one that does not is wedged
EXIT_WORKSPACE = 2  # the workspace command itself failed (a command run inside exits with its own code)


def ended_message(state: dict[str, Any]) -> str:
    ws_id, what = state.get("id", "?"), state.get("state")
    if what == "failed":
        return f"workspace {ws_id} failed to start: {state.get('error') or 'see its daemon.log'}"
    if what == "stopped":
        return f"workspace {ws_id} was stopped (abandoned, not graded); start a new one"
    card = state.get("card") or {}
    score = card.get("score")
    how = "handed in" if what == "submitted" else "graded at its deadline"
    result = f"score {score:.3f}" if isinstance(score, int | float) else f"status {card.get('status', '?')}"
    return f"workspace {ws_id} was {how} ({result}); `worktrial workspace status {ws_id}` shows its card"


def dead_message(state: dict[str, Any]) -> str:
    ws_id = state.get("id", "?")
    return (
        f"workspace {ws_id} has no daemon any more (pid {state.get('pid', '?')} is gone): nothing more can run in "
        f"it; `worktrial workspace stop {ws_id}` records its trial as abandoned"
    )


def start(home: Home, ws_id: str, request_json: str, timeout_s: float = START_TIMEOUT_S) -> dict[str, Any]:
    """Write the request, start the daemon detached, and wait until its workspace is open (or failed)."""
    folder = make_folder(home, ws_id)
    (folder / REQUEST).write_text(request_json, encoding="utf-8")
    with (folder / LOG).open("ab") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "worktrial.workspace.daemon", str(home.root), ws_id],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            cwd=home.root,
            start_new_session=True,  # its own session: the terminal's hang-up or ^C does not reach it
        )
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        state = read_state(folder) or {}
        if state.get("state") == "open":
            return state
        if state.get("state") in FINAL:
            raise WorkspaceError(ended_message(state))
        if proc.poll() is not None:
            raise WorkspaceError(f"the workspace daemon exited at start (code {proc.returncode}): see {folder / LOG}")
        time.sleep(0.05)
    proc.terminate()
    raise WorkspaceError(f"the workspace did not open within {timeout_s:g} s: see {folder / LOG}")


@contextlib.contextmanager
def connect(home: Home, ws_id: str, timeout_s: float | None = None) -> Iterator[Connection]:
    """A connection to the live daemon of `ws_id`; WorkspaceError if it is unknown, finished or dead."""
    folder, state = find_workspace(home, ws_id)
    if state.get("state") in FINAL:
        raise WorkspaceError(ended_message(state))
    try:
        conn = Connection(folder / SOCKET_NAME, timeout_s)
    except OSError:
        now = read_state(folder) or state  # it may have finished while we looked
        raise WorkspaceError(ended_message(now) if now.get("state") in FINAL else dead_message(now)) from None
    with conn:
        yield conn


def reply(conn: Connection) -> dict[str, Any]:
    message = conn.recv()
    if message is None:
        raise WorkspaceError("the workspace daemon closed the connection without an answer (see its daemon.log)")
    if message.get("op") == "error":
        raise WorkspaceError(str(message.get("message")))
    return message


def status(home: Home, ws_id: str) -> dict[str, Any]:
    """The recorded state, with the live figures when the daemon answers; `dead` when it is gone."""
    return _status(home, *find_workspace(home, ws_id))


def _status(home: Home, folder: Path, state: dict[str, Any]) -> dict[str, Any]:
    ws_id = folder.name
    state.pop("brief", None)
    if state.get("state") not in LIVE:
        return state
    try:
        with connect(home, ws_id, STATUS_TIMEOUT_S) as conn:
            conn.send({"op": "status"})
            live: dict[str, Any] = reply(conn).get("status") or {}
            return live
    except WorkspaceError:
        now = read_state(folder) or state
        now.pop("brief", None)
        return now if now.get("state") in FINAL else {**now, "state": "dead"}
    except (OSError, ValueError):
        return {**state, "state": "dead", "error": "the daemon does not answer"}


def listing(home: Home) -> list[dict[str, Any]]:
    """Every workspace, open or finished, as `status` shows it."""
    return [_status(home, folder, state) for folder, state in all_workspaces(home)]


def run_command(home: Home, ws_id: str, op: dict[str, Any], out: IO[bytes], err: IO[bytes]) -> int:
    """Send `op` (exec or files) and copy what comes back to `out` and `err`; the command's exit code."""
    with connect(home, ws_id) as conn:
        conn.send(op)
        while True:
            message = reply(conn)
            kind = message.get("op")
            if kind == "output":
                stream = out if message.get("fd") == 1 else err
                stream.write(unb64(message.get("data")))
                stream.flush()
            elif kind == "exit":
                return int(message.get("code", 1))


def exec_command(home: Home, ws_id: str, argv: list[str], stdin: bytes | None, timeout_s: float | None) -> int:
    op = {"op": "exec", "argv": argv, "stdin": b64(stdin) if stdin else None, "timeout_s": timeout_s}
    return run_command(home, ws_id, op, sys.stdout.buffer, sys.stderr.buffer)


def submit(home: Home, ws_id: str) -> dict[str, Any]:
    """Hand in and wait for the score card (grading runs the delivered work on unseen data: minutes at most)."""
    with connect(home, ws_id) as conn:
        conn.send({"op": "submit"})
        return reply(conn)


def stop(home: Home, ws_id: str) -> dict[str, Any]:
    """Abandon the workspace; a dead daemon's trial is recorded as abandoned here, once its job lock is free."""
    folder, state = find_workspace(home, ws_id)
    if state.get("state") in LIVE:
        try:
            with connect(home, ws_id) as conn:
                conn.send({"op": "stop"})
                return reply(conn)
        except WorkspaceError:
            state = read_state(folder) or state
            if state.get("state") not in LIVE:
                raise
    if state.get("state") in FINAL:
        raise WorkspaceError(ended_message(state))
    return _record_dead(home, folder, state)


def _record_dead(home: Home, folder: Path, state: dict[str, Any]) -> dict[str, Any]:
    from ..run import JobBusy, claim_job
    from ..store import Store, store_url

    ws_id = folder.name
    store = Store(store_url(home, None))
    try:
        lock = claim_job(store, ws_id)
    except JobBusy as e:
        raise WorkspaceError(f"workspace {ws_id}: its daemon still owns the job ({e.holder})") from None
    try:
        trial = state.get("trial")
        if trial:
            store.abandon_trial(trial, "the workspace daemon died before hand-in", str(state.get("attempt_dir", "")))
        if store.job(ws_id) is not None:
            store.finish_job(ws_id)
        state.update(state="stopped", error="the daemon died before hand-in")
        write_state(folder, state)
    finally:
        lock.release()
    return {"op": "stopped", "state": "stopped"}


def files(home: Home, ws_id: str, path: str | None) -> int:
    return run_command(home, ws_id, {"op": "files", "path": path}, sys.stdout.buffer, sys.stderr.buffer)


def shell(home: Home, ws_id: str) -> int:
    """An interactive shell in the session, relayed from this terminal (which must be one)."""
    import termios
    import tty

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise WorkspaceError(
            "workspace shell needs a terminal on stdin and stdout; without one use "
            f"`worktrial workspace exec {ws_id} -- COMMAND`"
        )
    cols, rows = os.get_terminal_size(sys.stdout.fileno())
    with connect(home, ws_id) as conn:
        conn.send({"op": "shell", "rows": rows, "cols": cols})
        reply(conn)  # started
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        resized = [False]

        def on_winch(*_: object) -> None:
            resized[0] = True

        previous = signal.signal(signal.SIGWINCH, on_winch)
        tty.setraw(fd)
        try:
            return _relay(conn, fd, resized)
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            signal.signal(signal.SIGWINCH, previous)


def _relay(conn: Connection, fd: int, resized: list[bool]) -> int:
    out = sys.stdout.buffer
    watched: list[Any] = [fd, conn]
    while True:
        if resized[0]:
            resized[0] = False
            cols, rows = os.get_terminal_size(sys.stdout.fileno())
            conn.send({"op": "resize", "rows": rows, "cols": cols})
        try:
            ready = [conn] if conn.pending() else select.select(watched, [], [], 0.5)[0]
        except InterruptedError:
            continue
        if fd in ready:
            data = os.read(fd, 4096)
            if data:
                conn.send({"op": "data", "data": b64(data)})
            else:  # our terminal closed: hang up theirs
                watched.remove(fd)
                conn.sock.shutdown(socket.SHUT_WR)
        if conn in ready:
            message = conn.recv()
            if message is None:
                return 1
            if message.get("op") == "data":
                out.write(unb64(message.get("data")))
                out.flush()
            elif message.get("op") == "exit":
                return int(message.get("code", 0))
