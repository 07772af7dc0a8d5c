"""Driving `worktrial workspace` as a person does: real CLI processes, a real daemon, a real sandbox."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
ENGAGEMENTS = REPO / "suites" / "engagements"
DELIVERABLES = REPO / "tests" / "fixtures" / "deliverables"


def wt(*args: str, stdin: bytes | None = None, timeout: float = 600) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "worktrial.cli", *args], input=stdin, capture_output=True, timeout=timeout
    )


def ws(home: Path, command: str, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """`worktrial workspace COMMAND --home HOME ARGS...`"""
    return wt("workspace", command, "--home", str(home), *args, stdin=stdin)


def text(res: subprocess.CompletedProcess[bytes]) -> str:
    return res.stdout.decode() + res.stderr.decode()


def start(home: Path, suite: Path, task: str, name: str = "ada") -> dict[str, Any]:
    res = wt("workspace", "start", task, "--suite", str(suite), "--name", name, "--home", str(home), "--json")
    assert res.returncode == 0, text(res)
    state: dict[str, Any] = json.loads(res.stdout)
    return state


def status(home: Path, ws_id: str) -> dict[str, Any]:
    res = ws(home, "status", ws_id, "--json")
    assert res.returncode == 0, text(res)
    got: dict[str, Any] = json.loads(res.stdout)
    return got


def refused(res: subprocess.CompletedProcess[bytes], *words: str) -> None:
    """A clear refusal: exit 2, a message with `words`, no traceback."""
    out = text(res)
    assert res.returncode == 2, out
    assert "Traceback" not in out
    for word in words:
        assert word in out, out


def running(marker: str) -> bool:
    """Whether a process whose command line holds `marker` runs on this machine (sandboxed ones included)."""
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and marker in (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode():
                return True
        except OSError:
            continue
    return False


def wait_for(predicate: Any, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


def shell_session(home: Path, ws_id: str, lines: list[bytes], settle_s: float = 3.0) -> tuple[str, int]:
    """Type `lines` into `workspace shell` on a real pseudo-terminal; what it printed and its exit code."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the CLI on a terminal, as a person runs it
        os.execv(
            sys.executable, [sys.executable, "-m", "worktrial.cli", "workspace", "shell", "--home", str(home), ws_id]
        )
    seen = bytearray()

    def read_for(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    seen.extend(os.read(fd, 4096))
                except OSError:
                    return

    read_for(settle_s)
    for line in lines:
        os.write(fd, line)
        read_for(settle_s)
    _, code = os.waitpid(pid, 0)
    os.close(fd)
    return seen.decode(errors="replace"), os.waitstatus_to_exitcode(code)
