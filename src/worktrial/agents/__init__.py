"""Agents: the protocol, calibration agents, the registry of agent specs and plug-ins from outside."""

from __future__ import annotations

from pathlib import Path

from ..tasks import Instance
from .base import Agent, AgentCancelled, AgentEnv, AgentFactory, AgentResult, Trajectory, UnknownAgent
from .calibration import SOLUTION_MOUNT, NoopAgent, ScriptAgent
from .human import HUMAN, Desk, HumanAgent, human_spec
from .plugins import GROUP as PLUGIN_GROUP
from .plugins import GuardedAgent, plugin_names
from .react import ReactAgent, ReactOptions
from .registry import (
    CALIBRATION,
    calibration_agents,
    check_agent_spec,
    harness_of,
    is_builtin,
    make_agent,
    make_react,
    register_agent,
    registered_harnesses,
    shortcut_names,
    solution_instance,
)

EXTERNAL_HARNESSES = ("codex", "claude-code", "cmd")


def _external_harness(spec: str, instance: Instance, staging: Path) -> Agent:
    """codex, claude-code and cmd (`agents/external`): the gateway and the harnesses are loaded when a spec first
    names one of them, so a job of calibration agents never loads them."""
    from .external import make_command, make_external

    return (make_command if harness_of(spec) == "cmd" else make_external)(spec, instance, staging)


for _name in EXTERNAL_HARNESSES:
    register_agent(_name, _external_harness)

__all__ = [
    "CALIBRATION",
    "HUMAN",
    "PLUGIN_GROUP",
    "SOLUTION_MOUNT",
    "Agent",
    "AgentCancelled",
    "AgentEnv",
    "AgentFactory",
    "AgentResult",
    "Desk",
    "GuardedAgent",
    "HumanAgent",
    "NoopAgent",
    "ReactAgent",
    "ReactOptions",
    "ScriptAgent",
    "Trajectory",
    "UnknownAgent",
    "calibration_agents",
    "check_agent_spec",
    "harness_of",
    "human_spec",
    "is_builtin",
    "make_agent",
    "make_react",
    "plugin_names",
    "register_agent",
    "registered_harnesses",
    "shortcut_names",
    "solution_instance",
]
