"""The metering gateway speaks each dialect to real SDK clients, forwards to a real HTTP model server (with the
host's key and the trial's model), translates where the upstream speaks another dialect, and meters each call."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from worktrial.agents.gateway import CHAT, MESSAGES, RESPONSES, read_records
from worktrial.agents.gateway.fit import fit_chat
from worktrial.agents.gateway.sse import Decoder
from worktrial.agents.providers import Usage

from .model_server import ModelServer, Raw, Reply, openai_reply
from .test_gateway_support import HOST_KEY, PRICE, running, upstream

TOOLS = [
    {"type": "function", "name": "exec_command", "description": "run", "parameters": {
        "type": "object", "properties": {"cmd": {"type": "string"}}, "required": ["cmd"]}},
    {"type": "custom", "name": "apply_patch", "description": "patch files"},
    {"type": "web_search"},
]  # fmt: skip


def _cost(u: Usage) -> float:
    return PRICE.cost(u)


def sse(*events: tuple[str | None, Any]) -> Raw:
    body = "".join((f"event: {e}\n" if e else "") + f"data: {json.dumps(d) if not isinstance(d, str) else d}\n\n"
                   for e, d in events)  # fmt: skip
    return Raw(body.encode(), "text/event-stream")


def test_chat_goes_upstream_with_the_host_key_and_the_trials_model(tmp_path: Path) -> None:
    with ModelServer(lambda n, b: openai_reply("hi", prompt_tokens=1000, completion_tokens=100, cached=400)) as s:
        with running(upstream(f"{s.url}/v1"), tmp_path) as gw:
            r = gw.openai().chat.completions.create(model="gpt-5-pro", messages=[{"role": "user", "content": "x"}])
            assert r.choices[0].message.content == "hi" and r.usage is not None and r.usage.prompt_tokens == 1000
        path, headers, body = s.requests[0]
    assert path == "/v1/chat/completions" and body["model"] == "gpt-test"  # not what the harness asked for
    assert headers["authorization"] == f"Bearer {HOST_KEY}" and "sandbox-key" not in json.dumps(headers)
    [rec] = gw.meter.records
    assert (rec.outcome, rec.dialect, rec.upstream, rec.stream) == ("ok", CHAT, CHAT, False)
    assert rec.usage == Usage(600, 100, 400, 0) and rec.usd == pytest.approx(_cost(Usage(600, 100, 400, 0)))
    assert read_records(gw.log)[0]["usage"] == {"input": 600, "output": 100, "cache_read": 400, "cache_write": 0}
    assert HOST_KEY not in gw.log.read_text()


@pytest.mark.parametrize("include_usage", [True, False])
def test_chat_stream_from_a_complete_answer(include_usage: bool) -> None:
    reply = openai_reply("hello", calls=[("exec_command", {"cmd": "ls"})], prompt_tokens=50, completion_tokens=7)
    with ModelServer(lambda n, b: reply) as s, running(upstream(f"{s.url}/v1")) as gw:
        stream = gw.openai().chat.completions.create(
            model="m", messages=[{"role": "user", "content": "x"}], stream=True,
            stream_options={"include_usage": True} if include_usage else None,
        )  # fmt: skip
        chunks = list(stream)
        sent = s.requests[0][2]
    assert sent["stream"] is False and "stream_options" not in sent  # the upstream's streams carry no usage
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    calls = [tc for c in chunks if c.choices for tc in c.choices[0].delta.tool_calls or []]
    assert text == "hello" and calls[0].function is not None and calls[0].function.name == "exec_command"
    usage = [c.usage for c in chunks if c.usage is not None]
    assert (usage[0].completion_tokens if usage else None) == (7 if include_usage else None)
    assert gw.meter.records[0].usage == Usage(50, 7) and gw.meter.records[0].stream


def test_chat_stream_passes_through_when_the_upstream_reports_usage() -> None:
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "gpt-test"}
    events = sse(
        (None, {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": "par"}}]}),
        (None, {**chunk, "choices": [{"index": 0, "delta": {"content": "tial"}, "finish_reason": "stop"}]}),
        (None, {**chunk, "choices": [], "usage": {"prompt_tokens": 30, "completion_tokens": 2,
                                                   "prompt_tokens_details": {"cached_tokens": 10}}}),
        (None, "[DONE]"),
    )  # fmt: skip
    with ModelServer(lambda n, b: events) as s, running(upstream(f"{s.url}/v1", stream_usage=True)) as gw:
        chunks = list(gw.openai().chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}],
                                                          stream=True))  # fmt: skip
        sent = s.requests[0][2]
    assert sent["stream"] is True and sent["stream_options"] == {"include_usage": True}
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == "partial"
    assert all(c.usage is None for c in chunks)  # the harness did not ask for the usage chunk
    assert gw.meter.records[0].usage == Usage(20, 2, 10, 0) and gw.meter.records[0].upstream == CHAT


def _responses_script(n: int, body: dict[str, Any]) -> Reply:
    if n == 0:
        return openai_reply("Patching.", calls=[("apply_patch", {"input": "*** Begin Patch"})], prompt_tokens=80)
    return openai_reply("", calls=[("exec_command", {"cmd": "ls"})], prompt_tokens=90, completion_tokens=3)


def test_responses_are_translated_to_chat() -> None:
    history = [
        {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "be careful"}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "fix it"}]},
        {"type": "reasoning", "summary": [], "encrypted_content": "opaque"},
        {"type": "function_call", "call_id": "call_a", "name": "exec_command", "arguments": '{"cmd": "ls"}'},
        {"type": "function_call_output", "call_id": "call_a", "output": "README.md"},
    ]
    with ModelServer(_responses_script) as s, running(upstream(f"{s.url}/v1")) as gw:
        client = gw.openai()
        r = client.responses.create(model="m", instructions="You are codex.", input=history, tools=TOOLS,  # type: ignore[arg-type]
                                    max_output_tokens=300)  # fmt: skip
        with client.responses.stream(model="m", input="go on", tools=TOOLS) as stream:  # type: ignore[arg-type]
            kinds = [event.type for event in stream]
            final = stream.get_final_response()
        sent = s.requests[0][2]
    assert [(m["role"], m.get("content")) for m in sent["messages"][:3]] == [
        ("system", "You are codex."), ("system", "be careful"), ("user", "fix it")]  # fmt: skip
    assert sent["messages"][3]["tool_calls"][0]["function"]["name"] == "exec_command"
    assert sent["messages"][4] == {"role": "tool", "tool_call_id": "call_a", "content": "README.md"}
    assert [t["function"]["name"] for t in sent["tools"]] == ["exec_command", "apply_patch"]  # no web search
    assert sent["max_tokens"] == 300 and sent["model"] == "gpt-test"
    assert r.output_text == "Patching." and r.output[1].type == "custom_tool_call"
    assert r.output[1].input == "*** Begin Patch"
    assert r.usage is not None and r.usage.input_tokens == 80
    assert kinds[0] == "response.created" and kinds[-1] == "response.completed"
    assert "response.function_call_arguments.done" in kinds
    assert final.output[0].type == "function_call" and final.output[0].arguments == '{"cmd": "ls"}'
    assert [(r.dialect, r.upstream, r.stream) for r in gw.meter.records] == [
        (RESPONSES, CHAT, False), (RESPONSES, CHAT, True)]  # fmt: skip
    assert gw.meter.usage == Usage(170, 8)


def test_responses_pass_through_to_an_upstream_that_speaks_them() -> None:
    usage = {"input_tokens": 500, "input_tokens_details": {"cached_tokens": 200}, "output_tokens": 40}
    done = {"id": "resp_1", "object": "response", "status": "completed", "model": "gpt-test", "output": [],
            "usage": usage}  # fmt: skip
    events = sse(
        ("response.created", {"type": "response.created", "sequence_number": 0,
                              "response": {**done, "status": "in_progress", "usage": None}}),
        ("response.completed", {"type": "response.completed", "sequence_number": 1, "response": done}),
    )  # fmt: skip
    with ModelServer(lambda n, b: events) as s:
        native = upstream(f"{s.url}/v1", frozenset({CHAT, RESPONSES}), stream_usage=True)
        with running(native) as gw, gw.openai().responses.stream(model="m", input="hi", tools=TOOLS) as stream:  # type: ignore[arg-type]
            final = stream.get_final_response()
        path, _, sent = s.requests[0]
    assert path == "/v1/responses" and sent["model"] == "gpt-test" and sent["stream"] is True
    assert [t.get("type") for t in sent["tools"]] == ["function", "custom"]  # the provider-run search is gone
    assert final.id == "resp_1"
    assert gw.meter.records[0].usage == Usage(300, 40, 200, 0) and gw.meter.records[0].upstream == RESPONSES


def test_messages_are_translated_to_chat() -> None:
    def reply(n: int, body: dict[str, Any]) -> Reply:
        return openai_reply("Running it." if n else "", calls=[("bash", {"command": "ls"})], prompt_tokens=70,
                            completion_tokens=9, n=n)  # fmt: skip

    history: list[Any] = [
        {"role": "user", "content": "list files"},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "hmm", "signature": "s"},
                                          {"type": "tool_use", "id": "toolu_1", "name": "bash",
                                           "input": {"command": "ls"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "a.txt"},
                                     {"type": "text", "text": "and now?"}]},
    ]  # fmt: skip
    tools: Any = [{"name": "bash", "description": "shell", "input_schema": {"type": "object"}},
                  {"type": "web_search_20250305", "name": "web_search"}]  # fmt: skip
    with ModelServer(reply) as s, running(upstream(f"{s.url}/v1")) as gw:
        client = gw.anthropic()
        m = client.messages.create(model="claude-x", max_tokens=500, system=[{"type": "text", "text": "sys"}],
                                   messages=history, tools=tools, tool_choice={"type": "any"})  # fmt: skip
        with client.messages.stream(model="claude-x", max_tokens=50, messages=history, tools=tools) as stream:
            final = stream.get_final_message()
        sent = s.requests[0][2]
    assert [m["role"] for m in sent["messages"]] == ["system", "user", "assistant", "tool", "user"]
    assert sent["messages"][3] == {"role": "tool", "tool_call_id": "toolu_1", "content": "a.txt"}
    assert [t["function"]["name"] for t in sent["tools"]] == ["bash"] and sent["tool_choice"] == "required"
    assert m.stop_reason == "tool_use" and m.content[0].type == "tool_use" and m.content[0].input == {"command": "ls"}
    assert final.content[0].type == "text" and final.content[1].type == "tool_use"
    assert final.usage.input_tokens == 70 and final.usage.output_tokens == 9
    assert [(r.dialect, r.upstream, r.stream) for r in gw.meter.records] == [
        (MESSAGES, CHAT, False), (MESSAGES, CHAT, True)]  # fmt: skip


def test_messages_pass_through_to_anthropic_with_streamed_usage() -> None:
    usage = {"input_tokens": 100, "output_tokens": 1, "cache_read_input_tokens": 50, "cache_creation_input_tokens": 25}
    message: dict[str, Any] = {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": usage,
    }  # fmt: skip
    events = sse(
        ("message_start", {"type": "message_start", "message": message}),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text",
                                                                                               "text": ""}}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta",
                                                                                       "text": "hey"}}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                           "usage": {"output_tokens": 20}}),
        ("message_stop", {"type": "message_stop"}),
    )  # fmt: skip
    with ModelServer(lambda n, b: events) as s:
        up = upstream(f"{s.url}/v1", frozenset({MESSAGES}), stream_usage=True, anthropic_auth=True)
        with running(up) as gw:
            mcp = {"mcp_servers": [{"type": "url", "url": "https://example.invalid", "name": "x"}]}
            with gw.anthropic().messages.stream(model="m", max_tokens=10, messages=[{"role": "user", "content": "x"}],
                                                extra_body=mcp) as stream:  # fmt: skip
                text = stream.get_final_text()
            path, headers, sent = s.requests[0]
    assert path == "/v1/messages" and headers["x-api-key"] == HOST_KEY and "authorization" not in headers
    assert headers["anthropic-version"] and sent["model"] == "gpt-test" and "mcp_servers" not in sent
    assert text == "hey" and gw.meter.records[0].usage == Usage(100, 20, 50, 25)


def test_models_count_tokens_and_unknown_routes() -> None:
    with ModelServer(lambda n, b: openai_reply("x")) as s, running(upstream(f"{s.url}/v1")) as gw:
        http = gw.http()
        assert http.get("http://gateway/v1/models").json()["data"][0]["id"] == "gpt-test"
        count = http.post(
            "http://gateway/v1/messages/count_tokens", json={"messages": [{"role": "user", "content": "x" * 400}]}
        )
        assert count.status_code == 200 and count.json()["input_tokens"] > 50
        assert http.post("http://gateway/v1/embeddings", json={}).status_code == 404
        assert http.post("http://gateway/v1/chat/completions", content=b"{not json").status_code == 400
        assert s.requests == [] and gw.meter.records == []  # none of these reached the model or was metered


def test_the_log_holds_every_record_and_sums_to_the_totals(tmp_path: Path) -> None:
    def reply(n: int, body: dict[str, Any]) -> Reply:
        return openai_reply("x", prompt_tokens=100 * (n + 1), completion_tokens=n + 1, cached=n * 10)

    with ModelServer(reply) as s, running(upstream(f"{s.url}/v1"), tmp_path) as gw:
        client = gw.openai()
        for _ in range(3):
            client.chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}])
        list(client.responses.create(model="m", input="x", stream=True))
    records = read_records(gw.log)
    totals = gw.meter.totals()
    assert len(records) == 4 == totals["model_calls"]
    assert sum(r["usage"]["input"] for r in records) == totals["input_tokens"] == 1000 - 60
    assert sum(r["usage"]["cache_read"] for r in records) == totals["cache_read_tokens"] == 60
    assert sum(r["usd"] for r in records) == pytest.approx(totals["usd"])
    assert records[-1]["total_usd"] == pytest.approx(totals["usd"])


def test_a_small_context_gets_plain_text_turns_that_fit() -> None:
    body: dict[str, Any] = {
        "model": "x", "max_tokens": 4000,
        "messages": [
            {"role": "system", "content": "rules " * 3000}, {"role": "developer", "content": "more rules"},
            {"role": "user", "content": "fix it"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "exec_command", "arguments": '{"cmd":"ls"}'}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "out " * 2000},
        ],
        "tools": [{"type": "function", "function": {"name": "exec_command", "parameters": {}}}], "tool_choice": "auto",
    }  # fmt: skip
    fitted = fit_chat(body, context_tokens=1024, max_tokens=64)
    assert "tools" not in fitted and "tool_choice" not in fitted and fitted["max_tokens"] == 64
    roles = [m["role"] for m in fitted["messages"]]
    assert roles == ["system", "user", "assistant", "user"] and fitted["messages"][1]["content"] == "fix it"
    assert fitted["messages"][0]["content"].startswith("rules") and "more rules" in fitted["messages"][0]["content"]
    assert '[call exec_command] {"cmd":"ls"}' in fitted["messages"][2]["content"]
    assert (
        fitted["messages"][3]["content"].startswith("[result of c1]") and "clipped" in fitted["messages"][3]["content"]
    )
    assert sum(len(m["content"]) for m in fitted["messages"]) < (1024 - 64) * 3
    named = fit_chat({**body, "tool_choice": {"type": "function", "function": {"name": "exec_command"}}}, 1024, 64)
    assert [t["function"]["name"] for t in named["tools"]] == ["exec_command"]


def test_a_compressed_request_body_is_read() -> None:
    with ModelServer(lambda n, b: openai_reply("unzipped")) as s, running(upstream(f"{s.url}/v1")) as gw:
        body = gzip.compress(json.dumps({"model": "m", "messages": [{"role": "user", "content": "x"}]}).encode())
        headers = {"Content-Encoding": "gzip", "Content-Type": "application/json"}
        r = gw.http().post("http://gateway/v1/chat/completions", content=body, headers=headers)
        assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"] == "unzipped"
        headers["Content-Encoding"] = "br"
        assert gw.http().post("http://gateway/v1/chat/completions", content=body, headers=headers).status_code == 400


def test_events_split_anywhere_are_decoded_once() -> None:
    stream = (
        b'event: a\r\ndata: {"x": 1}\r\n\r\n: comment\r\ndata: line one\r\ndata: line two\r\n\r\ndata: [DONE]\r\n\r\n'
    )
    for cut in range(1, len(stream)):
        decoder = Decoder()
        events = decoder.feed(stream[:cut]) + decoder.feed(stream[cut:])
        assert [(e.event, e.data) for e in events] == [
            ("a", '{"x": 1}'), ("", "line one\nline two"), ("", "[DONE]")], cut  # fmt: skip
    assert events[0].json() == {"x": 1} and events[2].json() is None
