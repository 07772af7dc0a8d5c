"""The judge without a server: reading replies, the rubric's arithmetic, the `[grader.rubric]` section, specs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from pydantic import ValidationError

from worktrial.grading.judge import (
    DimensionScore,
    JudgeConfigError,
    make_judge,
    parse_rubric,
    parse_spec,
    parse_yes_no,
    spec_from_env,
    weighted_score,
)
from worktrial.grading.judge.cache import cache_key, evidence_hash
from worktrial.tasks import TaskConfig
from worktrial.tasks.rubric import RUBRIC_DIMENSIONS, RubricWeights

DOC = Path(__file__).resolve().parents[2] / "docs" / "judge.md"
BASE = {"id": "example", "kind": "deliverable", "title": "Example", "industry": "any"}
ALL_SEVEN = '{"grounded_accuracy": {"score": 7, "justification": "ok"}, "task_relevance": 7, ' + (
    '"substantive_depth": 7, "practical_utility": 7, "communication_quality": {"score": "7", "justification": "x"}}'
)


@pytest.mark.parametrize(
    ("reply", "yes", "rationale"),
    [
        ('{"answer": "yes", "rationale": "the table has totals"}', True, "the table has totals"),
        ('```json\n{"answer": "No", "rationale": "no axis labels"}\n```', False, "no axis labels"),
        ('Sure. Here it is: {"answer": "no", "rationale": "r"} Hope it helps {', False, "r"),
        ("Yes, the memo cites the 42 000 EUR budget.", True, "the memo cites the 42 000 EUR budget."),
        ("  no.", False, ""),
        ('{"answer": true}', True, ""),
    ],
)
def test_readable_yes_no_replies(reply: str, yes: bool, rationale: str) -> None:
    answer = parse_yes_no(reply)
    assert answer is not None and answer.yes is yes and answer.rationale == rationale


@pytest.mark.parametrize(
    "reply", ["", "Maybe.", "I cannot tell", "{}", '{"answer": "perhaps"}', '{"answer": "yes"', "nothing yes"]
)
def test_unreadable_yes_no_replies(reply: str) -> None:
    assert parse_yes_no(reply) is None


def test_rubric_replies() -> None:
    scores = parse_rubric(ALL_SEVEN)
    assert scores is not None and {s.score for s in scores.values()} == {7.0}
    assert scores["grounded_accuracy"].justification == "ok"
    renamed = ALL_SEVEN.replace("grounded_accuracy", "Grounded accuracy")
    wrapped = parse_rubric('```json\n{"scores": ' + renamed + "}```")
    assert wrapped is not None and set(wrapped) == set(RUBRIC_DIMENSIONS)
    assert parse_rubric(ALL_SEVEN.replace('"task_relevance": 7', '"task_relevance": 11')) is None
    assert parse_rubric(ALL_SEVEN.replace('"task_relevance": 7, ', "")) is None
    assert parse_rubric(ALL_SEVEN.replace('"task_relevance": 7', '"task_relevance": "high"')) is None
    assert parse_rubric("8/10 overall") is None


def test_weighted_score_is_in_unit_range() -> None:
    scores = {d: DimensionScore(s, "") for d, s in zip(RUBRIC_DIMENSIONS, [10, 0, 5, 5, 5], strict=True)}
    assert weighted_score(scores, RubricWeights()) == pytest.approx(0.5)
    heavy = RubricWeights(grounded_accuracy=3, task_relevance=1, substantive_depth=0, practical_utility=0,
                          communication_quality=0)  # fmt: skip
    assert weighted_score(scores, heavy) == pytest.approx(30 / 40)


def test_rubric_section_parses_and_is_strict() -> None:
    cfg = TaskConfig.model_validate({**BASE, "grader": {"rubric": {"paths": "memo.docx", "weight": 2}}})
    assert cfg.grader.rubric is not None and cfg.grader.rubric.paths == ["memo.docx"]
    assert TaskConfig.model_validate(BASE).grader.rubric is None
    bad = [
        {"rubric": {"wieght": 2}},
        {"rubric": {"evidence": "audio"}},
        {"rubric": {"weights": {d: 0 for d in RUBRIC_DIMENSIONS}}},
        {"rubric": {"weights": {"style": 1}}},
        {"rubric": {}, "checks": [{"kind": "exists", "name": "rubric", "pattern": "a"}]},
    ]
    for grader in bad:
        with pytest.raises(ValidationError):
            TaskConfig.model_validate({**BASE, "grader": grader})


def test_every_toml_example_in_the_doc_parses() -> None:
    blocks = re.findall(r"```toml\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert blocks
    for block in blocks:
        cfg = TaskConfig.model_validate({**BASE, **tomllib.loads(block)})
        assert cfg.grader.rubric is not None


def test_specs_are_checked_before_anything_connects(tmp_path: Path) -> None:
    assert parse_spec("openai-compatible/qwen?structured=json_schema&retries=2").options["retries"] == "2"
    for spec in ["gpt-4", "acme/model", "openai/", "openai/x?temperature=1", "local/s?structured=xml",
                 "openai/x?retries=-1", "openai/x?timeout_s=soon"]:  # fmt: skip
        with pytest.raises(JudgeConfigError):
            parse_spec(spec)
    with pytest.raises(JudgeConfigError, match="OPENAI_API_KEY"):
        make_judge("openai/gpt-4.1-mini", cache_dir=None, env={})
    with pytest.raises(JudgeConfigError, match="WORKTRIAL_JUDGE_BASE_URL"):
        make_judge("openai-compatible/qwen", cache_dir=None, env={})
    with pytest.raises(JudgeConfigError, match="base URL"):
        make_judge("local/smollm2", cache_dir=None, env={})


def test_the_environment_names_a_judge_and_the_pin_names_its_endpoint() -> None:
    assert spec_from_env({}) is None
    assert spec_from_env({"WORKTRIAL_JUDGE_MODEL": "qwen2.5-7b"}) == "openai-compatible/qwen2.5-7b"
    assert spec_from_env({"WORKTRIAL_JUDGE_MODEL": "openai/gpt-4.1"}) == "openai/gpt-4.1"
    env = {"WORKTRIAL_JUDGE_BASE_URL": "http://10.0.0.5:8000/v1/", "OPENAI_API_KEY": "sk-test-000000"}
    compatible = make_judge("openai-compatible/qwen", cache_dir=None, env=env).pin
    assert (compatible.provider, compatible.endpoint, compatible.model) == (
        "openai-compatible", "http://10.0.0.5:8000/v1", "qwen",
    )  # fmt: skip
    hosted = make_judge("openai/gpt-4.1-mini", cache_dir=None, env=env)
    assert hosted.pin.endpoint == "" and hosted.backend.structured == "json_schema"  # the env URL is not OpenAI's
    local = make_judge("local/smollm2", cache_dir=None, base_url=lambda: "http://127.0.0.1:1/v1", env=env)
    assert local.pin.endpoint == "" and not local.backend.vision and local.max_text_chars == 6000
    assert len(local.pin.template) == 16 and local.pin.template != hosted.pin.template  # structured differs


def test_cache_keys_follow_pin_question_and_evidence() -> None:
    text = evidence_hash("text")
    base = cache_key("p", "q", text)
    assert base == cache_key("p", "q", evidence_hash("text"))
    others = [
        cache_key("p2", "q", text),
        cache_key("p", "q2", text),
        cache_key("p", "q", evidence_hash("text ")),
        cache_key("p", "q", evidence_hash("text", [b"png"])),
    ]
    assert len({base, *others}) == 5
