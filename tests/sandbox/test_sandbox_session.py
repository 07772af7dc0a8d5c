"""Sessions: one long-lived sandbox whose commands share /tmp and background processes (docs/sandbox.md)."""

from __future__ import annotations

import os
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from worktrial.sandbox import (
    SESSION_ENDED_EXIT,
    BwrapSandbox,
    Limits,
    LocalSandbox,
    Mount,
    Sandbox,
    SandboxError,
    Session,
    SessionSpec,
)

BACKENDS = ["bwrap", "local"]


@pytest.fixture(params=BACKENDS)
def sandbox(request: pytest.FixtureRequest) -> Sandbox:
    if request.param == "local":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # it warns once per process, loudly
            return LocalSandbox()
    box = BwrapSandbox(uid=100_000 + os.getpid() % 1000)
    box.check()
    return box


@pytest.fixture
def session(sandbox: Sandbox, trial: Path) -> Iterator[Session]:
    s = sandbox.session(SessionSpec(workspace=trial / "workspace", limits=Limits(wall_s=120, memory_mb=1024)))
    yield s
    s.close()


def read_until(channel: object, needle: bytes, timeout: float = 10) -> bytes:
    out = b""
    deadline = time.monotonic() + timeout
    while needle not in out and time.monotonic() < deadline:
        out += channel.read(timeout=0.5)  # type: ignore[attr-defined]
    return out


def test_tmp_and_background_processes_outlive_a_command(session: Session, trial: Path) -> None:
    assert session.exec(["sh", "-c", "echo kept > /tmp/note"]).ok
    assert session.exec(["cat", "/tmp/note"]).stdout == "kept\n"
    # A background writer keeps running between commands and the command that started it returns at once.
    start = time.monotonic()
    bg = session.exec(["sh", "-c", "(while true; do date +%s%N >> /workspace/ticks; sleep 0.1; done) & echo started"])
    assert bg.stdout == "started\n" and time.monotonic() - start < 3
    time.sleep(0.6)
    ticks = (trial / "workspace" / "ticks").read_text().splitlines()
    assert len(ticks) >= 3
    assert session.exec(["sh", "-c", "wc -l < /workspace/ticks"]).ok
    session.close()
    assert not session.alive
    settled = (trial / "workspace" / "ticks").read_text()
    time.sleep(0.5)
    assert (trial / "workspace" / "ticks").read_text() == settled  # close() killed the writer


def test_a_child_holding_the_pipe_does_not_hold_the_command(session: Session) -> None:
    start = time.monotonic()
    r = session.exec(["sh", "-c", "sleep 30 & echo hi"])
    assert r.stdout == "hi\n" and r.exit_code == 0 and time.monotonic() - start < 3


def test_wall_limit_kills_the_commands_group_only(session: Session) -> None:
    session.exec(["sh", "-c", "sleep 300 > /dev/null 2>&1 & echo $! > /tmp/survivor"])
    start = time.monotonic()
    r = session.exec(["sh", "-c", "sleep 100 & sleep 100; echo never"], wall_s=1)
    assert r.timed_out and r.exit_code == 124 and "never" not in r.stdout
    assert time.monotonic() - start < 5
    # The background process of the earlier command was not in that group: it still runs.
    assert session.exec(["sh", "-c", "kill -0 $(cat /tmp/survivor)"]).ok


def test_output_is_bounded_to_its_tail_and_stdin_is_delivered(session: Session) -> None:
    r = session.exec(["python3", "-c", "print('x' * 50000 + 'END')"], output_bytes=1000)
    assert r.stdout.startswith("[... ") and r.stdout.rstrip().endswith("END") and len(r.stdout) < 1100
    big = b"line\n" * 40000  # larger than a pipe buffer
    assert session.exec(["wc", "-l"], stdin=big).stdout.strip() == "40000"


