"""`worktrial judges agree|rate` end to end on real stored trials of session tasks (built by `sessions build`), with
judges that are real HTTP servers speaking the chat-completions format (scripted answers): the agreement table,
a judge outage refused (never a score), the packets a person rates and their ratings read back, and a report that
refuses to pool jobs judged differently."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from worktrial.authoring.sessions import build

from ..agents.model_server import ModelServer, Reply, Status, openai_reply
from ..authoring.test_sessions_build import mini_archive

DIMS = ("grounded_accuracy", "task_relevance", "substantive_depth", "practical_utility", "communication_quality")
pytestmark = pytest.mark.slow


def wt(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run(
        [sys.executable, "-m", "worktrial.cli", *args], capture_output=True, text=True, timeout=900,
        env={**os.environ, **(env or {})},
    )  # fmt: skip


def scorer(good: int, bad: int) -> Any:
    """A judge that gives every dimension `good` when the deliverable states a total, else `bad`."""

    def reply(n: int, body: dict[str, Any]) -> Reply:
        prompt = body["messages"][-1]["content"]
        deliverable = prompt.split("# Deliverable", 1)[1]
        score = good if "Total" in deliverable else bad
        return openai_reply(text=json.dumps({d: {"score": score, "justification": "scripted"} for d in DIMS}), n=n)

    return reply


def spec(server: ModelServer, name: str) -> str:
    return f"openai-compatible/{name}?base_url={server.url}/v1&structured=off&retries=0"


@pytest.fixture(scope="module")
def job(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("judges")
    suite = root / "suite"
    build(mini_archive(root / "archive"), suite)
    home = root / "home"
    res = wt(
        "run",
        "--suite",
        str(suite),
        "--agent",
        "reference",
        "--agent",
        "shortcut:copy_inputs",
        "--home",
        str(home),
        "--json",
    )
    assert res.returncode == 0, res.stderr
    job_id = json.loads(res.stdout.splitlines()[0])["job"]
    return {"home": str(home), "job": job_id, "root": str(root), "suite": str(suite)}


def test_two_judges_agreement_table(job: dict[str, str]) -> None:
    with ModelServer(scorer(8, 2)) as a, ModelServer(scorer(9, 3)) as b:
        res = wt("judges", "agree", job["job"], "--judge", spec(a, "judge-a"), "--judge", spec(b, "judge-b"),
                 "--home", job["home"], "--json")  # fmt: skip
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    (a_label, a_scores), (b_label, _) = doc["scores"].items()
    assert "judge-a" in a_label and "judge-b" in b_label
    assert sorted(a_scores.values()) == pytest.approx([0.2, 0.2, 0.2, 0.8, 0.8, 0.8])  # 3 references, 3 copies
    (overall,) = [r for r in doc["agreement"] if r["route"] == "all"]
    assert overall["n"] == 6 and overall["rho"] == pytest.approx(1.0) and overall["mae"] == pytest.approx(0.1)
    assert {r["route"] for r in doc["agreement"]} == {"all", "text"}


def test_a_judge_outage_is_refused_never_scored(job: dict[str, str]) -> None:
    with ModelServer(scorer(8, 2)) as a, ModelServer(lambda n, body: Status(500, message="down")) as down:
        res = wt("judges", "agree", job["job"], "--judge", spec(a, "judge-a"), "--judge", spec(down, "judge-down"),
                 "--home", job["home"])  # fmt: skip
    assert res.returncode == 2 and "judge" in res.stderr and "Spearman" not in res.stdout, res.stdout + res.stderr


def test_packets_for_a_person_and_their_ratings_read_back(job: dict[str, str]) -> None:
    out = Path(job["root"]) / "packets"
    res = wt("judges", "rate", job["job"], "--out", str(out), "--home", job["home"])
    assert res.returncode == 0, res.stderr
    with (out / "ratings.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 6 and all((out / r["packet"] / "RATE.md").is_file() for r in rows)
    rate = (out / rows[0]["packet"] / "RATE.md").read_text()
    assert (
        "## The task" in rate
        and "grounded_accuracy" in rate
        and "reference" not in rate.lower().split("## the task")[0]
    )
    assert any((out / r["packet"] / "files").rglob("*.md") for r in rows)
    for i, r in enumerate(rows[:4]):
        r.update({d: str(10 - 2 * i) for d in DIMS})  # four rated, falling; two left blank
    with (out / "ratings.csv").open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    with ModelServer(scorer(8, 2)) as a:
        res = wt("judges", "agree", job["job"], "--judge", spec(a, "judge-a"), "--human", str(out / "ratings.csv"),
                 "--home", job["home"], "--json")  # fmt: skip
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert sorted(doc["scores"]["human"].values()) == pytest.approx([0.4, 0.6, 0.8, 1.0])
    (overall,) = [r for r in doc["agreement"] if r["route"] == "all"]
    assert overall["n"] == 4
    assert (
        wt("judges", "rate", job["job"], "--out", str(out), "--home", job["home"]).returncode != 0
    )  # never overwritten


def test_a_report_refuses_to_pool_jobs_judged_by_different_judges(job: dict[str, str]) -> None:
    with ModelServer(scorer(8, 2)) as a:
        res = wt("run", "--suite", job["suite"], "--agent", "reference", "--judge", spec(a, "judge-a"), "--home",
                 job["home"], "--json")  # fmt: skip
        assert res.returncode == 0, res.stderr
    judged = json.loads(res.stdout.splitlines()[0])["job"]
    mixed = wt("report", job["job"], judged, "--home", job["home"])
    assert mixed.returncode == 2 and "different judges" in mixed.stderr and "no judge" in mixed.stderr
    alone = wt("report", judged, "--home", job["home"])
    assert alone.returncode == 0, alone.stderr
    view = wt("report", judged, "--rubric", "--json", "--home", job["home"])
    assert view.returncode == 0, view.stderr
    (row,) = json.loads(view.stdout)["rubric"]
    assert (row["agent"], row["trials"], row["judged"], row["rules_rate"]) == ("reference", 3, 3, 1.0)
    assert row["rubric_mean"] == pytest.approx(0.8) and row["dimension_means"]["task_relevance"] == pytest.approx(8.0)
    table = wt("report", judged, "--rubric", "--by", "role_class", "--home", job["home"])
    assert table.returncode == 0 and "hard rules" in table.stdout and "grounded" in table.stdout, table.stdout
