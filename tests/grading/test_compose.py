"""Composition: gates, weights, renormalisation around unjudged probes, and the rubric probe itself."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from worktrial.grading import grade_with_config
from worktrial.tasks import TaskConfig

from .builders import ScriptedJudge, grade, spec, write_docx, write_xlsx
from .conftest import needs_soffice


def test_weighted_mean_of_non_gate_checks(out: Path, ref: Path) -> None:
    (out / "a.txt").write_text("hello")
    result = grade(
        out,
        ref,
        spec("exists", "has_a", pattern="a.txt", weight=3),
        spec("exists", "has_b", pattern="b.txt", weight=1),
        spec("exists", "informational", pattern="c.txt", weight=0),
    )
    assert result.score == 0.75 and result.gates_failed == [] and result.errors == []
    assert [c.value for c in result.components] == [1.0, 0.0, 0.0]


def test_a_failed_gate_zeroes_the_score_but_every_check_is_reported(out: Path, ref: Path) -> None:
    (out / "report.csv").write_text("id,amount\n1,TODO\n")
    result = grade(
        out,
        ref,
        spec("file_type", "is_xlsx", path="report.csv", type="xlsx", gate=True),
        spec("exists", "present", pattern="report.csv"),
        spec("no_placeholder", "clean"),
    )
    assert result.score == 0.0 and result.gates_failed == ["is_xlsx"]
    gate, present, clean = result.components
    assert gate.gate and gate.value == 0.0 and "content is csv" in gate.evidence
    assert present.value == 1.0 and clean.value == 0.0 and "'TODO'" in clean.evidence


def test_gate_threshold_and_gates_only(out: Path, ref: Path) -> None:
    (ref / "t.csv").write_text("id,v\n1,1\n2,2\n3,3\n4,4\n")
    (out / "t.csv").write_text("id,v\n1,1\n2,2\n3,3\n4,5\n")
    lenient = spec("tabular", "table", path="t.csv", key=["id"], gate=True, pass_at=0.7)
    assert grade(out, ref, lenient).score == 1.0  # only gates, all passed: full marks
    strict = spec("tabular", "table", path="t.csv", key=["id"], gate=True)
    result = grade(out, ref, strict)
    assert result.score == 0.0 and result.gates_failed == ["table"]


def test_unjudged_probes_are_left_out_and_weights_renormalised(out: Path, ref: Path) -> None:
    write_docx(out / "memo.docx", paragraphs=["We recommend closing the Leeds depot."])
    checks = [
        spec("exists", "memo", pattern="memo.docx", weight=1),
        spec("no_placeholder", "clean", weight=1),
        spec("rubric_probe", "recommends", path="memo.docx", question="Does it recommend an action?", weight=2),
        spec("rubric_probe", "cites", path="memo.docx", question="Does it cite data?", weight=2, pass_on="yes"),
    ]
    result = grade(out, ref, *checks)
    assert result.score == 1.0 and result.errors == []
    assert [c.value for c in result.components][2:] == [None, None]
    assert result.components[2].evidence == "not judged: no judge configured"
    judge = ScriptedJudge(keyword="recommend")
    judged = grade(out, ref, *checks, judge=judge)
    assert [c.value for c in judged.components] == [1.0, 1.0, 1.0, 1.0]
    assert judge.calls[0][0] == "Does it recommend an action?" and "Leeds depot" in (judge.calls[0][1] or "")
    negative = spec("rubric_probe", "no_hedging", path="memo.docx", question="Does it hedge?", pass_on="no")
    assert grade(out, ref, negative, judge=ScriptedJudge(answer=True)).score == 0.0


def test_a_failing_judge_is_an_infrastructure_error(out: Path, ref: Path) -> None:
    class Broken:
        def ask(self, question: str, *, text: str | None = None, images: tuple[Path, ...] = ()) -> object:
            raise TimeoutError("judge timed out")

    (out / "notes.txt").write_text("text")
    result = grade(out, ref, spec("rubric_probe", path="notes.txt", question="?"), judge=Broken())  # type: ignore[arg-type]
    assert result.score is None and result.components[0].value is None
    assert result.errors == ["rubric_probe: the judge failed: TimeoutError: judge timed out"]


@needs_soffice
def test_image_evidence_is_rendered_pages(out: Path, ref: Path) -> None:
    write_xlsx(out / "chart.xlsx", {"A1": "Region", "B1": "Revenue", "A2": "North", "B2": 120})
    judge = ScriptedJudge(answer=True)
    check = spec("rubric_probe", path="chart.xlsx", question="Is there a table?", evidence="image", max_pages=2)
    result = grade(out, ref, check, judge=judge)
    assert result.score == 1.0
    (_question, text, images) = judge.calls[0]
    assert text is None and 1 <= len(images) <= 2 and all(p.suffix == ".png" for p in images)
    assert judge.images_existed == [True]
    assert not any(p.exists() for p in images)  # rendered in a private folder, removed afterwards


def test_grading_from_a_task_toml(out: Path, ref: Path) -> None:
    cfg = TaskConfig.model_validate(
        tomllib.loads(
            """
id = "cost_memo"
kind = "deliverable"
title = "Cost memo"
industry = "logistics"

[grader]
max_file_mb = 1

[[grader.checks]]
kind = "exists"
name = "memo"
pattern = "memo.txt"
gate = true

[[grader.checks]]
kind = "numeric"
name = "saving"
path = "memo.txt"
regex = 'saving of ([\\d.]+)'
expected = 12.5
"""
        )
    )
    (out / "memo.txt").write_text("We expect a saving of 12.5 kEUR.")
    result = grade_with_config(out, ref, cfg.grader)
    assert result.score == 1.0
    (out / "memo.txt").write_bytes(b"x" * (2 << 20))
    result = grade_with_config(out, ref, cfg.grader)
    assert result.score == 0.0 and "too large" in result.components[1].evidence


def test_check_names_must_be_unique() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        TaskConfig.model_validate(
            {
                "id": "x",
                "kind": "deliverable",
                "title": "t",
                "industry": "i",
                "grader": {"checks": [{"kind": "exists", "name": "a", "pattern": "*"}] * 2},
            }
        )
