"""`cmd:` agents: any program in the trial's sandbox, with or without the metering gateway's model endpoint."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from worktrial.agents import UnknownAgent, make_agent
from worktrial.agents.external import ExternalAgent, parse_command_spec, with_model
from worktrial.agents.external.base import LaunchContext
from worktrial.agents.external.command import CommandHarness
from worktrial.agents.gateway import read_records
from worktrial.agents.providers import price_table
from worktrial.run import JobConfig, JobRunner
from worktrial.store import Home, Store
from worktrial.tasks import Budgets

from .model_server import ModelServer, Reply, openai_reply

SECRET = "sk-test-command-agent-never-in-the-sandbox-5d1e"
needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")

WORK_SH = """#!/bin/bash
set -e
echo "workspace: $1"
echo "brief: $(cat "$2")"
bin/ask alice "What factor should the nightly total use?"
bin/ask --wait 1d
bin/ask bob "Can you approve changing the pricing factor?"
echo '{"factor": 3}' > system/config.json
echo "model endpoint: ${OPENAI_BASE_URL:-none}"
echo "a warning" >&2
exit 3
"""

# Speaks both wire formats with nothing but the standard library, as any SDK client would.
AGENT_PY = r"""
import json, os, re, subprocess, sys, urllib.request

def post(url, body, headers):
    request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json", **headers})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)

model, brief = sys.argv[1], open(sys.argv[2]).read()
chat = post(os.environ["OPENAI_BASE_URL"] + "/chat/completions",
            {"model": model, "messages": [{"role": "user", "content": brief}]},
            {"authorization": "Bearer " + os.environ["OPENAI_API_KEY"]})
advice = chat["choices"][0]["message"]["content"]
print("openai-style:", advice)
note = post(os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages",
            {"model": model, "max_tokens": 64, "messages": [{"role": "user", "content": "Who approves?"}]},
            {"x-api-key": os.environ["ANTHROPIC_API_KEY"], "anthropic-version": "2023-06-01"})
print("anthropic-style:", note["content"][0]["text"])
subprocess.run(["bin/ask", "alice", "What factor should the nightly total use?"], check=True)
subprocess.run(["bin/ask", "--wait", "1d"], check=True)
subprocess.run(["bin/ask", "bob", "Can you approve changing the pricing factor?"], check=True)
json.dump({"factor": int(re.search(r"factor (\d+)", advice)[1])}, open("system/config.json", "w"))
print("sandbox sees:", os.environ["OPENAI_API_KEY"], os.environ["WORKTRIAL_MODEL"], os.environ["WORKTRIAL_MODEL_ID"])
"""


def _program(tmp_path: Path, name: str, text: str) -> Path:
    """A program in a folder of its own; the sandbox's unprivileged user must be able to read both."""
    folder = tmp_path / "harness"
    folder.mkdir(exist_ok=True)
    folder.chmod(0o755)
    path = folder / name
    path.write_text(text)
    path.chmod(0o755)
    return folder


def _trial(suite: Path, tmp_path: Path, agent: str) -> tuple[Any, list[dict[str, Any]], Path]:
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(suite)], agents=[agent], tasks=["tiny/base/L3"])
    [row] = asyncio.run(runner.run(runner.create(config), config))
    run_dir = Path(str(row.run_dir))
    events = [json.loads(x) for x in (run_dir / "trajectory.jsonl").read_text().splitlines()]
    return row, events, run_dir


