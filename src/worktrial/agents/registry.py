"""Agent specs → agents. `noop`, `reference`, `literal`, `shortcut:NAME`, `reference@VARIANT`, and
`react:<model id>[?key=value&...]` (the react harness driving a model; see docs/agents.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..tasks import Instance
from .base import Agent
from .calibration import NoopAgent, ScriptAgent, SiblingAgent
from .react import ReactAgent, parse_spec

CALIBRATION = ("noop", "reference", "literal")


AgentFactory = Callable[[str, Instance, Path], Agent]
"""Builds an agent from its full spec (e.g. `react:openai/gpt-5.5`), the instance and a staging folder."""

_factories: dict[str, AgentFactory] = {}


class UnknownAgent(ValueError):
    pass


def register_agent(harness: str, factory: AgentFactory) -> None:
    """Make `HARNESS` and `HARNESS:ARGS` agent specs build with `factory` (harnesses, plugins, test agents)."""
    _factories[harness] = factory


def solution_instance(instance: Instance, variant: str | None) -> Instance:
    """The instance whose solutions to use: another variant's for the memorisation probe."""
    if variant is None or variant == instance.variant:
        return instance
    return instance.family.instance(variant, instance.level)


def make_agent(spec: str, instance: Instance, staging: Path) -> Agent:
    harness = spec.split(":", 1)[0]
    if harness in _factories:
        return _factories[harness](spec, instance, staging)
    base, _, from_variant = spec.partition("@")
    if base == "noop":
        return NoopAgent()
    source = solution_instance(instance, from_variant or None)
    if base == "sibling" and from_variant:
        return SiblingAgent(spec, source, staging)
    if base in ("reference", "literal"):
        return ScriptAgent(spec, source, f"{base}.py", staging)
    if base.startswith("shortcut:"):
        name = base.removeprefix("shortcut:")
        return ScriptAgent(spec, source, f"shortcuts/{name}.py", staging)
    raise UnknownAgent(
        f"unknown agent {spec!r}: use noop, reference, literal, shortcut:NAME, NAME@VARIANT or react:<model id>"
    )


def make_react(spec: str, instance: Instance | None = None, staging: Path | None = None) -> ReactAgent:
    """`react:<model id>[?key=value&...]`; cheap (no key, server or network needed), so plans can check it."""
    try:
        model_id, options = parse_spec(spec)
    except ValueError as e:
        raise UnknownAgent(f"agent {spec!r}: {e}") from None
    return ReactAgent(model_id, options)


register_agent("react", make_react)


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
