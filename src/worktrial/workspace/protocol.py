"""The workspace protocol: JSON objects, one per line, over the daemon's Unix socket (stdlib only, so the client
side of `workspace exec` starts fast).

A connection carries one request and its replies. Bytes travel base64-encoded. Requests (`op`):

  status                          -> status {…}
  exec   argv, stdin|null         -> output {fd, data}…, then exit {code, timed_out}
  shell  rows, cols               -> data {data}… and exit {code}; the client sends data {data}, resize {rows, cols}
  files  path|null                -> output {fd, data}…, then exit {code}
  submit                          -> card {card, state}
  stop                            -> stopped {state}

Any request may be answered by `error {message}` instead.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MAX_LINE = 64 << 20  # a command's output travels in chunks; no single message comes near this
SOCKET_NAME = "daemon.sock"
_SUN_PATH = 100  # sockaddr_un holds 108 bytes; a longer path is reached through the opened folder


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def unb64(text: object) -> bytes:
    return base64.b64decode(str(text or ""))


@contextlib.contextmanager
def socket_address(path: Path) -> Iterator[str]:
    """An address for the socket at `path` that fits sockaddr_un, however deep the state folder is."""
    if len(os.fsencode(path)) < _SUN_PATH:
        yield str(path)
        return
    fd = os.open(path.parent, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        yield f"/proc/self/fd/{fd}/{path.name}"
    finally:
        os.close(fd)


class Connection:
    """The client end of one request: send messages, read replies line by line."""

    def __init__(self, path: Path, timeout_s: float | None = None) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout_s)
        try:
            with socket_address(path) as address:
                self.sock.connect(address)
        except OSError:
            self.sock.close()
            raise
        self._buf = bytearray()

    def send(self, message: dict[str, Any]) -> None:
        self.sock.sendall(encode(message))

    def fileno(self) -> int:
        return self.sock.fileno()

    def pending(self) -> bool:
        """Whether a whole reply is already buffered (so `recv` will not wait for the socket)."""
        return b"\n" in self._buf

    def recv(self) -> dict[str, Any] | None:
        """The next reply, or None once the daemon closed the connection."""
        while b"\n" not in self._buf:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                return None
            self._buf += chunk
            if len(self._buf) > MAX_LINE:
                raise ValueError("the workspace daemon sent an oversized message")
        line, _, rest = bytes(self._buf).partition(b"\n")
        self._buf = bytearray(rest)
        message = json.loads(line)
        if not isinstance(message, dict):
            raise ValueError("the workspace daemon sent something that is not an object")
        return message

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