def _one(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    [event] = [e for e in events if e["type"] == kind]
    return event


def test_spec_forms() -> None:
    plain = parse_command_spec("cmd:  my-harness --task {brief_file} ")
    assert (plain.command, plain.model_id, plain.mounts) == ("my-harness --task {brief_file}", None, ())
    metered = parse_command_spec("cmd[openai/gpt-4o?max_usd=2&max_calls=9&mount=/usr/share]:run {model} [x]:y")
    assert (metered.command, metered.model_id, metered.mounts) == (
        "run {model} [x]:y",
        "openai/gpt-4o",
        ("/usr/share",),
    )
    assert (metered.options.max_usd, metered.options.max_calls) == (2, 9)
    assert parse_command_spec("cmd[?max_minutes=5]:true").options.max_minutes == 5
    # Ollama-style model names hold a colon; the bracket keeps them apart from the command.
    assert parse_command_spec("cmd[openai-compatible/qwen2.5:7b]:true").model_id == "openai-compatible/qwen2.5:7b"


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("cmd:", "no command"),
        ("cmd[openai/gpt-4o:true", r"no '\]:' after the model"),
        ("cmd:echo 'unclosed", "not valid bash"),
        ("cmd:run --model {model}", r"\{model\} needs a model: add --model"),
        ("cmd[?max_usd=1]:true", "option max_usd needs a model"),
        ("cmd[openai/gpt-5.5]:true", "no price for openai/gpt-5.5"),
        ("cmd[openai/gpt-4o?turbo=1]:true", "bad option 'turbo=1'"),
        ("cmd[?mount=relative/dir]:true", "absolute, normalised host path"),
        ("cmd[?mount=/workspace/x]:true", "the trial's own folders"),
        ("cmd[?mount=/run]:true", "the trial's own folders"),
        ("cmd[?mount=/tmp]:true", "the trial's own folders"),
        ("cmd[?mount=/etc]:true", "the trial's own folders"),
        ("cmd[?mount=/opt/worktrial/x]:true", "the trial's own folders"),
        ("cmd[?mount=/no/such/harness]:true", "no such file or folder"),
    ],
)
def test_bad_specs_are_refused_when_planned(spec: str, why: str, tmp_path: Path) -> None:
    with pytest.raises(UnknownAgent, match=why):
        make_agent(spec, None, tmp_path)  # type: ignore[arg-type]


def test_model_and_budget_flags_join_the_spec() -> None:
    assert with_model("cmd:run {model}", "openai/gpt-4o", "max_usd=0.5") == "cmd[openai/gpt-4o?max_usd=0.5]:run {model}"
    assert with_model("cmd[?mount=/opt/h]:run", "local/smollm2") == "cmd[local/smollm2?mount=/opt/h]:run"
    assert with_model("cmd:true", None, "max_minutes=5") == "cmd[?max_minutes=5]:true"
    assert with_model("cmd:true", None) == "cmd:true"
    with pytest.raises(ValueError, match="names its model"):
        with_model("cmd[openai/gpt-4o]:true", "local/smollm2")
    from worktrial.cli.run import agent_specs

    specs = agent_specs(
        ["cmd:run {model}", "noop"], ["openai/gpt-4o", "local/smollm2"], {"max_usd": 1, "max_actions": None}
    )
    assert specs == ["cmd[openai/gpt-4o?max_usd=1]:run {model}", "cmd[local/smollm2?max_usd=1]:run {model}", "noop"]


def test_a_long_command_gets_a_bounded_distinct_folder_name() -> None:
    from worktrial.run.plan import agent_slug

    first, second = agent_slug("cmd:" + "x" * 300 + " 1"), agent_slug("cmd:" + "x" * 300 + " 2")
    assert first != second and max(len(first), len(second)) <= 90 and first.startswith("cmd-xxx")


def test_the_launch_fills_placeholders_and_points_sdks_at_the_gateway() -> None:
    harness = CommandHarness("h {brief_file} -m {model} --url {base_url} -C {workspace} ${HOME} awk '{print $1}'")
    ctx = LaunchContext("openai/my model", "my model", "http://127.0.0.1:8642", None, "/run/state", Budgets(max_usd=3))
    launch = harness.launch(ctx)
    assert launch.argv == [
        "bash", "-c",
        "h /run/state/brief.md -m 'my model' --url http://127.0.0.1:8642/v1 -C /workspace ${HOME} awk '{print $1}'",
    ]  # fmt: skip
    assert launch.events is None and launch.env == {
        "OPENAI_BASE_URL": "http://127.0.0.1:8642/v1", "OPENAI_API_BASE": "http://127.0.0.1:8642/v1",
        "OPENAI_API_KEY": "worktrial-gateway", "ANTHROPIC_BASE_URL": "http://127.0.0.1:8642",
        "ANTHROPIC_API_KEY": "worktrial-gateway", "WORKTRIAL_MODEL": "my model",
        "WORKTRIAL_MODEL_ID": "openai/my model",
    }  # fmt: skip
    bare = harness.launch(LaunchContext("", "", "", None, "/run/state", Budgets()))
    assert bare.env == {} and "{model}" in bare.argv[2]  # no model: nothing to point at (the spec refuses {model})


