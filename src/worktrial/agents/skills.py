"""Skills: a SKILL.md folder handed to an agent, and the `skill[FOLDER#DIGEST]:AGENT` spec that hands it over.

A skill reaches the agent two ways, as EnterpriseClawBench's skill-transfer protocol asks: as a file in the
workspace (`skills/<name>/SKILL.md`, readable by any agent) and through the harness's own mechanism where it has one
(react: the system prompt; codex and claude-code: their skills folder in the harness's home). The spec carries the
skill file's digest, so a job records exactly which skill its trials had, and an edited skill file is refused
instead of silently changing what a stored agent name means.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..tasks import Instance
from .base import Agent, AgentEnv, AgentResult, UnknownAgent

SKILL_FILE = "SKILL.md"
WORKSPACE_SKILLS = "skills"  # under /workspace
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
SPEC = re.compile(r"^skill\[(?P<folder>[^\]#]+)#(?P<digest>[0-9a-f]{12})\]:(?P<inner>.+)$")
MAX_BYTES = 64_000


@dataclass(frozen=True)
class Skill:
    name: str  # lower-case letters, digits and dashes: a folder name in every harness
    description: str  # one line: when to use it
    body: str

    def render(self) -> str:
        """SKILL.md: front matter as codex and claude-code read it, then the body."""
        return f"---\nname: {self.name}\ndescription: {_one_line(self.description)}\n---\n\n{self.body.strip()}\n"

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.render().encode("utf-8")).hexdigest()[:12]

    def write(self, folder: Path) -> Path:
        """`folder/<name>/SKILL.md`; returns it."""
        path = folder / self.name / SKILL_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.render(), encoding="utf-8")
        return path


def _one_line(text: str) -> str:
    return " ".join(text.split())


def parse_skill(text: str, where: str) -> Skill:
    """A SKILL.md's name, description and body; ValueError naming `where` and the fix otherwise."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ValueError(f"{where}: larger than {MAX_BYTES} bytes (keep a skill to what an agent can read at once)")
    m = re.match(r"^---\n(?P<head>.*?)\n---\n(?P<body>.*)$", text, re.DOTALL)
    if m is None:
        raise ValueError(f"{where}: no front matter (start with ---, name: ..., description: ..., ---)")
    head: dict[str, str] = {}
    for line in m.group("head").splitlines():
        key, sep, value = line.partition(":")
        if sep:
            head[key.strip()] = value.strip()
    name, description = head.get("name", ""), head.get("description", "")
    if not NAME.match(name):
        raise ValueError(f"{where}: name {name!r} must be lower-case letters, digits and dashes")
    if not description:
        raise ValueError(f"{where}: description is empty (one line saying when to use the skill)")
    body = m.group("body").strip()
    if not body:
        raise ValueError(f"{where}: the skill has no body")
    return Skill(name, description, body)


def load_skill(folder: Path) -> Skill:
    path = folder / SKILL_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: cannot be read ({e})") from None
    return parse_skill(text, str(path))


def skill_spec(folder: Path, skill: Skill, inner: str) -> str:
    """The agent spec that runs `inner` with the skill saved in `folder`."""
    return f"skill[{folder.resolve()}#{skill.digest}]:{inner}"


@runtime_checkable
class SkillAware(Protocol):
    """An agent whose harness has its own way to take a skill; called before `setup`."""

    def add_skill(self, skill: Skill) -> None: ...


@dataclass
class SkilledAgent:
    """`inner` with a skill: the workspace file, then the harness's own mechanism."""

    inner: Agent
    skill: Skill
    name: str

    def __getattr__(self, attr: str) -> Any:  # model_id, options: what plans and reports read off the agent
        if attr in ("inner", "skill", "name"):
            raise AttributeError(attr)
        return getattr(self.inner, attr)

    async def setup(self, env: AgentEnv) -> None:
        self.skill.write(env.workspace / WORKSPACE_SKILLS)
        if isinstance(self.inner, SkillAware):
            self.inner.add_skill(self.skill)
        env.trajectory.add("skill", name=self.skill.name, digest=self.skill.digest)
        await self.inner.setup(env)

    async def run(self, env: AgentEnv) -> AgentResult:
        return await self.inner.run(env)


def make_skilled(spec: str, instance: Instance, staging: Path) -> Agent:
    """`skill[FOLDER#DIGEST]:AGENT`: AGENT (any spec) with the skill in FOLDER, whose digest must match."""
    from .registry import make_agent  # the registry registers this factory

    m = SPEC.match(spec)
    if m is None:
        raise UnknownAgent(f"agent {spec!r}: use skill[FOLDER#DIGEST]:AGENT (`worktrial skills` writes them)")
    try:
        skill = load_skill(Path(m.group("folder")))
    except ValueError as e:
        raise UnknownAgent(f"agent {spec!r}: {e}") from None
    if skill.digest != m.group("digest"):
        raise UnknownAgent(
            f"agent {spec!r}: the skill in {m.group('folder')} has digest {skill.digest}, not {m.group('digest')} "
            "(it was edited after the spec was written; write a new spec)"
        )
    return SkilledAgent(make_agent(m.group("inner"), instance, staging), skill, spec)
