"""How a command inside the sandbox reaches the gateway: the socket's folder and the relay script are
mounted read-only, and the relay listens on the sandbox's own loopback while the command runs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...sandbox import Mount
from . import forward

SOCKET_DIR = "/run/worktrial-llm"
SOCKET = f"{SOCKET_DIR}/gateway.sock"
SOCKET_NAME = "gateway.sock"
FORWARD = "/opt/worktrial/forward.py"
PORT = 8642  # every sandbox has its own network namespace, so one port serves all


def forward_script() -> Path:
    return Path(forward.__file__).resolve()


@dataclass(frozen=True)
class SandboxLink:
    """`socket_dir` is the host folder holding the gateway's `gateway.sock`."""

    socket_dir: Path
    port: int = PORT

    @property
    def base_url(self) -> str:
        """The root URL inside the sandbox (add `/v1` for OpenAI-style clients)."""
        return f"http://127.0.0.1:{self.port}"

    def mounts(self) -> list[Mount]:
        return [Mount(self.socket_dir, SOCKET_DIR), Mount(forward_script(), FORWARD)]

    def wrap(self, argv: list[str], stdout: str | None = None, mkdir: tuple[str, ...] = ()) -> list[str]:
        """`argv` run under the relay: `127.0.0.1:port` reaches the gateway while it runs."""
        extra = ["--stdout", stdout] if stdout else []
        for folder in mkdir:
            extra += ["--mkdir", folder]
        return ["python3", FORWARD, "--listen", f"127.0.0.1:{self.port}", "--socket", SOCKET, *extra, "--", *argv]
