"""`worktrial skills run` end to end: real jobs in the bwrap sandbox on bundled session tasks, consumers and a
creator played by a scripted model on a real local server (the edge of the machine). The scripted consumer
writes the accepted deliverable only when a skill is in its system prompt, so a positive Δ proves the skill
travelled creator → file → spec → harness → model, and the figures are checked against the stored trials."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from statistics import fmean
from typing import Any

import pytest
from typer.testing import CliRunner

from worktrial.cli import app
from worktrial.store import Home, Store

from ..agents.model_server import ModelServer, Reply, openai_reply

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")

SESSIONS = Path(__file__).resolve().parents[2] / "suites" / "sessions"
TASKS = ["hk-0004", "hk-0041", "hk-0137"]  # executive one-pagers in Markdown
CREATOR_TEXT = "Compute every ratio the request names from the attached report and show it."


def _accepted(task: str) -> tuple[str, str]:
    [ref] = sorted((SESSIONS / task / "hidden" / "reference").iterdir())
    return ref.name, ref.read_text(encoding="utf-8")


def _script(creator_calls: list[int]) -> Any:
    def reply(n: int, body: dict[str, Any]) -> Reply:
        messages = body["messages"]
        if not body.get("tools"):  # the creator: one plain completion
            creator_calls.append(n)
            return openai_reply(text=CREATOR_TEXT, n=n)
        brief = next(m["content"] for m in messages if m["role"] == "user")
        task = next(t for t in TASKS if _accepted(t)[0] in brief)
        if any(m["role"] == "assistant" for m in messages):
            return openai_reply(calls=[("submit", {"summary": "done"})], n=n)
        skilled = "Skills (also in" in messages[0]["content"]
        name, text = _accepted(task)
        content = text if skilled else "One page for leadership.\n"
        return openai_reply(calls=[("write_file", {"path": f"output/{name}", "content": content})], n=n)

    return reply


def test_skills_run_measures_the_skill_on_held_out_tasks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    consumer = "react:openai-compatible/scripted?max_actions=4"
    calls: list[int] = []
    args = ["skills", "run", "--suite", str(SESSIONS), "--role-class", "executive", "--consumer", consumer,
            "--creator", "offline", "--creator", "openai-compatible/creator", "--train", "1", "--heldout", "2",
            "--home", str(tmp_path / "home"), "--json", *[x for t in TASKS for x in ("--task", t)]]  # fmt: skip
    with ModelServer(_script(calls)) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        res = CliRunner().invoke(app, args)
        assert res.exit_code == 0, res.output
        doc = json.loads(res.stdout)
        assert len(calls) == 1  # one model creator, asked once
        again = CliRunner().invoke(app, args)
        assert again.exit_code == 0, again.output
        assert len(calls) == 1  # the same feedback: the creator's cached answer is replayed
    assert sorted([*doc["train"], *doc["heldout"]]) == [f"{t}/base" for t in TASKS] and len(doc["heldout"]) == 2
    store = Store(Home(tmp_path / "home").db_url)
    base = {r.instance: r.score for r in store.trials(doc["baseline_job"]) if r.agent == consumer}
    skilled_rows = store.trials(doc["skill_job"])
    assert {r.status for r in skilled_rows} == {"done"} and len(skilled_rows) == 4  # 2 creators × 2 held-out
    folder = Path(doc["folder"])
    for cell in doc["matrix"]:
        spec = doc["skills"][f"{consumer}\t{cell['creator']}"]
        mine = {r.instance: r.score for r in skilled_rows if r.agent == spec}
        assert cell["n"] == 2
        assert cell["baseline"] == pytest.approx(fmean(base[i] for i in doc["heldout"]))
        assert cell["with_skill"] == pytest.approx(fmean(mine[i] for i in doc["heldout"]))
        assert cell["delta"] == pytest.approx(cell["with_skill"] - cell["baseline"]) and cell["delta"] > 0.3
        assert cell["ci_low"] <= cell["delta"] <= cell["ci_high"]
    skills = sorted(p.read_text() for p in folder.glob("*/*/SKILL.md"))
    assert len(skills) == 2 and any(CREATOR_TEXT in s for s in skills)
    assert any("Checks earlier attempts failed most often" in s for s in skills)  # the offline creator's checklist
    html = (folder / "matrix.html").read_text()
    assert "Consumer × creator" in html and "openai-compatible/creator" in html
    shown = CliRunner().invoke(app, ["skills", "show", doc["experiment"], "--home", str(tmp_path / "home")])
    assert shown.exit_code == 0 and "held-out n" in shown.stdout


def test_too_few_tasks_is_refused_before_any_job(tmp_path: Path) -> None:
    res = CliRunner().invoke(
        app,
        ["skills", "run", "--suite", str(SESSIONS), "--role-class", "executive", "--consumer", "noop",
         "--creator", "offline", "--task", "hk-0004", "--home", str(tmp_path / "home")],
    )  # fmt: skip
    assert res.exit_code == 2 and "fewer than --train 2 + --heldout 2" in res.output
    assert Store(Home(tmp_path / "home").db_url).jobs() == []
