"""Support for the gateway tests (no tests here): a gateway on a real Unix socket in front of a real HTTP model
server, and the official SDK clients talking to it."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import anthropic
import httpx2
import openai

from worktrial.agents.gateway import CHAT, Gateway, GatewayMeter, Upstream
from worktrial.agents.providers import Price, RetryPolicy

HOST_KEY = "sk-host-key-never-in-the-sandbox-7f3a"
PRICE = Price(2.0, 10.0, 0.5, 2.5)


@dataclass
class Running:
    gateway: Gateway
    meter: GatewayMeter
    socket: Path
    log: Path

    def http(self) -> httpx2.Client:
        return httpx2.Client(transport=httpx2.HTTPTransport(uds=str(self.socket)), timeout=120)

    def openai(self) -> openai.OpenAI:
        return openai.OpenAI(
            api_key="sandbox-key", base_url="http://gateway/v1", http_client=self.http(), max_retries=0
        )

    def anthropic(self) -> anthropic.Anthropic:
        return anthropic.Anthropic(api_key="sandbox-key", base_url="http://gateway", http_client=self.http(),
                                   max_retries=0)  # fmt: skip


def upstream(
    url: str, native: frozenset[str] = frozenset({CHAT}), stream_usage: bool = False, **kw: object
) -> Upstream:
    return Upstream("openai/gpt-test", "gpt-test", url, native, HOST_KEY, stream_usage=stream_usage, **kw)  # type: ignore[arg-type]


@contextmanager
def running(up: Upstream, log_dir: Path | None = None, **meter_kw: object) -> Iterator[Running]:
    """A gateway before `up`; its log goes to `log_dir` (kept) or next to the socket (removed at the end)."""
    folder = Path(tempfile.mkdtemp(prefix="wt-test-"))
    try:
        log = (log_dir or folder) / "gateway.jsonl"
        meter = GatewayMeter(up.model_id, PRICE, "test", path=log, **meter_kw)  # type: ignore[arg-type]
        retry = RetryPolicy(retries=2, base_delay_s=0.01)
        with Gateway(up, meter, folder / "gateway.sock", retry, timeout_s=30) as gateway:
            yield Running(gateway, meter, folder / "gateway.sock", log)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
