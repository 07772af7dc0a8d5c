"""Retries against a real local HTTP server that fails the ways remote model APIs fail."""

from __future__ import annotations

import asyncio
import time

import pytest

from worktrial.agents.providers import (
    AnthropicProvider,
    Message,
    ModelResponse,
    OpenAIChatProvider,
    Provider,
    ProviderError,
    RetryPolicy,
)

from .model_server import Cut, Json, ModelServer, Raw, Reply, Slow, Status, anthropic_reply, openai_reply

FAST = RetryPolicy(retries=2, base_delay_s=0.01, jitter=0.0)
HELLO = [Message("user", "hello")]


def provider(wire: str, url: str, retry: RetryPolicy = FAST, timeout_s: float = 5.0) -> Provider:
    if wire == "openai":
        return OpenAIChatProvider("openai-compatible/scripted", "scripted", "test-key", f"{url}/v1", retry, timeout_s)
    return AnthropicProvider("anthropic/scripted", "scripted", "test-key", url, retry, timeout_s)


def ok(wire: str) -> Json:
    return openai_reply("fine") if wire == "openai" else anthropic_reply("fine")


def complete(p: Provider) -> ModelResponse:
    async def go() -> ModelResponse:
        try:
            return await p.complete(HELLO, max_tokens=16)
        finally:
            await p.aclose()

    return asyncio.run(go())


FAULTS: dict[str, tuple[Reply, str]] = {
    "429": (Status(429), "HTTP 429"),
    "500": (Status(500), "HTTP 500"),
    "503": (Status(503), "HTTP 503"),
    "slow": (Slow(1.5, Json({})), "timed out"),
    "cut": (Cut(), "connection failed"),
    "bad-json": (Raw(b'{"choices": [ {"message": '), "malformed"),
    "wrong-shape": (Json({"unexpected": True}), "malformed"),
}


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_fault_is_retried_then_a_provider_error(wire: str, fault: str) -> None:
    reply, reason = FAULTS[fault]
    with ModelServer(lambda n, body: reply) as server:
        with pytest.raises(ProviderError, match=reason) as info:
            complete(provider(wire, server.url, timeout_s=0.5))
        assert len(server.requests) == FAST.retries + 1  # the first try and two retries, nothing more
    assert info.value.attempts == 3


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
def test_transient_faults_then_success(wire: str) -> None:
    script: list[Reply] = [Status(429), Cut(), Status(502), ok(wire)]
    with ModelServer(lambda n, body: script[n]) as server:
        r = complete(provider(wire, server.url, RetryPolicy(retries=3, base_delay_s=0.01)))
        assert len(server.requests) == 4
    assert r.text == "fine"


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
@pytest.mark.parametrize("code", [400, 401, 404])
def test_client_errors_are_not_retried(wire: str, code: int) -> None:
    with ModelServer(lambda n, body: Status(code)) as server:
        with pytest.raises(ProviderError, match=f"HTTP {code}") as info:
            complete(provider(wire, server.url))
        assert len(server.requests) == 1
    assert info.value.status == code and info.value.attempts == 1


def test_backoff_is_exponential_and_the_count_is_configurable() -> None:
    policy = RetryPolicy(retries=3, base_delay_s=0.05, factor=2.0, jitter=0.0)
    with ModelServer(lambda n, body: Status(500)) as server:
        started = time.monotonic()
        with pytest.raises(ProviderError):
            complete(provider("openai", server.url, policy))
        elapsed = time.monotonic() - started
        assert len(server.requests) == 4
    assert elapsed >= 0.05 + 0.1 + 0.2  # waits of 0.05, 0.1 and 0.2 s between the four tries


def test_retry_after_is_respected_but_capped() -> None:
    policy = RetryPolicy(retries=1, base_delay_s=0.01, max_delay_s=0.3, jitter=0.0)
    assert policy.delay(0) == pytest.approx(0.01)
    assert policy.delay(3) == pytest.approx(0.08)
    assert policy.delay(0, retry_after=0.2) == pytest.approx(0.2)
    assert policy.delay(0, retry_after=100) == pytest.approx(0.3)
    script: list[Reply] = [Status(429, {"Retry-After": "0.25"}), openai_reply("late")]
    with ModelServer(lambda n, body: script[n]) as server:
        started = time.monotonic()
        assert complete(provider("openai", server.url, policy)).text == "late"
        assert time.monotonic() - started >= 0.25


def test_non_json_content_type_is_malformed() -> None:
    with ModelServer(lambda n, body: Raw(b"<html>gateway</html>", "text/html")) as server:
        with pytest.raises(ProviderError, match="malformed"):
            complete(provider("openai", server.url))
        assert len(server.requests) == 3


def test_unreachable_server_is_a_connection_failure() -> None:
    with ModelServer(lambda n, body: Status(500)) as server:
        url = server.url
    with pytest.raises(ProviderError, match="connection failed"):
        complete(provider("openai", url))


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
def test_a_key_echoed_by_the_server_is_masked(wire: str) -> None:
    server_401 = ModelServer(lambda n, body: Status(401, message="Incorrect API key provided: test-key"))
    with server_401 as server, pytest.raises(ProviderError) as info:
        complete(provider(wire, server.url))
    assert "HTTP 401" in str(info.value) and "test-key" not in str(info.value) and "[key]" in str(info.value)
