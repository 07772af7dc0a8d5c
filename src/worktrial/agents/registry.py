"""Agent specs → agents. `noop`, `reference`, `literal`, `shortcut:NAME`, and `reference@VARIANT`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..tasks import Instance
from .base import Agent
from .calibration import NoopAgent, ScriptAgent

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
    if base in ("reference", "literal"):
        return ScriptAgent(spec, source, f"{base}.py", staging)
    if base.startswith("shortcut:"):
        name = base.removeprefix("shortcut:")
        return ScriptAgent(spec, source, f"shortcuts/{name}.py", staging)
    raise UnknownAgent(f"unknown agent {spec!r}: use noop, reference, literal, shortcut:NAME or NAME@VARIANT")


def shortcut_names(instance: Instance) -> list[str]:
    return sorted(
        rel.removeprefix("solutions/shortcuts/").removesuffix(".py")
        for rel in instance.hidden_files
        if rel.startswith("solutions/shortcuts/") and rel.endswith(".py")
    )
