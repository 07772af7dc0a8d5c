"""The world door: reply status, hostile bytes, many connections at once, a cap on them, a safe shutdown."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from worktrial.sandbox import BwrapSandbox, ExecSpec, Limits, Mount
from worktrial.tasks.models import PilotConfig
from worktrial.world import MAX_CONNECTIONS, World, WorldService, clients_dir

PYTHON = shutil.which("python3") or sys.executable


@pytest.fixture
def sock(make_world: Callable[..., World], tmp_path: Path) -> Iterator[Path]:
    world = make_world(pilot=PilotConfig(max_runs=1, costs=[0.02]))
    folder = Path(os.path.realpath("/tmp")) / f"wt-door-{os.getpid()}-{tmp_path.name[-20:]}"
    folder.mkdir()
    folder.chmod(0o755)
    with WorldService(world, folder / "world.sock") as service:
        yield service.socket_path
    shutil.rmtree(folder, ignore_errors=True)


def ask(sock: Path, *args: str | bytes, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = {"PATH": os.environ["PATH"], "WORKTRIAL_WORLD": str(sock), "LANG": "C.UTF-8"}
    argv = [os.fsencode(a) if isinstance(a, str) else a for a in args]
    return subprocess.run([PYTHON.encode(), *argv], env=env, input=stdin, capture_output=True, timeout=30)


def script(name: str) -> str:
    return str(clients_dir() / name)


def as_json(result: subprocess.CompletedProcess[bytes]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(result.stdout)
    return reply


def test_every_reply_says_what_happened(sock: Path) -> None:
    cases = [
        (("alice", "What is the deadline?"), "answered", 0),
        (("alice", "Tell me a joke about penguins"), "fallback", 0),
        (("alice", "Why is the review threshold set like this?"), "gate_miss", 0),  # behind its gate
        (("carol", "Can I have the budget?"), "off_limits", 0),
        (("nobody", "hello?"), "refused", 1),
        (("alice", "   "), "refused", 2),  # ask itself refuses an empty message
        (("--now",), "answered", 0),
    ]
    for args, status, code in cases:
        result = ask(sock, script("ask"), "--json", *args)
        assert result.returncode == code, (args, result.stderr)
        if code != 2:
            assert as_json(result)["status"] == status, args
    pilot = ask(sock, script("pilot"), "--json")
    assert as_json(pilot)["status"] == "answered"
    again = ask(sock, script("pilot"), "--json")
    assert again.returncode == 1 and as_json(again)["status"] == "refused"


def test_away_and_out_of_patience_statuses(make_world: Callable[..., World], tmp_path: Path) -> None:
    world = make_world("w2", total_questions=1)
    assert world.ask("bob", "What columns does the export have?").status == "answered"
    assert world.ask("alice", "What is the deadline?").status == "out_of_patience"
    away = make_world("w3", start="2026-03-03T09:00")
    assert away.ask("bob", "What columns does the export have?").status == "away"


@pytest.mark.parametrize(
    "args, stdin",
    [
        ((b"alice", b"\xff\xfe binary \x80"), b""),  # not UTF-8: arrives as lone surrogates
        ((b"\xed\xa0\x80",), b""),  # an encoded lone surrogate as the person
        ((b"alice", b"-"), b"\x00\x01\xff\xfe\x80 not text"),  # binary on stdin
    ],
)
def test_any_bytes_get_a_clear_refusal(sock: Path, args: tuple[bytes, ...], stdin: bytes) -> None:
    for flags in ((), (b"--json",)):
        result = ask(sock, script("ask"), *flags, *args, stdin=stdin)
        assert result.returncode in (1, 2), result
        assert b"Traceback" not in result.stderr and b"internal error" not in result.stdout + result.stderr
        text = (result.stdout + result.stderr).decode("utf-8", "replace")
        assert "UTF-8" in text or "nobody called" in text or "usage" in text
    pilot = ask(sock, script("pilot"), b"\xff\xfe")
    assert pilot.returncode == 2 and b"Traceback" not in pilot.stderr and b"UTF-8" in pilot.stderr


def test_hostile_requests_on_the_socket_are_refused(sock: Path) -> None:
    for payload in (
        b'{"op": "ask", "to": "alice", "question": "\\udcff\\udcfe"}\n',
        b'{"op": "ask", "to": "\\ud800", "question": "hi"}\n',
        b"\xff\xfe\x00\x01\n",
        b'{"op": "wait", "duration": "\\udc80"}\n',
    ):
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(str(sock))
            s.sendall(payload)
            reply = json.loads(s.makefile("rb").readline())
        assert reply["ok"] is False and reply["status"] == "refused" and "internal" not in reply["error"]


def test_negative_wait_is_refused_by_ask_itself(sock: Path) -> None:
    for argv in (("--wait", "-1d"), ("--wait=-1d",), ("--json", "--wait", "-2h")):
        result = ask(sock, script("ask"), *argv)
        assert result.returncode == 1
        said = (result.stdout + result.stderr).decode()
        assert "negative" in said and "expected one argument" not in said


def test_many_simultaneous_connections_from_one_sandbox(sock: Path, tmp_path: Path) -> None:
    box = BwrapSandbox(uid=100_000 + os.getpid() % 1000 + 2)
    box.check()
    (tmp_path / "ws").mkdir()
    code = f"""
import json, select, socket, time
conns = []
for _ in range(120):
    s = socket.socket(socket.AF_UNIX)
    s.connect("/run/worktrial/world.sock")
    conns.append(s)
for s in conns:
    s.sendall(b'{{"op": "now"}}\\n')
ok = sum(json.loads(s.makefile("rb").readline())["ok"] for s in conns)
extra = []
for _ in range({MAX_CONNECTIONS} - 120 + 20):
    s = socket.socket(socket.AF_UNIX)
    s.connect("/run/worktrial/world.sock")
    extra.append(s)
time.sleep(1)
ready, _, _ = select.select(extra, [], [], 2)  # the refused ones got a line and were closed at once
refused = [json.loads(s.makefile("rb").readline()) for s in ready]
print(json.dumps({{"ok": ok, "refused": len(refused), "why": refused[0]["error"] if refused else ""}}))
"""
    spec = ExecSpec(["python3", "-c", code], workspace=tmp_path / "ws", mounts=[Mount(sock.parent, "/run/worktrial")],
                    limits=Limits(wall_s=60))  # fmt: skip
    result = box.run(spec)
    assert result.ok, result.stderr
    seen = json.loads(result.stdout)
    assert seen["ok"] == 120  # all served: a real backlog, one thread each
    assert seen["refused"] == 20 and "connections at once" in seen["why"]


def test_shutdown_survives_a_replaced_socket(make_world: Callable[..., World], tmp_path: Path) -> None:
    service = WorldService(make_world("w4"), tmp_path / "run" / "world.sock").start()
    service.socket_path.unlink()
    service.socket_path.mkdir()  # what a worker with write access might leave behind
    service.close()
    assert service.socket_path.is_dir()
