from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def trial(tmp_path: Path) -> Path:
    """A trial directory: `workspace/` (what the sandbox gets) next to `hidden/` (what it must not see)."""
    (tmp_path / "workspace").mkdir()
    (tmp_path / "hidden").mkdir()
    (tmp_path / "hidden" / "grader.py").write_text("HIDDEN_ANSWER = 'sibling-secret-7731'\n")
    return tmp_path


@pytest.fixture
def echo_socket(tmp_path: Path) -> Iterator[Path]:
    """A Unix socket server in its own directory that answers each message with `echo:<message>`."""
    sock_dir = tmp_path / "sock"
    sock_dir.mkdir()
    path = sock_dir / "world.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen()
    # The sandbox user is not the owner here when the tests run as root: a read-only mount must be usable.
    os.chmod(sock_dir, 0o755)
    os.chmod(path, 0o666)
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            with conn:
                conn.sendall(b"echo:" + conn.recv(1024))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield sock_dir
    stop.set()
    thread.join(timeout=5)
    server.close()


@pytest.fixture
def tcp_server() -> Iterator[tuple[int, list[object]]]:
    """A TCP server on host loopback; yields its port and the list of connections it accepted."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen()
    accepted: list[object] = []
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, addr = server.accept()
            except TimeoutError:
                continue
            accepted.append(addr)
            conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()[1], accepted
    stop.set()
    thread.join(timeout=5)
    server.close()
