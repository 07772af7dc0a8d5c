from __future__ import annotations

import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from worktrial.tasks.models import PilotConfig
from worktrial.world import MAX_REQUEST_BYTES, World, WorldService, clients_dir

PYTHON = shutil.which("python3") or sys.executable


@pytest.fixture
def service(make_world: Callable[..., World], tmp_path: Path) -> Iterator[WorldService]:
    world = make_world(pilot=PilotConfig(max_runs=1, costs=[0.02]))
    with WorldService(world, tmp_path / "run" / "world.sock") as svc:
        yield svc


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "workspace" / "bin"
    bin_dir.mkdir(parents=True)
    for name in ("ask", "pilot"):
        shutil.copy2(clients_dir() / name, bin_dir / name)
    return bin_dir.parent


def run(workspace: Path, sock: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WORKTRIAL_WORLD": str(sock)}
    return subprocess.run(
        [PYTHON, *args], cwd=workspace, env=env, input=stdin, capture_output=True, text=True, timeout=30
    )


def raw(sock: Path, payload: bytes) -> dict[str, Any]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(str(sock))
        s.sendall(payload)
        data = b""
        while not data.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    result: dict[str, Any] = json.loads(data)
    return result


def test_clients_are_executable_scripts() -> None:
    for name in ("ask", "pilot"):
        path = clients_dir() / name
        assert path.read_text().startswith("#!/usr/bin/env python3\n")
        assert path.stat().st_mode & stat.S_IXUSR


def test_socket_is_open_to_other_users(service: WorldService) -> None:
    assert stat.S_IMODE(service.socket_path.stat().st_mode) == 0o666
    assert stat.S_IMODE(service.socket_path.parent.stat().st_mode) == 0o755


def test_ask_script_end_to_end(service: WorldService, workspace: Path) -> None:
    sock = service.socket_path
    who = run(workspace, sock, "bin/ask", "--who")
    assert who.returncode == 0 and "Alice Marsh" in who.stdout and "0.1" not in who.stdout

    answer = run(workspace, sock, "bin/ask", "alice", "What", "is", "the", "deadline?")
    assert answer.returncode == 0 and answer.stdout.startswith("answer:deadline")

    piped = run(workspace, sock, "bin/ask", "bob", "-", stdin="What columns does the\nexport have?\n")
    assert piped.returncode == 0 and piped.stdout.startswith("answer:export")

    as_json = json.loads(run(workspace, sock, "bin/ask", "--json", "alice", "How much budget do we have?").stdout)
    assert as_json["ok"] and as_json["text"].startswith("answer:budget")
    assert "cost" not in as_json and "facts" not in as_json  # the score stays on the host

    assert run(workspace, sock, "bin/ask", "--now").stdout.startswith("It is Monday 2026-03-02 10:30")
    assert "arrived" in run(workspace, sock, "bin/ask", "--wait", "1d").stdout
    assert "[new]" in run(workspace, sock, "bin/ask", "--inbox").stdout

    entries = service.world.ledger.entries
    assert [e["kind"] for e in entries] == ["ask", "ask", "ask", "wait", "inbox"]
    assert entries[0]["cost"] == pytest.approx(0.1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "say who to ask"),
        (("alice",), "no question for alice"),
        (("--who", "alice"), "--who takes no PERSON"),
        (("--who", "--inbox"), "not allowed with"),
        (("--wait",), "expected one argument"),
        (("--bogus",), "unrecognized arguments"),
    ],
)
def test_bad_usage_exits_2_without_traceback(
    service: WorldService, workspace: Path, args: tuple[str, ...], message: str
) -> None:
    result = run(workspace, service.socket_path, "bin/ask", *args)
    assert result.returncode == 2
    assert "ask: error:" in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_refusals_exit_1_with_the_reason(service: WorldService, workspace: Path) -> None:
    unknown = run(workspace, service.socket_path, "bin/ask", "dave", "hello?")
    assert unknown.returncode == 1 and "alice, bob, carol" in unknown.stderr and "Traceback" not in unknown.stderr
    too_long = run(workspace, service.socket_path, "bin/ask", "--wait", "30d")
    assert too_long.returncode == 1 and "at most 14 days" in too_long.stderr
    bad = run(workspace, service.socket_path, "bin/ask", "--wait", "soon")
    assert bad.returncode == 1 and "not a duration" in bad.stderr


