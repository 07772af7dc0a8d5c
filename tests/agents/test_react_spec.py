"""`react:<model id>[?options]` agent specs through the registry."""

from __future__ import annotations

from pathlib import Path

import pytest

from worktrial.agents import NoopAgent, ReactAgent, ScriptAgent, UnknownAgent, make_agent
from worktrial.tasks import load_family


def _make(spec: str, suite: Path, tmp_path: Path) -> object:
    inst = load_family(suite / "tiny").instance("base", "L3")
    return make_agent(spec, inst, tmp_path)


def test_react_specs(tiny_suite: Path, tmp_path: Path) -> None:
    local = _make("react:local/smollm2", tiny_suite, tmp_path)
    assert isinstance(local, ReactAgent) and local.name == "react:local/smollm2"
    assert local.options.force_tool == "named" and local.options.context_tokens == 4096
    hosted = _make("react:anthropic/claude-haiku-4-5?max_actions=20&max_usd=1.5&clip_chars=4000", tiny_suite, tmp_path)
    assert isinstance(hosted, ReactAgent) and hosted.model_id == "anthropic/claude-haiku-4-5"
    o = hosted.options
    assert (o.max_actions, o.max_usd, o.clip_chars, o.force_tool, o.max_minutes) == (20, 1.5, 4000, "off", None)
    routed = _make("react:openrouter/anthropic/claude-sonnet-4-5", tiny_suite, tmp_path)
    assert isinstance(routed, ReactAgent)
    priced = _make("react:openai/gpt-5.5?prices=5,30", tiny_suite, tmp_path)
    assert isinstance(priced, ReactAgent) and priced.options.prices == "5,30"
    forced = _make("react:local/smollm2?force_tool=off&max_tokens=128", tiny_suite, tmp_path)
    assert isinstance(forced, ReactAgent) and forced.options.force_tool == "off"


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("react:openai/gpt-5.5", "no price"),  # not in the table: refused before any trial runs
        ("react:gpt-4o", "bad model id"),
        ("react:local/llama-70b", "unknown local model"),
        ("react:local/smollm2?max_actions=many", "bad value"),
        ("react:local/smollm2?turbo=1", "bad option"),
        ("react:local/smollm2?force_tool=always", "force_tool"),
        ("react:local/smollm2?max_usd=0", "positive"),
        ("react:openai/gpt-5.5?prices=5", "bad price"),
    ],
)
def test_bad_react_specs_are_refused(spec: str, why: str, tiny_suite: Path, tmp_path: Path) -> None:
    with pytest.raises(UnknownAgent, match=why):
        _make(spec, tiny_suite, tmp_path)


def test_calibration_specs_still_work(tiny_suite: Path, tmp_path: Path) -> None:
    assert isinstance(_make("noop", tiny_suite, tmp_path), NoopAgent)
    ref = _make("reference@double", tiny_suite, tmp_path)
    assert isinstance(ref, ScriptAgent) and ref.instance.variant == "double"
    assert isinstance(_make("shortcut:guess", tiny_suite, tmp_path), ScriptAgent)
