"""The 5-dimension rubric as a score-card row: composed with the checks, not judged without a judge, an error
(never a 0) when the judge is down, and wired through the deliverable evaluator of a real trial."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from worktrial.grading import Evaluation, evaluate, grade_deliverable, with_rubric
from worktrial.grading.judge import LLMJudge, make_judge
from worktrial.sandbox import get_sandbox
from worktrial.tasks import load_family
from worktrial.tasks.rubric import RUBRIC_DIMENSIONS, RubricConfig

from ..agents.model_server import ModelServer, Reply, Status, openai_reply
from .builders import spec, write_docx

pytestmark = pytest.mark.filterwarnings("ignore:.*sandbox isolates nothing:RuntimeWarning")  # never runs a command
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "deliverables" / "sales_totals"
EIGHTS = json.dumps({d: {"score": 8, "justification": f"{d} is fine"} for d in RUBRIC_DIMENSIONS})


def scores_reply(n: int, body: dict[str, Any]) -> Reply:
    return openai_reply(EIGHTS)


def down(n: int, body: dict[str, Any]) -> Reply:
    return Status(502)


def judge_at(server: ModelServer, tmp: Path) -> LLMJudge:
    spec_text = "openai-compatible/judge-model?retries=1&retry_delay_s=0.01"
    return make_judge(spec_text, cache_dir=tmp / "judge", base_url=f"{server.url}/v1", env={})


@pytest.fixture
def memo(out: Path) -> Path:
    write_docx(out / "memo.docx", headings=["Q3 budget"], paragraphs=["Approved at 42 000 EUR; keep 10 % reserve."])
    (out / "data.csv").write_text("item,eur\nbudget,42000\n")
    return out


def test_the_rubric_is_one_more_row_in_the_weighted_mean(memo: Path, ref: Path, tmp_path: Path) -> None:
    rubric = RubricConfig(paths=["memo.docx", "*.csv", "missing.pdf"], key_evidence=["budget 42 000 EUR"])
    checks = [spec("exists", pattern="memo.docx"), spec("exists", "gated", pattern="memo.docx", gate=True)]
    with ModelServer(scores_reply) as server:
        judge = judge_at(server, tmp_path)
        result = with_rubric(grade_deliverable(memo, ref, checks, judge), memo, rubric, judge, task="Write a memo.")
        (_, _, body) = server.requests[0]
    row = result.components[-1]
    assert (row.name, row.kind, row.value, row.weight, row.gate) == ("rubric", "rubric", pytest.approx(0.8), 1, False)
    assert result.score == pytest.approx((1.0 + 0.8) / 2) and result.errors == []
    assert row.evidence.startswith(f"[judge {judge.pin.label}] 0.800 from files memo.docx, data.csv")
    prompt = body["messages"][1]["content"]
    assert "Write a memo." in prompt and "- budget 42 000 EUR" in prompt
    assert "=== file: memo.docx ===\nQ3 budget\nApproved at 42 000 EUR" in prompt and "budget,42000" in prompt


def test_without_a_judge_the_rubric_is_not_judged(memo: Path, ref: Path) -> None:
    result = grade_deliverable(memo, ref, [spec("exists", pattern="memo.docx")])
    judged = with_rubric(result, memo, RubricConfig(weight=5), None, task="")
    assert judged.components[-1].value is None and judged.components[-1].evidence.startswith("not judged")
    assert judged.score == 1.0 and judged.errors == []
    assert with_rubric(result, memo, None, None, task="") is result


def test_an_outage_is_an_error_not_a_zero(memo: Path, ref: Path, tmp_path: Path) -> None:
    probe = spec("rubric_probe", path="memo.docx", question="Does the memo state the budget?")
    with ModelServer(down) as server:
        judge = judge_at(server, tmp_path)
        result = with_rubric(grade_deliverable(memo, ref, [probe], judge), memo, RubricConfig(), judge, task="")
        assert len(server.requests) == 4  # two tries for the probe, two for the rubric
    assert [c.value for c in result.components] == [None, None] and result.score is None
    assert len(result.errors) == 2 and all("HTTP 502" in e and "after 2 tries" in e for e in result.errors)


def test_nothing_to_judge_is_the_worker_s_zero(out: Path, ref: Path, tmp_path: Path) -> None:
    (out / "chart.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 32)
    with ModelServer(scores_reply) as server:
        result = with_rubric(grade_deliverable(out, ref, []), out, RubricConfig(), judge_at(server, tmp_path), task="")
        assert server.requests == []
    row = result.components[-1]
    assert row.value == 0.0 and "nothing to judge: chart.png: no text" in row.evidence


def _grade(tmp_path: Path, judge: LLMJudge | None) -> Any:
    family_dir = tmp_path / "suite" / "sales_totals"
    shutil.copytree(FIXTURE, family_dir)
    with (family_dir / "task.toml").open("a") as f:
        f.write('\n[grader.rubric]\npaths = ["totals.csv"]\nkey_evidence = ["north totals 12.5"]\nweight = 4\n')
    instance = next(i for i in load_family(family_dir).instances() if i.variant == "base")
    snapshot = tmp_path / "delivered"
    (snapshot / "output").mkdir(parents=True)
    shutil.copy(family_dir / "hidden" / "reference" / "totals.csv", snapshot / "output" / "totals.csv")
    evaluation = Evaluation(
        instance, snapshot, tmp_path / "scratch", get_sandbox("local"), tmp_path / "cache", judge=judge
    )
    return evaluate(evaluation)


def test_the_evaluator_grades_with_the_trial_s_judge(tmp_path: Path) -> None:
    with ModelServer(scores_reply) as server:
        judge = judge_at(server, tmp_path)
        card = _grade(tmp_path, judge)
        assert "Sum `amount` per `region`" in server.requests[0][2]["messages"][1]["content"]
    assert card.status == "done" and card.details["judge"] == judge.pin.as_dict()
    assert card.components[-1].kind == "rubric" and card.components[-1].value == pytest.approx(0.8)
    assert card.score == pytest.approx((3 + 1 + 4 * 0.8) / 8)  # totals_match ×3, grand_total ×1, rubric ×4


def test_the_evaluator_makes_an_outage_a_void_trial(tmp_path: Path) -> None:
    with ModelServer(down) as server:
        card = _grade(tmp_path, judge_at(server, tmp_path))
    assert card.status == "error" and card.score is None and "rubric: judge" in (card.error or "")


def test_the_evaluator_without_a_judge_leaves_the_rubric_out(tmp_path: Path) -> None:
    card = _grade(tmp_path, None)
    assert card.status == "done" and card.score == 1.0 and "judge" not in card.details
    assert card.components[-1].value is None