def test_concurrent_commands_run_at_once(session: Session) -> None:
    results: dict[int, str] = {}

    def one(i: int) -> None:
        results[i] = session.exec(["sh", "-c", f"sleep 1; echo {i}"]).stdout

    start = time.monotonic()
    threads = [threading.Thread(target=one, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {i: f"{i}\n" for i in range(4)}
    assert time.monotonic() - start < 3.5


def test_per_command_env_cwd_and_memory(session: Session, trial: Path) -> None:
    (trial / "workspace" / "sub").mkdir()
    r = session.exec(["sh", "-c", "echo $EXTRA; pwd"], env={"EXTRA": "yes"}, cwd="/workspace/sub")
    assert r.stdout.splitlines()[0] == "yes" and r.stdout.splitlines()[1].endswith("/sub")
    assert session.exec(["sh", "-c", "echo ${EXTRA:-unset}"]).stdout == "unset\n"
    alloc = ["python3", "-c", "b = bytearray(400 << 20); print('ok')"]
    assert session.exec(alloc).stdout == "ok\n"
    small = session.exec(alloc, memory_mb=200)
    assert small.exit_code != 0 and "MemoryError" in small.stderr
    missing = session.exec(["true"], cwd="/workspace/nope")
    assert missing.exit_code == 126 and "does not exist" in missing.stderr
    assert session.exec(["no-such-command"]).exit_code == 127


def test_killing_the_server_from_inside_ends_the_session_cleanly(session: Session) -> None:
    session.exec(["sh", "-c", "kill -9 $PPID"])
    later = session.exec(["echo", "hi"])
    assert later.exit_code == SESSION_ENDED_EXIT and "session has ended" in later.stderr
    assert not session.alive
    with pytest.raises(SandboxError):
        session.spawn_pty(["sh"])
    session.close()


def test_the_session_ends_at_its_lifetime(sandbox: Sandbox, trial: Path) -> None:
    s = sandbox.session(SessionSpec(workspace=trial / "workspace", limits=Limits(wall_s=1.5)))
    try:
        assert s.exec(["true"]).ok
        time.sleep(2.5)
        assert s.exec(["true"]).exit_code == SESSION_ENDED_EXIT
    finally:
        s.close()


def test_pty_round_trip(session: Session) -> None:
    pty = session.spawn_pty(["bash", "--norc", "--noprofile", "-i"], env={"PS1": "$ "}, rows=30, cols=100)
    pty.write(b"stty size; tty; echo $((6*7))\n")
    out = read_until(pty, b"42\r\n")
    assert b"30 100" in out and b"/dev/pts/" in out and b"42\r\n" in out
    pty.resize(40, 120)
    pty.write(b"stty size\n")
    assert b"40 120" in read_until(pty, b"40 120")
    pty.write(b"sleep 100\n")
    time.sleep(0.3)
    pty.write(b"\x03")  # ^C reaches the foreground job: the terminal is the shell's controlling terminal
    pty.write(b"echo after-interrupt\n")
    assert b"after-interrupt\r\n" in read_until(pty, b"after-interrupt\r\n")
    pty.write(b"exit 3\n")
    assert pty.wait(10) == 3
    other = session.spawn_pty(["sleep", "100"])
    other.close()
    assert other.wait(10) is not None


@pytest.mark.skipif(os.geteuid() != 0, reason="the isolation contract as root: unprivileged uid")
def test_the_session_keeps_the_one_shot_isolation_contract(trial: Path, echo_socket: Path) -> None:
    box = BwrapSandbox(uid=100_777)
    (trial / "workspace" / "input").mkdir()
    spec = SessionSpec(
        workspace=trial / "workspace", readonly=["input"], mounts=[Mount(echo_socket, "/run/worktrial")],
        env={"ONLY": "this"}, limits=Limits(wall_s=60),
    )  # fmt: skip
    s = box.session(spec)
    try:
        env = s.exec(["env"]).stdout.splitlines()
        assert sorted(line.split("=")[0] for line in env) == ["HOME", "LANG", "ONLY", "PATH", "PWD"]
        assert s.exec(["id", "-u"]).stdout == "100777\n"
        assert s.exec(["ls", str(trial / "hidden")]).exit_code != 0
        nics = "import socket; print(*[name for _, name in socket.if_nameindex()])"
        assert s.exec(["python3", "-c", nics]).stdout.split() == ["lo"]
        assert s.exec(["touch", "/workspace/input/x"]).exit_code != 0
        assert s.exec(["touch", "/workspace/ok"]).ok
        assert s.exec(["sh", "-c", "ls -ld /dev/shm /tmp | cut -c1-10"]).stdout.split() == ["drwxrwxrwt"] * 2
        assert s.exec(["sh", "-c", "ulimit -c"]).stdout.strip() == "0"
        # The world-socket folder is read-only: the socket cannot be swapped for anything else.
        assert s.exec(["sh", "-c", "rm /run/worktrial/world.sock || mkdir /run/worktrial/x"]).exit_code != 0
    finally:
        s.close()
