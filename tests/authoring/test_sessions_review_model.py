"""The model-backed reviewer of `worktrial sessions build`, against a scripted model on a real local server (the
edge of the machine): its answers decide the judgement steps, are cached and replayed byte for byte, unusable
answers fall back to the fixed rules, and an outage stops the build before anything is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from worktrial.authoring.sessions import ModelReviewer, ReviewUnavailable, build
from worktrial.cli import app

from ..agents.model_server import ModelServer, Reply, Status, openai_reply
from .test_sessions_build import EXPECTED, mini_archive, tree

MODEL = "openai-compatible/reviewer"
REWRITE = "Total sales.csv by region, give each region's share and summarise it in Markdown."


def _step(body: dict[str, Any]) -> str:
    prompt = body["messages"][0]["content"]
    return "self" if prompt.startswith("Could an assistant") else "tax" if prompt.startswith("Which role") else "rw"


def scripted(n: int, body: dict[str, Any]) -> Reply:
    step = _step(body)
    prompt = body["messages"][0]["content"]
    if step == "self":
        asked_back = "Which split do you need" in prompt or "usual format" in prompt
        verdict = {"self_contained": not asked_back, "reason": "outside_context" if asked_back else "ok"}
        return openai_reply(json.dumps({**verdict, "detail": "judged"}))
    if step == "tax":
        return openai_reply('Here you are: {"role_class": "finance_ops", "skill_subclass": "budgeting"}')
    return openai_reply(REWRITE)


def test_the_model_decides_the_judgement_steps_and_a_replay_is_byte_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = mini_archive(tmp_path / "archive")
    cache = tmp_path / "cache"
    with ModelServer(scripted) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        reviewer = ModelReviewer(MODEL, cache)
        funnel = build(archive, tmp_path / "a", reviewer)
        asked = len(server.requests)
    got = {d.session: (d.stage, d.reason) for d in funnel.decisions}
    # the model read "asked-back" as outside the session's context; every other decision is the rules' as well
    assert got == {**EXPECTED, "asked-back": ("self_contained", "outside_context")}
    built = [d for d in funnel.decisions if d.stage == "built"]
    assert {(d.role_class, d.skill_subclass) for d in built} == {("finance_ops", "finance_ops__budgeting")}
    instruction = (tmp_path / "a" / "good-plain" / "instruction.md").read_text()
    assert instruction.startswith(REWRITE + "\n\nInput files:\n- `input/sales.csv`")
    assert "Delivery requirements:" in instruction
    assert json.loads((tmp_path / "a" / "BUILD.json").read_text())["reviewer"] == f"model:{MODEL}"
    assert asked == reviewer.calls > 0 and not reviewer.fallbacks

    # the same archive and cache, no model at all: nothing is asked and the suite is the same, byte for byte
    monkeypatch.setenv("WORKTRIAL_BASE_URL", "http://127.0.0.1:9/v1")
    replayed = ModelReviewer(MODEL, cache, replay=True)
    build(archive, tmp_path / "b", replayed)
    assert replayed.calls == 0 and tree(tmp_path / "a") == tree(tmp_path / "b")
    with pytest.raises(ReviewUnavailable, match="replay: no cached"):
        build(archive, tmp_path / "c", ModelReviewer("openai-compatible/other", cache, replay=True))


def test_unusable_answers_fall_back_to_the_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = mini_archive(tmp_path / "archive")
    build(archive, tmp_path / "offline")

    def garbled(n: int, body: dict[str, Any]) -> Reply:
        step = _step(body)
        if step == "tax":
            return openai_reply('{"role_class": "astronaut", "skill_subclass": "moonwalk"}')
        return openai_reply("" if step == "rw" else "I think so.")

    with ModelServer(garbled) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        reviewer = ModelReviewer(MODEL, tmp_path / "cache")
        build(archive, tmp_path / "model", reviewer)
    assert set(reviewer.fallbacks) == {"self_contained", "taxonomy", "rewrite"}
    offline, model = tree(tmp_path / "offline"), tree(tmp_path / "model")
    assert {k: v for k, v in offline.items() if k != "BUILD.json" and k != "FUNNEL.md"} == {
        k: v for k, v in model.items() if k != "BUILD.json" and k != "FUNNEL.md"
    }


def test_an_outage_stops_the_build_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = mini_archive(tmp_path / "archive")
    with ModelServer(lambda n, body: Status(503)) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        res = CliRunner().invoke(
            app,
            ["sessions", "build", str(archive), "--out", str(tmp_path / "suite"),
             "--reviewer", f"{MODEL}?retries=1&retry_delay_s=0.01", "--review-cache", str(tmp_path / "cache")],
        )  # fmt: skip
    assert res.exit_code == 2 and "sessions build: reviewer openai-compatible/reviewer" in res.output
    assert not (tmp_path / "suite").exists()