def test_unreachable_service_exits_3(workspace: Path, tmp_path: Path) -> None:
    for script in ("bin/ask", "bin/pilot"):
        args = (script, "--now") if script == "bin/ask" else (script,)
        result = run(workspace, tmp_path / "absent.sock", *args)
        assert result.returncode == 3 and "cannot reach the world service" in result.stderr
        assert "Traceback" not in result.stderr


def test_pilot_script(service: WorldService, workspace: Path) -> None:
    first = run(workspace, service.socket_path, "bin/pilot")
    assert first.returncode == 0 and "run 1: staff saw" in first.stdout
    again = run(workspace, service.socket_path, "bin/pilot")
    assert again.returncode == 1 and "used up" in again.stderr
    assert run(workspace, service.socket_path, "bin/pilot", "extra").returncode == 2


@pytest.mark.parametrize(
    ("payload", "error"),
    [
        (b"not json\n", "request: not valid JSON"),
        (b"[1, 2]\n", "request: not a JSON object"),
        (b'{"op": "dance"}\n', "op: unknown value 'dance'"),
        (b"{}\n", "op: missing"),
        (b'{"op": "ask", "to": "alice"}\n', "question: missing"),
        (b'{"op": "ask", "to": 3, "question": "hi"}\n', "to: must be a string"),
        (b'{"op": "wait"}\n', "duration: missing"),
        (b'{"op": "who", "cost": 0}\n', "cost: unknown field"),
    ],
)
def test_malformed_requests_get_field_errors(service: WorldService, payload: bytes, error: str) -> None:
    reply = raw(service.socket_path, payload)
    assert reply["ok"] is False and reply["error"].startswith(error) and "(" in reply["error"]
    assert raw(service.socket_path, b'{"op": "now"}\n')["ok"] is True  # the server carries on


def test_oversized_request_is_refused(service: WorldService) -> None:
    big = json.dumps({"op": "ask", "to": "alice", "question": "x" * MAX_REQUEST_BYTES}).encode() + b"\n"
    reply = raw(service.socket_path, big)
    assert reply["ok"] is False and "64 KiB" in reply["error"]
    assert len(service.world.ledger) == 0


def test_several_requests_on_one_connection(service: WorldService) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(str(service.socket_path))
        s.sendall(b'{"op": "now"}\n\n{"op": "who"}\n')
        reader = s.makefile("rb")
        first, second = json.loads(reader.readline()), json.loads(reader.readline())
    assert first["text"].startswith("It is") and [p["id"] for p in second["people"]] == [
        "alice",
        "bob",
        "carol",
    ]


def test_many_concurrent_clients(service: WorldService) -> None:
    results: list[dict[str, Any]] = []
    lock = threading.Lock()

    def client() -> None:
        reply = raw(service.socket_path, b'{"op": "ask", "to": "bob", "question": "What columns?"}\n')
        with lock:
            results.append(reply)

    threads = [threading.Thread(target=client) for _ in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 24 and all(r["ok"] for r in results)
    assert len(service.world.ledger) == 24


def test_restart_replaces_a_stale_socket(make_world: Callable[..., World], tmp_path: Path) -> None:
    path = tmp_path / "s" / "world.sock"
    path.parent.mkdir()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as stale:
        stale.bind(str(path))  # as after a crash: the socket file stays behind
    with WorldService(make_world(), path) as svc:
        assert raw(svc.socket_path, b'{"op": "now"}\n')["ok"]
    assert not path.exists()
    path.write_text("not a socket")
    with pytest.raises(FileExistsError):
        WorldService(make_world("other"), path).start()
