"""Agents: the protocol, calibration agents and the registry of agent specs."""

from . import external  # noqa: F401  (registers the codex and claude-code harnesses)
from .base import Agent, AgentCancelled, AgentEnv, AgentResult, Trajectory
from .calibration import SOLUTION_MOUNT, NoopAgent, ScriptAgent
from .react import ReactAgent, ReactOptions
from .registry import (
    CALIBRATION,
    AgentFactory,
    UnknownAgent,
    calibration_agents,
    make_agent,
    make_react,
    register_agent,
    shortcut_names,
    solution_instance,
)

__all__ = [
    "CALIBRATION",
    "SOLUTION_MOUNT",
    "Agent",
    "AgentCancelled",
    "AgentEnv",
    "AgentFactory",
    "AgentResult",
    "NoopAgent",
    "ReactAgent",
    "ReactOptions",
    "ScriptAgent",
    "Trajectory",
    "UnknownAgent",
    "calibration_agents",
    "make_agent",
    "make_react",
    "register_agent",
    "shortcut_names",
    "solution_instance",
]
