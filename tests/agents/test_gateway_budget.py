"""The gateway's budget and failure handling: spend and call caps refuse further requests with a clear error,
an upstream that keeps failing becomes a 502 and an infrastructure error, and the key never leaks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest

from worktrial.agents.gateway import ERROR, MAX_CALLS, MAX_USD

from .model_server import ModelServer, Raw, Reply, Status, openai_reply
from .test_gateway_support import HOST_KEY, running, upstream

ASK: Any = [{"role": "user", "content": "x"}]


def test_spending_past_max_usd_refuses_further_calls() -> None:
    # $2 per million input tokens: 125k prompt tokens cost $0.25, so the third call passes $0.6.
    with ModelServer(lambda n, b: openai_reply("x", prompt_tokens=125_000, completion_tokens=0)) as s:
        with running(upstream(f"{s.url}/v1"), max_usd=0.6) as gw:
            client = gw.openai()
            for _ in range(3):
                client.chat.completions.create(model="m", messages=ASK)
            assert gw.meter.stop == MAX_USD
            with pytest.raises(openai.RateLimitError) as chat_refusal:
                client.chat.completions.create(model="m", messages=ASK)
            with pytest.raises(anthropic.APIStatusError) as messages_refusal:
                gw.anthropic().messages.create(model="m", max_tokens=5, messages=ASK)
        assert len(s.requests) == 3
    assert chat_refusal.value.code == "insufficient_quota" and "max_usd" in chat_refusal.value.message
    assert messages_refusal.value.status_code == 402 and "billing_error" in str(messages_refusal.value.body)
    totals = gw.meter.totals()
    assert totals["usd"] == pytest.approx(0.75) and totals["model_calls"] == 3 and totals["refused"] == 2
    assert totals["stop"] == MAX_USD


def test_the_call_cap_refuses_further_calls() -> None:
    with ModelServer(lambda n, b: openai_reply("x")) as s, running(upstream(f"{s.url}/v1"), max_calls=2) as gw:
        client = gw.openai()
        client.responses.create(model="m", input="a")
        client.responses.create(model="m", input="b")
        with pytest.raises(openai.RateLimitError):
            client.responses.create(model="m", input="c")
        assert len(s.requests) == 2 and gw.meter.stop == MAX_CALLS


def test_an_upstream_that_keeps_failing_is_a_502_and_an_infrastructure_error() -> None:
    with ModelServer(lambda n, b: Status(503)) as s, running(upstream(f"{s.url}/v1")) as gw:
        client = gw.openai()
        with pytest.raises(openai.APIStatusError) as first:
            client.chat.completions.create(model="m", messages=ASK)
        assert len(s.requests) == 3  # the gateway's own retries (2 more after the first)
        with pytest.raises(openai.APIStatusError) as second:
            client.chat.completions.create(model="m", messages=ASK, stream=True)
        assert len(s.requests) == 3  # refused at once: the trial is void anyway
    assert first.value.status_code == 502 and second.value.status_code == 502
    assert gw.meter.stop == ERROR and "HTTP 503" in gw.meter.error and "3 tries" in gw.meter.error
    assert [r.outcome for r in gw.meter.records] == ["failed", "refused"]


def test_a_bad_request_is_the_harnesss_problem_and_is_passed_back() -> None:
    script = lambda n, b: Status(400, message="context too long") if n == 0 else openai_reply("ok")  # noqa: E731
    with ModelServer(script) as s, running(upstream(f"{s.url}/v1")) as gw:
        client = gw.openai()
        with pytest.raises(openai.BadRequestError) as refused:
            client.chat.completions.create(model="m", messages=ASK)
        assert client.chat.completions.create(model="m", messages=ASK).choices[0].message.content == "ok"
        assert len(s.requests) == 2
    assert "context too long" in str(refused.value) and gw.meter.stop == ""
    assert [r.outcome for r in gw.meter.records] == ["client_error", "ok"]


def test_retries_then_success() -> None:
    def script(n: int, body: dict[str, Any]) -> Reply:
        return Status(429, {"Retry-After": "0"}) if n == 0 else openai_reply("late", prompt_tokens=3)

    with ModelServer(script) as s, running(upstream(f"{s.url}/v1")) as gw:
        r = gw.anthropic().messages.create(model="m", max_tokens=5, messages=ASK)
        assert len(s.requests) == 2
    assert r.content[0].type == "text" and r.content[0].text == "late"
    assert gw.meter.records[0].attempts == 2 and gw.meter.records[0].usage.input == 3


def test_a_rejected_key_is_an_infrastructure_error_and_never_echoed(tmp_path: Path) -> None:
    with (
        ModelServer(lambda n, b: Status(401, message=f"bad key {HOST_KEY}")) as s,
        running(upstream(f"{s.url}/v1"), tmp_path) as gw,
    ):
        with pytest.raises(openai.APIStatusError) as refused:
            gw.openai().chat.completions.create(model="m", messages=ASK)
        assert len(s.requests) == 1  # not retried
    assert refused.value.status_code == 502 and gw.meter.stop == ERROR
    assert "HTTP 401" in gw.meter.error and "[key]" in gw.meter.error
    assert HOST_KEY not in str(refused.value.body) and HOST_KEY not in (tmp_path / "gateway.jsonl").read_text()


def test_a_stream_cut_short_upstream_is_recorded_as_failed() -> None:
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "gpt-test"}
    data = {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": "par"}}]}
    cut = Raw(f"data: {json.dumps(data)}\n\n".encode(), "text/event-stream")  # no usage, no [DONE]
    with ModelServer(lambda n, b: cut) as s, running(upstream(f"{s.url}/v1", stream_usage=True)) as gw:
        chunks = list(gw.openai().chat.completions.create(model="m", messages=ASK, stream=True))
        assert len(s.requests) == 1
    assert chunks[0].choices[0].delta.content == "par"
    [rec] = gw.meter.records
    assert rec.outcome == "failed" and "ended early" in rec.detail and gw.meter.stop == ""
