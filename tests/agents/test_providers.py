"""Both SDKs against a local server speaking each wire format; model ids, keys and prices."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from worktrial.agents.providers import (
    Message,
    ModelResponse,
    Price,
    PriceTable,
    Provider,
    ProviderError,
    ToolCall,
    ToolSpec,
    Usage,
    make_provider,
    price_table,
)
from worktrial.agents.providers.keys import find_key

from .model_server import ModelServer, anthropic_reply, openai_reply

TOOL = ToolSpec(
    "read_file", "Read a file.", {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}
)
CONVERSATION = [
    Message("system", "You are terse."),
    Message("user", "Read the notes."),
    Message("assistant", "Reading.", (ToolCall("c1", "read_file", {"path": "notes.md"}),)),
    Message("tool", "the notes", tool_call_id="c1", name="read_file"),
]


def run(p: Provider, **kw: Any) -> ModelResponse:
    async def go() -> ModelResponse:
        try:
            return await p.complete(CONVERSATION, [TOOL], **kw)
        finally:
            await p.aclose()

    return asyncio.run(go())


@pytest.fixture
def no_keys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENROUTER_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config" / "worktrial" / "keys.toml"


def test_openai_wire_through_the_sdk(no_keys: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-openai")
    reply = openai_reply(
        "ok", [("read_file", {"path": "a.txt"})], prompt_tokens=1200, completion_tokens=30, cached=1000
    )
    with ModelServer(lambda n, body: reply) as server:
        r = run(make_provider("openai/gpt-4o", _opts(f"{server.url}/v1")), tool_choice="read_file", max_tokens=77)
        [(path, headers, body)] = server.requests
    assert path == "/v1/chat/completions"
    assert headers["authorization"] == "Bearer sk-test-openai"
    assert body["model"] == "gpt-4o" and body["max_completion_tokens"] == 77
    assert body["tool_choice"] == {"type": "function", "function": {"name": "read_file"}}
    assert body["tools"][0]["function"]["name"] == "read_file"
    roles = [m["role"] for m in body["messages"]]
    assert roles == ["system", "user", "assistant", "tool"]
    assert body["messages"][2]["tool_calls"][0]["function"] == {
        "name": "read_file",
        "arguments": '{"path": "notes.md"}',
    }
    assert body["messages"][3]["tool_call_id"] == "c1"
    assert r.text == "ok" and r.raw_finish_reason == "tool_calls" and r.model == "scripted-model"
    assert r.tool_calls[0].name == "read_file" and r.tool_calls[0].arguments == {"path": "a.txt"}
    assert r.usage == Usage(input=200, output=30, cache_read=1000, cache_write=0)


def test_openai_compatible_server_and_plain_text_tool_turns(no_keys: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with ModelServer(lambda n, body: openai_reply("hi")) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        p = make_provider("openai-compatible/qwen-local")
        run(p, tool_choice="required")
        body = server.requests[0][2]
    assert body["model"] == "qwen-local" and body["max_tokens"] == 1024 and body["tool_choice"] == "required"
    from worktrial.agents.providers.openai_chat import to_wire

    flat = to_wire(CONVERSATION, native_tools=False)
    assert [m["role"] for m in flat] == ["system", "user", "assistant", "user"]
    assert "[call read_file]" in flat[2]["content"] and flat[3]["content"].startswith("[result of read_file]")


def test_anthropic_wire_through_the_sdk(no_keys: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    usage = {
        "input_tokens": 50,
        "output_tokens": 20,
        "cache_read_input_tokens": 900,
        "cache_creation_input_tokens": 100,
    }
    reply = anthropic_reply("thinking", [("read_file", {"path": "b.txt"})], usage)
    with ModelServer(lambda n, body: reply) as server:
        r = run(make_provider("anthropic/claude-haiku-4-5", _opts(server.url)), tool_choice="required")
        [(path, headers, body)] = server.requests
    assert path == "/v1/messages"
    assert "sk-ant-test" in (headers.get("x-api-key"), headers.get("authorization", "").removeprefix("Bearer "))
    assert body["model"] == "claude-haiku-4-5" and body["tool_choice"] == {"type": "any"}
    assert body["system"][0]["text"] == "You are terse." and body["system"][0]["cache_control"] == {"type": "ephemeral"}
    assert [m["role"] for m in body["messages"]] == ["user", "assistant", "user"]
    assert body["messages"][1]["content"][1] == {
        "type": "tool_use",
        "id": "c1",
        "name": "read_file",
        "input": {"path": "notes.md"},
    }
    result = body["messages"][2]["content"][0]
    assert result["type"] == "tool_result" and result["tool_use_id"] == "c1" and "cache_control" in result
    assert body["tools"][0]["input_schema"]["required"] == ["path"]
    assert r.text == "thinking" and r.raw_finish_reason == "tool_use"
    assert r.tool_calls[0].arguments == {"path": "b.txt"}
    assert r.usage == Usage(input=50, output=20, cache_read=900, cache_write=100)
    haiku = price_table().lookup("anthropic/claude-haiku-4-5")
    assert haiku is not None and haiku.cost(r.usage) == pytest.approx((50 * 1 + 20 * 5 + 900 * 0.1 + 100 * 1.25) / 1e6)


def test_named_tool_choice_for_anthropic() -> None:
    from worktrial.agents.providers.anthropic_messages import choice_to_wire

    assert choice_to_wire("read_file") == {"type": "tool", "name": "read_file"}
    assert choice_to_wire("none") == {"type": "none"} and choice_to_wire("auto") == {"type": "auto"}


def test_openrouter_ids_and_bad_ids(no_keys: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENROUTER_API_KEY", "sk-or-test")
    with ModelServer(lambda n, body: openai_reply("x")) as server:
        run(make_provider("openrouter/meta-llama/llama-3.3-70b-instruct", _opts(f"{server.url}/v1")))
        _, headers, body = server.requests[0]
    assert body["model"] == "meta-llama/llama-3.3-70b-instruct" and headers["authorization"] == "Bearer sk-or-test"
    for bad in ("gpt-4o", "openrouter/gpt-4o", "local/llama-70b", "nowhere/x", "openai/"):
        with pytest.raises(ProviderError, match="model"):
            make_provider(bad)


def test_keys_come_from_env_or_the_config_file_and_never_show(no_keys: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ProviderError, match="OPENAI_API_KEY") as info:
        make_provider("openai/gpt-4o")
    assert "keys.toml" in str(info.value)
    no_keys.parent.mkdir(parents=True)
    no_keys.write_text('openai = "sk-from-file"\nANTHROPIC_API_KEY = "sk-ant-from-file"\n')
    assert find_key("openai") == "sk-from-file" and find_key("anthropic") == "sk-ant-from-file"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    assert find_key("openai") == "sk-from-env"  # the environment wins
    p = make_provider("openai/gpt-4o")
    assert "sk-from-env" not in repr(p) and "sk-ant-from-file" not in repr(make_provider("anthropic/claude-x"))
    no_keys.write_text('openai = "sk-broken')
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(ProviderError) as info:
        make_provider("openai/gpt-4o")
    assert "sk-broken" not in str(info.value) and "keys.toml" in str(info.value)


def test_openai_compatible_needs_a_base_url(no_keys: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WORKTRIAL_BASE_URL", raising=False)
    with pytest.raises(ProviderError, match="WORKTRIAL_BASE_URL"):
        make_provider("openai-compatible/mine")


def test_price_table() -> None:
    table = price_table()
    assert table.version and table.lookup("local/smollm2") == Price(0, 0, 0, 0)
    gpt4o = table.lookup("openai/gpt-4o")
    assert gpt4o is not None and gpt4o.input == 2.5 and gpt4o.output == 10
    assert gpt4o.cost(Usage(1_000_000, 100_000, 0, 0)) == pytest.approx(2.5 + 1.0)
    assert table.lookup("openrouter/anthropic/claude-sonnet-4-5") == table.lookup("anthropic/claude-sonnet-4-5")
    assert table.lookup("openai-compatible/anything") == Price(0, 0, 0, 0)
    assert table.lookup("openai/not-a-model") is None
    custom = PriceTable.from_toml(
        'version = "t1"\n[models."x/*"]\ninput = 1\noutput = 2\n[models."x/y"]\ninput = 5\noutput = 6\n'
    )
    assert custom.lookup("x/y") == Price(5, 6) and custom.lookup("x/z") == Price(1, 2)
    assert Price.parse("1,2") == Price(1, 2, 1, 1) and Price.parse("1,2,0.1,1.25") == Price(1, 2, 0.1, 1.25)
    with pytest.raises(ValueError):
        Price.parse("1")
    with pytest.raises(ValueError, match="version"):
        PriceTable.from_toml("[models]\n")


def _opts(base_url: str) -> Any:
    from worktrial.agents.providers import ProviderOptions, RetryPolicy

    return ProviderOptions(base_url=base_url, retry=RetryPolicy(retries=0))
