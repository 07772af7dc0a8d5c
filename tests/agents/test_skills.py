"""Skills handed to agents: the SKILL.md format, the `skill[FOLDER#DIGEST]:AGENT` spec, and each harness's way of
taking a skill — react's system prompt (seen by a scripted model on a real local server), codex's and claude-code's
skills folder, and the workspace file every agent can read — through the real trial runner."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from worktrial.agents import UnknownAgent, check_agent_spec, make_agent
from worktrial.agents.base import AgentEnv, Trajectory
from worktrial.agents.skills import Skill, SkilledAgent, load_skill, parse_skill, skill_spec
from worktrial.run import JobConfig, JobRunner
from worktrial.sandbox import get_sandbox
from worktrial.store import Home, Store
from worktrial.tasks import Budgets, load_family

from .model_server import ModelServer, Reply, openai_reply

SKILL = Skill("tiny-pricing", "Use when a nightly total looks wrong.", "Ask Alice for the factor before editing.")
bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


def test_skill_file_round_trip_and_digest(tmp_path: Path) -> None:
    path = SKILL.write(tmp_path)
    assert path == tmp_path / "tiny-pricing" / "SKILL.md"
    assert path.read_text().startswith("---\nname: tiny-pricing\ndescription: Use when")
    assert load_skill(path.parent) == SKILL
    edited = Skill(SKILL.name, SKILL.description, SKILL.body + " Then run the job.")
    assert len(SKILL.digest) == 12 and edited.digest != SKILL.digest


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("no front matter\n", "no front matter"),
        ("---\nname: Bad Name\ndescription: d\n---\nbody\n", "lower-case letters"),
        ("---\nname: ok\n---\nbody\n", "description is empty"),
        ("---\nname: ok\ndescription: d\n---\n\n", "no body"),
    ],
)
def test_bad_skill_files_name_the_file_and_the_fix(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason) as e:
        parse_skill(text, "skills/x/SKILL.md")
    assert str(e.value).startswith("skills/x/SKILL.md: ")


def test_spec_refuses_an_edited_skill(tiny_suite: Path, tmp_path: Path) -> None:
    instance = load_family(tiny_suite / "tiny").instance("base", "L3")
    folder = SKILL.write(tmp_path).parent
    spec = skill_spec(folder, SKILL, "noop")
    agent = make_agent(spec, instance, tmp_path / "staging")
    assert isinstance(agent, SkilledAgent) and agent.name == spec and agent.inner.name == "noop"
    (folder / "SKILL.md").write_text(SKILL.render().replace("Alice", "Bob"))
    with pytest.raises(UnknownAgent, match="edited after the spec was written"):
        check_agent_spec(spec, instance)
    with pytest.raises(UnknownAgent, match=r"skill\[FOLDER#DIGEST\]:AGENT"):
        check_agent_spec("skill[nodigest]:noop", instance)


def _trial(suite: Path, tmp_path: Path, agent: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(suite)], agents=[agent], tasks=["tiny/base/L3"])
    [row] = asyncio.run(runner.run(runner.create(config), config))
    events = [json.loads(x) for x in (Path(str(row.run_dir)) / "trajectory.jsonl").read_text().splitlines()]
    return {"status": row.status, "agent": row.agent}, events


@bwrap
def test_react_gets_the_skill_in_its_prompt_and_its_workspace(
    tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = [("read_file", {"path": "skills/tiny-pricing/SKILL.md"}), ("submit", {"summary": "read the skill"})]

    def script(n: int, body: dict[str, Any]) -> Reply:
        return openai_reply(calls=[steps[min(n, 1)]], n=n)

    spec = skill_spec(SKILL.write(tmp_path / "skill").parent, SKILL, "react:openai-compatible/scripted")
    with ModelServer(script) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        res, events = _trial(tiny_suite, tmp_path, spec)
        system = server.requests[0][2]["messages"][0]
    assert res == {"status": "done", "agent": spec}
    assert system["role"] == "system" and "## tiny-pricing: Use when a nightly total looks wrong." in system["content"]
    assert "Ask Alice for the factor before editing." in system["content"]
    assert {"type": "skill", "name": "tiny-pricing", "digest": SKILL.digest}.items() <= next(
        e for e in events if e["type"] == "skill"
    ).items()
    read = next(e for e in events if e["type"] == "tool_result" and e.get("tool") == "read_file")
    assert "Ask Alice for the factor before editing." in read["output"]


@bwrap
def test_without_a_skill_the_prompt_has_none(tiny_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with ModelServer(lambda n, body: openai_reply(calls=[("submit", {"summary": "done"})], n=n)) as server:
        monkeypatch.setenv("WORKTRIAL_BASE_URL", f"{server.url}/v1")
        _trial(tiny_suite, tmp_path, "react:openai-compatible/scripted")
        system = server.requests[0][2]["messages"][0]["content"]
    assert "Skills (also in" not in system and "tiny-pricing" not in system


@bwrap
@pytest.mark.parametrize(("harness", "folder"), [("codex", ".codex"), ("claude-code", ".claude")])
def test_external_harnesses_find_the_skill_in_their_own_skills_folder(
    harness: str, folder: str, tiny_suite: Path, tmp_path: Path
) -> None:
    instance = load_family(tiny_suite / "tiny").instance("base", "L3")
    spec = skill_spec(SKILL.write(tmp_path / "skill").parent, SKILL, f"{harness}:openai/gpt-4o")
    try:
        agent = make_agent(spec, instance, tmp_path / "staging")
    except UnknownAgent as e:
        pytest.skip(str(e))  # the harness is not installed here
    workspace = tmp_path / "ws"
    workspace.mkdir()
    env = AgentEnv(
        "tiny/base/L3", "brief", Budgets(), workspace, get_sandbox("bwrap"), Trajectory(tmp_path / "t.jsonl")
    )
    asyncio.run(agent.setup(env))
    own = tmp_path / "staging" / "harness" / "home" / folder / "skills" / "tiny-pricing" / "SKILL.md"
    assert own.read_text() == SKILL.render()
    assert (workspace / "skills" / "tiny-pricing" / "SKILL.md").read_text() == SKILL.render()
