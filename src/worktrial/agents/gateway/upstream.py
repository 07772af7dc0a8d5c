"""Where the gateway forwards to: the model's API (host-side key, dialects it speaks natively) and an HTTP
client that retries what is worth retrying."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from dataclasses import dataclass, field
from typing import Any

import httpx2

from ..providers.base import ProviderError
from ..providers.factory import split_model_id
from ..providers.keys import require_key
from ..providers.local import SAMPLING
from ..providers.retry import RetryPolicy
from .dialects import CHAT, ENDPOINTS, MESSAGES, RESPONSES

log = logging.getLogger(__name__)
RETRY_STATUS = frozenset({408, 409, 425, 429})
FATAL_STATUS = frozenset({401, 403, 404})  # a bad key or model: the trial's set-up, not the harness's request
ANTHROPIC_VERSION = "2023-06-01"
LOCAL_MAX_TOKENS = 256


@dataclass(frozen=True)
class Upstream:
    """One model behind one API. `base_url` ends in /v1; every upstream speaks chat, some more (`native`)."""

    model_id: str
    api_model: str
    base_url: str
    native: frozenset[str]
    key: str = field(default="", repr=False)
    anthropic_auth: bool = False  # x-api-key for messages; chat (Anthropic's OpenAI-compatible API) takes Bearer
    stream_usage: bool = True  # its streams report usage, so they can be passed through as they come
    token_param: str = "max_tokens"
    max_tokens: int | None = None  # cap on tokens generated per call
    context_tokens: int | None = None  # prompts are fitted into this (small local models)
    extra: dict[str, Any] = field(default_factory=dict)  # merged into every chat request

    def url(self, dialect: str) -> str:
        return self.base_url.rstrip("/") + ENDPOINTS[dialect]

    def headers(self, dialect: str) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.anthropic_auth:
            headers["anthropic-version"] = ANTHROPIC_VERSION
        if self.key and self.anthropic_auth and dialect == MESSAGES:
            headers["x-api-key"] = self.key
        elif self.key:
            headers["Authorization"] = f"Bearer {self.key}"
        return headers

    def redact(self, text: str) -> str:
        return text.replace(self.key, "[key]") if len(self.key) >= 8 else text


def upstream_for(
    model_id: str, base_url: str | None = None, max_tokens: int | None = None, context_tokens: int | None = None
) -> Upstream:
    """The upstream of a worktrial model id. Blocking for `local/*` (starts the llama.cpp server); raises
    ProviderError when a key or server is missing."""
    try:
        kind, rest = split_model_id(model_id)
    except ValueError as e:
        raise ProviderError(str(e)) from None
    if kind == "openai":
        url = base_url or os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
        return Upstream(model_id, rest, url, frozenset({CHAT, RESPONSES}), require_key("openai"),
                        token_param="max_completion_tokens", max_tokens=max_tokens)  # fmt: skip
    if kind == "anthropic":
        root = base_url or os.environ.get("ANTHROPIC_BASE_URL") or "https://api.anthropic.com"
        return Upstream(model_id, rest, root.rstrip("/") + "/v1", frozenset({MESSAGES}), require_key("anthropic"),
                        anthropic_auth=True, max_tokens=max_tokens)  # fmt: skip
    if kind == "openrouter":
        url = base_url or "https://openrouter.ai/api/v1"
        return Upstream(model_id, rest, url, frozenset({CHAT}), require_key("openrouter"), max_tokens=max_tokens)
    if kind == "openai-compatible":
        server_url = base_url or os.environ.get("WORKTRIAL_BASE_URL")
        if not server_url:
            raise ProviderError(f"{model_id}: no server: pass base_url=... or set WORKTRIAL_BASE_URL")
        key = os.environ.get("WORKTRIAL_API_KEY", "")
        return Upstream(model_id, rest, server_url, frozenset({CHAT}), key, stream_usage=False, max_tokens=max_tokens,
                        context_tokens=context_tokens)  # fmt: skip
    from ..local_model import shared_server  # loaded only when the local model is used

    server = shared_server()
    return Upstream(model_id, server.alias, base_url or server.base_url, frozenset({CHAT}), stream_usage=False,
                    max_tokens=max_tokens or LOCAL_MAX_TOKENS, context_tokens=min(context_tokens or server.n_ctx,
                    server.n_ctx), extra=dict(SAMPLING))  # fmt: skip


class UpstreamError(RuntimeError):
    """The upstream failed after the retries, or refused the gateway itself (key, model): the trial is void."""

    def __init__(self, detail: str, status: int | None = None, attempts: int = 0) -> None:
        super().__init__(detail)
        self.status = status
        self.attempts = attempts


@dataclass
class Answer:
    status: int
    body: Any  # parsed JSON, or None
    text: str
    attempts: int


def _retry_after(response: httpx2.Response) -> float | None:
    try:
        return max(0.0, float(response.headers.get("retry-after", "")))
    except ValueError:
        return None


class UpstreamClient:
    """HTTP to one upstream, made in (and used from) the gateway's event loop."""

    def __init__(self, upstream: Upstream, retry: RetryPolicy, timeout_s: float) -> None:
        self.upstream = upstream
        self.retry = retry
        self._http = httpx2.AsyncClient(timeout=httpx2.Timeout(timeout_s, connect=30.0))

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _wait(self, n: int, reason: str, retry_after: float | None = None) -> None:
        if n >= self.retry.retries:
            raise UpstreamError(f"{self.upstream.model_id}: {reason} (after {n + 1} tries)", attempts=n + 1)
        delay = self.retry.delay(n, retry_after)
        log.warning("%s: %s; retry %d/%d in %.2fs", self.upstream.model_id, reason, n + 1, self.retry.retries, delay)
        await asyncio.sleep(delay)

    def _refused(self, response: httpx2.Response, text: str, attempts: int) -> UpstreamError | None:
        if response.status_code in FATAL_STATUS:
            detail = self.upstream.redact(text[:300])
            return UpstreamError(f"{self.upstream.model_id}: HTTP {response.status_code}: {detail}",
                                 response.status_code, attempts)  # fmt: skip
        return None

    async def post(self, dialect: str, body: dict[str, Any]) -> Answer:
        """A complete answer (2xx, or a 4xx that is the request's fault); UpstreamError otherwise."""
        n = 0
        while True:
            try:
                r = await self._http.post(self.upstream.url(dialect), json=body, headers=self.upstream.headers(dialect))
            except httpx2.TimeoutException:
                await self._wait(n, "timed out")
            except httpx2.TransportError as e:
                await self._wait(n, f"connection failed ({type(e).__name__})")
            else:
                text = r.text
                if (fatal := self._refused(r, text, n + 1)) is not None:
                    raise fatal
                if r.status_code in RETRY_STATUS or r.status_code >= 500:
                    await self._wait(n, f"HTTP {r.status_code}: {self.upstream.redact(text[:200])}", _retry_after(r))
                else:
                    try:
                        return Answer(r.status_code, json.loads(text), text, n + 1)
                    except ValueError:
                        if r.status_code >= 300:
                            return Answer(r.status_code, None, text, n + 1)
                        await self._wait(n, "malformed response (not JSON)")
            n += 1

    async def open_stream(self, dialect: str, body: dict[str, Any]) -> tuple[httpx2.Response, int]:
        """(response, attempts): a streaming response whose status is final; the caller reads and closes it."""
        n = 0
        while True:
            request = self._http.build_request(
                "POST", self.upstream.url(dialect), json=body, headers=self.upstream.headers(dialect)
            )
            try:
                r = await self._http.send(request, stream=True)
            except httpx2.TimeoutException:
                await self._wait(n, "timed out")
            except httpx2.TransportError as e:
                await self._wait(n, f"connection failed ({type(e).__name__})")
            else:
                if r.status_code < 300:
                    return r, n + 1
                text = (await r.aread()).decode("utf-8", "replace")
                await r.aclose()
                if (fatal := self._refused(r, text, n + 1)) is not None:
                    raise fatal
                if r.status_code in RETRY_STATUS or r.status_code >= 500:
                    await self._wait(n, f"HTTP {r.status_code}: {self.upstream.redact(text[:200])}", _retry_after(r))
                else:
                    return r, n + 1
            n += 1
