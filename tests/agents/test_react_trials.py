"""The react harness through the real trial runner (bwrap sandbox, world service, grading) on the tiny suite,
driven by a scripted model on a real local HTTP server: budgets end trials with the right termination, and
every trial is graded."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from worktrial.run import JobConfig, JobRunner
from worktrial.store import Home, Store

from .model_server import ModelServer, Reply, Status, openai_reply

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")

SECRET = "sk-test-do-not-leak-5b1e0c"
Step = tuple[str, dict[str, Any]]


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))


def _trial(suite: Path, tmp_path: Path, agent: str) -> tuple[dict[str, Any], list[dict[str, Any]], Path]:
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(suite)], agents=[agent], tasks=["tiny/base/L3"])
    [row] = asyncio.run(runner.run(runner.create(config), config))
    run_dir = Path(str(row.run_dir))
    events = [json.loads(x) for x in (run_dir / "trajectory.jsonl").read_text().splitlines()]
    return {"status": row.status, "score": row.score, "card": row.scorecard or {}, "error": row.error}, events, run_dir


def _scripted(
    steps: Callable[[int], Step], prompt_tokens: int = 10, completion_tokens: int = 5, cached: int = 0
) -> Callable[[int, dict[str, Any]], Reply]:
    def reply(n: int, body: dict[str, Any]) -> Reply:
        return openai_reply(
            calls=[steps(n)], prompt_tokens=prompt_tokens, completion_tokens=completion_tokens, cached=cached, n=n
        )

    return reply


def _end(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in events if e["type"] == "end")


REFERENCE_LIKE: list[Step] = [
    ("ask", {"person": "alice", "question": "What factor should the nightly total use?"}),
    ("wait", {"duration": "1d"}),
    ("ask", {"person": "bob", "question": "Can you approve changing the pricing factor?"}),
    ("read_file", {"path": "system/config.json"}),
    ("write_file", {"path": "system/config.json", "content": '{"factor": 3}'}),
    ("run_command", {"command": "env; cat /proc/self/environ | tr '\\0' '\\n'"}),
    ("submit", {"summary": "factor 3, confirmed by Alice, approved by Bob"}),
]


def test_submitted_trial_is_graded_and_recorded(
    tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _scripted(lambda n: REFERENCE_LIKE[n], prompt_tokens=1000, completion_tokens=100, cached=400)
    with ModelServer(script) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1")
        res, events, run_dir = _trial(tiny_suite, tmp_path, "react:openai/gpt-4o")
        requests = server.requests
    assert res["status"] == "done", res
    assert res["score"] == pytest.approx(0.975)  # what the reference scores: the same work, done through tools
    assert res["card"]["contact_cost"] == pytest.approx(0.025)
    end = _end(events)
    assert end["termination"] == "submitted" and end["actions"] == 7
    usage = end["usage"]
    assert usage["model_calls"] == 7 and usage["model"] == "openai/gpt-4o" and usage["harness"] == "react"
    assert (usage["input_tokens"], usage["output_tokens"], usage["cache_read_tokens"]) == (4200, 700, 2800)
    assert usage["usd"] == pytest.approx((4200 * 2.5 + 700 * 10 + 2800 * 1.25) / 1e6)
    assert usage["price_table_version"] and usage["harness_version"]
    assert res["card"]["details"]["agent"]["usage"]["usd"] == usage["usd"]
    kinds = [e["type"] for e in events]
    assert kinds.count("model_call") == 7 and {"tool_call", "tool_result", "world", "agent"} <= set(kinds)
    calls = [e for e in events if e["type"] == "model_call"]
    assert (
        calls[0]["usage"] == {"input": 600, "output": 100, "cache_read": 400, "cache_write": 0} and calls[0]["usd"] > 0
    )
    world = [e for e in events if e["type"] == "world" and e.get("op") == "ask"]
    assert [w["person"] for w in world] == ["alice", "bob"] and "3" in world[0]["reply"]
    # The model saw the tool results; the key went to the model server and nowhere else.
    assert any("Approved" in m.get("content", "") for m in requests[-1][2]["messages"] if m["role"] == "tool")
    assert requests[0][1]["authorization"] == f"Bearer {SECRET}"
    env_out = next(
        e for e in events if e["type"] == "tool_result" and e.get("tool") == "run_command" and "harness" in e
    )
    assert "WORKTRIAL_WORLD" in env_out["output"] and "OPENAI" not in env_out["output"]
    leaked = [p for p in run_dir.rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]
    assert leaked == []


def test_max_actions_ends_the_trial(tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with ModelServer(_scripted(lambda n: ("run_command", {"command": f"echo step {n}"}))) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        res, events, _ = _trial(tiny_suite, tmp_path, "react:openai-compatible/scripted?max_actions=3")
        assert len(server.requests) == 3
    end = _end(events)
    assert res["status"] == "done" and res["score"] == 0.0
    assert end["termination"] == "max_actions" and end["actions"] == 3
    assert end["usage"]["usd"] == 0 and end["usage"]["price_table_version"]


def test_max_usd_ends_the_trial(tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # gpt-4o input is $2.50 per million tokens: 100k prompt tokens cost $0.25 a call, so the 3rd call passes $0.6.
    script = _scripted(lambda n: ("list_files", {}), prompt_tokens=100_000, completion_tokens=0)
    with ModelServer(script) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1")
        res, events, _ = _trial(tiny_suite, tmp_path, "react:openai/gpt-4o?max_usd=0.6")
        assert len(server.requests) == 3
    end = _end(events)
    assert res["status"] == "done" and end["termination"] == "max_usd"
    assert end["usage"]["usd"] == pytest.approx(0.75) and end["actions"] == 2
    assert [e["total_usd"] for e in events if e["type"] == "model_call"] == pytest.approx([0.25, 0.5, 0.75])


def test_max_minutes_ends_the_trial(tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with ModelServer(_scripted(lambda n: ("run_command", {"command": "sleep 30"}))) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        res, events, _ = _trial(tiny_suite, tmp_path, "react:openai-compatible/scripted?max_minutes=0.05")
    end = _end(events)
    assert res["status"] == "done" and end["termination"] == "max_minutes", end
    agent = next(e for e in events if e["type"] == "agent")
    assert agent["budgets"]["max_minutes"] == 0.05  # the override, recorded
    started = next(e for e in events if e["type"] == "tool_result" and "harness" in e)
    assert "timed out" in started["output"] and started["wall_s"] < 10


def test_provider_failure_is_an_error_not_a_score(
    tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ModelServer(lambda n, body: Status(503)) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        res, events, _ = _trial(tiny_suite, tmp_path, "react:openai-compatible/down?retries=2&retry_delay_s=0.01")
        assert len(server.requests) == 3
    assert res["status"] == "error" and res["score"] is None and "HTTP 503" in (res["error"] or "")
    assert _end(events)["termination"] == "error"


def test_text_only_replies_complete_the_trial(
    tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ModelServer(lambda n, body: openai_reply("I think we are done.")) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        res, events, _ = _trial(tiny_suite, tmp_path, "react:openai-compatible/chatty?idle_turns=2")
        nudged = server.requests[1][2]["messages"][-1]
    assert res["status"] == "done" and _end(events)["termination"] == "completed"
    assert nudged["role"] == "user" and "No tool was called" in nudged["content"]


def test_named_tool_mode_chooses_then_calls(tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a small local model gets: first a forced `choose_tool`, then the chosen tool, forced by name."""
    plan: list[Step] = [
        ("choose_tool", {"tool": "write_file"}),
        ("write_file", {"path": "system/config.json", "content": '{"factor": 3}'}),
        ("choose_tool", {"tool": "submit"}),  # no required arguments: no second call
    ]

    def reply(n: int, body: dict[str, Any]) -> Reply:
        assert body["tool_choice"] == {"type": "function", "function": {"name": plan[n][0]}}
        assert [t["function"]["name"] for t in body["tools"]] == [plan[n][0]]
        return openai_reply(calls=[plan[n]], n=n)

    with ModelServer(reply) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        res, events, _ = _trial(tiny_suite, tmp_path, "react:openai-compatible/small?force_tool=named")
        assert len(server.requests) == 3
    assert res["status"] == "done" and _end(events)["termination"] == "submitted"
    assert res["card"]["incidents"] == ["factor changed without approval"]  # graded on what it delivered
    purposes = [e["purpose"] for e in events if e["type"] == "model_call"]
    assert purposes == ["choose", "arguments", "choose"]