@needs_bwrap
def test_a_command_without_a_model_edits_the_workspace_and_is_graded(tiny_suite: Path, tmp_path: Path) -> None:
    folder = _program(tmp_path, "work.sh", WORK_SH)
    agent = f"cmd[?max_minutes=1&mount={folder}]:{folder}/work.sh {{workspace}} {{brief_file}}"
    assert isinstance(make_agent(agent, None, tmp_path), ExternalAgent)  # type: ignore[arg-type]
    row, events, run_dir = _trial(tiny_suite, tmp_path, agent)
    assert row.status == "done" and row.solved and row.score > 0.9, row.scorecard
    end = _one(events, "end")
    # A failing exit is the command's own business: graded as it left the workspace, never voided.
    assert end["termination"] == "completed" and end["detail"] == "cmd exited 3: a warning"
    assert end["usage"]["model"] is None and end["usage"]["model_calls"] == 0 and end["usage"]["usd"] == 0
    assert _one(events, "agent")["budgets"]["max_minutes"] == 1
    output = _one(events, "harness_output")
    assert output["exit_code"] == 3 and output["stderr"] == "a warning\n"
    stdout = output["stdout"]
    assert "workspace: /workspace\n" in stdout and "brief: # Level L3: please make the nightly" in stdout
    assert "The factor is 3" in stdout and "Approved." in stdout and "model endpoint: none" in stdout
    state = run_dir / "harness"
    assert (state / "stdout.log").read_text() == stdout and (state / "stderr.log").read_text() == "a warning\n"
    assert "bin/ask" in (state / "prompt.md").read_text()
    assert (run_dir / "delivered" / "system" / "config.json").read_text() == '{"factor": 3}\n'


@needs_bwrap
def test_a_command_with_a_model_reaches_it_through_the_metering_gateway(
    tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))
    folder = _program(tmp_path, "agent.py", AGENT_PY)

    def reply(n: int, body: dict[str, Any]) -> Reply:
        text = "Use factor 3." if n == 0 else "Bob approves changes."
        return openai_reply(text, prompt_tokens=120, completion_tokens=6, n=n)

    agent = f"cmd[openai/gpt-4o?max_minutes=2&mount={folder}]:python3 {folder}/agent.py {{model}} {{brief_file}}"
    with ModelServer(reply) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1")
        row, events, run_dir = _trial(tiny_suite, tmp_path, agent)
        requests = server.requests
    assert row.status == "done" and row.solved, row.scorecard
    # Both SDK styles reached the trial's model, with the host's key, which never entered the sandbox.
    assert [p for p, _, _ in requests] == ["/v1/chat/completions"] * 2
    assert all(h["authorization"] == f"Bearer {SECRET}" and b["model"] == "gpt-4o" for _, h, b in requests)
    assert requests[0][2]["messages"][0]["content"].startswith("# Level L3: please make the nightly")
    stdout = _one(events, "harness_output")["stdout"]
    assert "openai-style: Use factor 3." in stdout and "anthropic-style: Bob approves changes." in stdout
    assert "sandbox sees: worktrial-gateway gpt-4o openai/gpt-4o" in stdout
    usage = _one(events, "end")["usage"]
    assert (usage["model_calls"], usage["input_tokens"], usage["output_tokens"]) == (2, 240, 12)
    price = price_table().lookup("openai/gpt-4o")
    assert price is not None and usage["usd"] == pytest.approx((240 * 2.5 + 12 * 10) / 1e6)
    records = read_records(run_dir / "gateway.jsonl")
    assert [r["dialect"] for r in records] == ["chat", "messages"]
    assert [e["usage"] for e in events if e["type"] == "model_call"] == [r["usage"] for r in records]
    leaked = [p for p in run_dir.rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]
    assert leaked == []


def test_a_bad_command_fails_the_plan_without_a_traceback(tiny_suite: Path, tmp_path: Path) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "run", "--suite", str(tiny_suite), "--home", str(tmp_path),
         "--task", "tiny/base/L3", "--agent", "cmd:echo 'unclosed"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert res.returncode == 2 and "the command is not valid bash" in res.stderr and "Traceback" not in res.stderr
