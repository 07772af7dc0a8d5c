"""External harness adapters without running them: specs, launch commands, transcripts, how a run ends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worktrial.agents import UnknownAgent, make_agent
from worktrial.agents.external import ClaudeCode, Codex, ExternalAgent, LaunchContext, parse_external_spec
from worktrial.agents.external.install import package_version
from worktrial.agents.gateway import GatewayMeter
from worktrial.agents.providers import Price, Usage
from worktrial.sandbox import ExecResult
from worktrial.tasks import Budgets

CODEX_EVENTS = [
    {"type": "thread.started", "thread_id": "t1"},
    {"type": "turn.started"},
    {"type": "item.completed", "item": {"id": "item_0", "type": "reasoning", "text": "thinking"}},
    {"type": "item.completed", "item": {"id": "item_1", "type": "agent_message", "text": "Looking."}},
    {"type": "item.started", "item": {"id": "item_2", "type": "command_execution", "command": "ls",
                                      "aggregated_output": "", "exit_code": None, "status": "in_progress"}},
    {"type": "item.completed", "item": {"id": "item_2", "type": "command_execution", "command": "ls",
                                        "aggregated_output": "TASK.md\n", "exit_code": 0, "status": "completed"}},
    {"type": "item.completed", "item": {"id": "item_3", "type": "file_change", "status": "completed",
                                        "changes": [{"path": "/workspace/system/config.json", "kind": "update"}]}},
    {"type": "item.completed", "item": {"id": "item_4", "type": "command_execution", "command": "false",
                                        "aggregated_output": "", "exit_code": 1, "status": "failed"}},
    {"type": "item.completed", "item": {"id": "item_5", "type": "agent_message", "text": "Done."}},
    {"type": "turn.completed", "usage": {"input_tokens": 120, "cached_input_tokens": 20, "output_tokens": 9}},
]  # fmt: skip

CLAUDE_EVENTS = [
    {"type": "system", "subtype": "init", "model": "m", "tools": ["Bash"]},
    {"type": "assistant", "message": {"content": [{"type": "text", "text": "Let me look."},
                                                  {"type": "tool_use", "id": "t1", "name": "Bash",
                                                   "input": {"command": "ls"}}]}},
    {"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "t1",
                                              "content": [{"type": "text", "text": "TASK.md"}]}]}},
    {"type": "assistant", "message": {"content": [{"type": "text", "text": "Done."}]}},
    {"type": "result", "subtype": "success", "is_error": False, "num_turns": 2, "result": "Done.",
     "usage": {"input_tokens": 30, "output_tokens": 4, "cache_read_input_tokens": 0}},
]  # fmt: skip


def test_specs() -> None:
    harness, model, options = parse_external_spec("codex:openai/gpt-5?max_usd=2&max_calls=40&context_tokens=2048")
    assert (harness, model, options.max_usd, options.max_calls, options.context_tokens) == (
        "codex", "openai/gpt-5", 2.0, 40, 2048)  # fmt: skip
    assert parse_external_spec("claude-code:local/smollm2")[2].max_calls is None
    for bad, why in [
        ("codex:", "no model"),
        ("codex:nowhere/model", "bad model id"),
        ("codex:openai/gpt-5?colour=red", "bad option"),
        ("codex:openai/gpt-5?max_usd=-1", "must be positive"),
        ("codex:openai/unpriced-model", "no price"),
    ]:
        with pytest.raises(ValueError, match=why):
            parse_external_spec(bad)
    assert parse_external_spec("codex:openai/unpriced-model?prices=1,2")[2].prices == "1,2"


def test_a_missing_install_is_refused_when_the_job_is_planned(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("WORKTRIAL_HARNESSES", str(tmp_path))
    (tmp_path / "node_modules").mkdir()
    with pytest.raises(UnknownAgent, match=r"install_harnesses\.sh"):
        make_agent("codex:openai/gpt-5", None, tmp_path)  # type: ignore[arg-type]
    with pytest.raises(UnknownAgent, match="bad option"):
        make_agent("claude-code:openai/gpt-5?x=1", None, tmp_path)  # type: ignore[arg-type]
    package = tmp_path / "node_modules" / "@openai" / "codex"
    package.mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"version": "9.9.9"}))
    agent = make_agent("codex:openai/gpt-5?max_usd=1", None, tmp_path)  # type: ignore[arg-type]
    assert isinstance(agent, ExternalAgent) and agent.version == "9.9.9" and agent.name == "codex:openai/gpt-5"
    assert package_version(tmp_path, "@anthropic-ai/claude-code") is None


def _ctx(root: Path) -> LaunchContext:
    return LaunchContext("openai/gpt-5", "gpt-5", "http://127.0.0.1:8642", root, "/run/state", Budgets())


def test_codex_is_launched_at_the_gateway(tmp_path: Path) -> None:
    launch = Codex().launch(_ctx(tmp_path))
    argv = " ".join(launch.argv)
    assert launch.argv[:2] == ["node", "/opt/worktrial/harnesses/node_modules/@openai/codex/bin/codex.js"]
    assert "exec --json" in argv and "--dangerously-bypass-approvals-and-sandbox" in argv and argv.endswith(" -")
    assert 'base_url="http://127.0.0.1:8642/v1", wire_api="responses"' in argv and "-m gpt-5" in argv
    assert launch.env["HOME"] == "/run/state/home" and launch.env["CODEX_HOME"] in launch.mkdir
    assert not any(k.endswith("_API_KEY") for k in launch.env)  # the gateway holds the key


def test_claude_code_is_launched_at_the_gateway(tmp_path: Path) -> None:
    launch = ClaudeCode().launch(_ctx(tmp_path))
    assert launch.argv[0] == "node" and launch.argv[1].endswith("cli-wrapper.cjs")  # no native binary in place
    assert launch.argv[-2:] == ["--model", "gpt-5"] and "stream-json" in launch.argv
    assert launch.env["ANTHROPIC_BASE_URL"] == "http://127.0.0.1:8642"
    assert launch.env["ANTHROPIC_API_KEY"] == "worktrial-gateway" and launch.memory_mb


def test_codex_transcript() -> None:
    t = Codex().parse([json.dumps(e) for e in CODEX_EVENTS] + ["not json"])
    kinds = [k for k, _ in t.events]
    assert kinds == ["reasoning", "message", "tool_call", "tool_result", "tool_call", "tool_result", "tool_call",
                     "tool_result", "message"]  # fmt: skip
    results = [d for k, d in t.events if k == "tool_result"]
    assert [r["ok"] for r in results] == [True, True, False] and results[0]["output"] == "TASK.md\n"
    assert (t.actions, t.turns, t.final_text, t.unparsed) == (3, 1, "Done.", 1)
    assert t.reported_usage == {"input_tokens": 120, "cached_input_tokens": 20, "output_tokens": 9}


def test_claude_code_transcript() -> None:
    t = ClaudeCode().parse([json.dumps(e) for e in CLAUDE_EVENTS])
    calls = [d for k, d in t.events if k == "tool_call"]
    results = [d for k, d in t.events if k == "tool_result"]
    assert calls[0]["tool"] == "Bash" and calls[0]["arguments"] == {"command": "ls"}
    assert results[0] == {**results[0], "tool": "Bash", "ok": True, "output": "TASK.md"}
    assert (t.actions, t.turns, t.final_text, t.errors) == (1, 2, "Done.", [])
    failed = ClaudeCode().parse([json.dumps({"type": "result", "is_error": True, "result": "API Error: 402"})])
    assert failed.errors == ["API Error: 402"]


@pytest.mark.parametrize(
    ("state", "exit_code", "timed_out", "expected"),
    [
        ("error", 1, False, "error"),
        ("max_usd", 1, False, "max_usd"),
        ("max_calls", 1, False, "max_actions"),
        ("", 0, False, "completed"),
        ("", 0, True, "max_minutes"),
        ("answered", 1, False, "completed"),  # it failed after talking to the model: its own doing
        ("", 1, False, "error"),  # it failed before any answer: it never ran
    ],
)
def test_how_a_run_ends(state: str, exit_code: int, timed_out: bool, expected: str, tmp_path: Path) -> None:
    meter = GatewayMeter("openai/gpt-5", Price(1_000_000, 0), "v", max_usd=1.0, max_calls=3)
    if state == "error":
        meter.fail("HTTP 503 (after 6 tries)")
    elif state == "max_usd":
        meter.admit()
        meter.record("ok", "responses", "responses", usage=Usage(2))
    elif state == "max_calls":
        for _ in range(3):
            meter.admit()
    elif state == "answered":
        meter.admit()
        meter.record("ok", "responses", "responses")
    agent = ExternalAgent(Codex(), "openai/gpt-5", parse_external_spec("codex:openai/gpt-5")[2], tmp_path, tmp_path,
                          "0")  # fmt: skip
    result = ExecResult(124 if timed_out else exit_code, "", "boom", 1.0, timed_out)
    termination, detail = agent.ending(result, meter, Codex().parse([]))
    assert termination == expected, detail


def test_the_lazily_registered_harnesses_are_the_external_ones() -> None:
    # `worktrial.agents` registers these names without loading agents/external; the list must stay complete.
    import subprocess
    import sys

    from worktrial.agents import EXTERNAL_HARNESSES
    from worktrial.agents.external import HARNESSES

    assert set(EXTERNAL_HARNESSES) == {*HARNESSES, "cmd"}
    heavy = ("openai", "anthropic", "alembic", "worktrial.agents.external")
    probe = f"import sys, worktrial.cli.run; print([m for m in {heavy!r} if m in sys.modules])"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"  # `worktrial run` of calibration agents loads no SDK, Alembic or harness
