"""Agents: the protocol, calibration agents, the registry of agent specs and plug-ins from outside."""

from . import external  # noqa: F401  (registers the codex, claude-code and cmd harnesses)
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
