"""Agent specs → agents, looked up in this order (docs/agents.md):

1. a registered harness: `react:<model id>`, `codex:...`, `claude-code:...`, `cmd:COMMAND`,
   `skill[FOLDER#DIGEST]:AGENT` (any agent with a skill, agents/skills.py), and any `register_agent` adds;
2. a calibration agent: `noop`, `reference`, `literal`, `shortcut:NAME`, `reference@VARIANT`, `sibling@VARIANT`;
3. a plug-in: an entry point `NAME` in the group `worktrial.agents` (`NAME` or `NAME:ARGS`);
4. an import path: `package.module:factory[?key=value&...]`.

Built-in names (1 and 2) win over plug-ins of the same name, with a warning.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from ..tasks import Instance
from .base import Agent, AgentFactory, UnknownAgent
from .calibration import NoopAgent, ScriptAgent, SiblingAgent
from .human import HUMAN, make_human
from .plugins import (
    GROUP,
    NoSuchModule,
    build_plugin,
    import_path_agent,
    plugin_factory,
    plugin_names,
    warn_if_shadowed,
)
from .react import ReactAgent, parse_spec
from .skills import make_skilled

CALIBRATION = ("noop", "reference", "literal")
_HARNESS = re.compile(r"[^:\[?@]*")  # the name before a spec's arguments: `react` in `react:openai/gpt-5`

_factories: dict[str, AgentFactory] = {}


def register_agent(harness: str, factory: AgentFactory) -> None:
    """Make `HARNESS` and `HARNESS:ARGS` agent specs build with `factory` (harnesses, plugins, test agents)."""
    _factories[harness] = factory


def harness_of(spec: str) -> str:
    """The name a spec is looked up by: `react` for `react:openai/gpt-5`, `cmd` for `cmd[...]:...`."""
    m = _HARNESS.match(spec)
    return m.group(0) if m else spec


def registered_harnesses() -> list[str]:
    return sorted(_factories)


def is_builtin(name: str) -> bool:
    """Whether `name` (a spec's `harness_of`) is a built-in agent, which a plug-in of that name cannot replace."""
    return name in _factories or name in (*CALIBRATION, "shortcut", "sibling")


def solution_instance(instance: Instance, variant: str | None) -> Instance:
    """The instance whose solutions to use: another variant's for the memorisation probe."""
    if variant is None or variant == instance.variant:
        return instance
    return instance.family.instance(variant, instance.level)


def make_agent(spec: str, instance: Instance, staging: Path) -> Agent:
    harness = harness_of(spec)
    if harness in _factories:
        warn_if_shadowed(harness)
        return _factories[harness](spec, instance, staging)
    calibration = _calibration_agent(spec, instance, staging)
    if calibration is not None:
        warn_if_shadowed(harness)
        return calibration
    plugin = plugin_factory(harness)
    if plugin is not None:
        factory, origin = plugin
        return build_plugin(lambda: factory(spec, instance, staging), spec, origin)
    try:
        agent = import_path_agent(spec, instance, staging)
    except NoSuchModule as e:
        raise UnknownAgent(f"unknown agent {spec!r}: {_not_a_plugin(harness)}; as an import path: {e}") from None
    if agent is None:
        raise UnknownAgent(
            f"unknown agent {spec!r}: {_not_a_plugin(harness)}, and not an import path; use noop, reference, "
            f"literal, shortcut:NAME, NAME@VARIANT, {', '.join(f'{h}:...' for h in registered_harnesses())}, "
            "a plug-in's name, or package.module:factory"
        )
    return agent


def _not_a_plugin(name: str) -> str:
    installed = ", ".join(plugin_names()) or "none installed"
    return f"{name!r} is no built-in agent or plug-in (entry points in group {GROUP}: {installed})"


def _solution_script(base: str) -> str:
    """The file under hidden/solutions/ a calibration spec runs, or "" when it names none."""
    if base in ("reference", "literal"):
        return f"{base}.py"
    if base.startswith("shortcut:"):
        return f"shortcuts/{base.removeprefix('shortcut:')}.py"
    return ""


def _calibration_agent(spec: str, instance: Instance, staging: Path) -> Agent | None:
    base, _, from_variant = spec.partition("@")
    if base == "noop":
        return NoopAgent()
    script = _solution_script(base)
    if not script and not (base == "sibling" and from_variant):
        return None
    try:
        source = solution_instance(instance, from_variant or None)
    except KeyError as e:
        raise UnknownAgent(f"agent {spec!r}: {e.args[0]}") from None
    if base == "sibling":
        return SiblingAgent(spec, source, staging)
    return ScriptAgent(spec, source, script, staging)


def check_agent_spec(spec: str, instance: Instance) -> None:
    """Raise `UnknownAgent` (its message says what was looked up and the fix) unless `spec` builds an agent for
    `instance`. It is built as a trial would build it, in a throwaway staging folder: this is what a job's plan
    calls for every (instance, agent) pair, so no trial starts with an agent that cannot exist."""
    with tempfile.TemporaryDirectory(prefix="wt-agent-check-") as staging:
        agent = make_agent(spec, instance, Path(staging))
    if isinstance(agent, ScriptAgent) and f"solutions/{agent.script}" not in agent.instance.hidden_files:
        have = ", ".join(shortcut_names(agent.instance)) or "none"
        raise UnknownAgent(
            f"agent {spec!r}: {agent.instance.family.id} has no hidden/solutions/{agent.script} in variant "
            f"{agent.instance.variant} (its shortcuts: {have})"
        )


def make_react(spec: str, instance: Instance | None = None, staging: Path | None = None) -> ReactAgent:
    """`react:<model id>[?key=value&...]`; cheap (no key, server or network needed), so plans can check it."""
    try:
        model_id, options = parse_spec(spec)
    except ValueError as e:
        raise UnknownAgent(f"agent {spec!r}: {e}") from None
    return ReactAgent(model_id, options)


register_agent("react", make_react)
register_agent(HUMAN, make_human)
register_agent("skill", make_skilled)


def shortcut_names(instance: Instance) -> list[str]:
    return sorted(
        rel.removeprefix("solutions/shortcuts/").removesuffix(".py")
        for rel in instance.hidden_files
        if rel.startswith("solutions/shortcuts/") and rel.endswith(".py")
    )


def calibration_agents(instance: Instance) -> list[str]:
    """noop, reference, literal (an engagement, or a deliverable that ships literal.py) and every shortcut."""
    literal = instance.config.kind == "engagement" or "solutions/literal.py" in instance.hidden_files
    return [
        "reference",
        "noop",
        *(["literal"] if literal else []),
        *(f"shortcut:{n}" for n in shortcut_names(instance)),
    ]
