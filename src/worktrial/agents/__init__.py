"""Agents: the protocol, calibration agents and the registry of agent specs."""

from .base import Agent, AgentCancelled, AgentEnv, AgentResult, Trajectory
from .calibration import SOLUTION_MOUNT, NoopAgent, ScriptAgent
from .react import ReactAgent, ReactOptions
from .registry import (
    CALIBRATION,
    AgentFactory,
    UnknownAgent,
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
    "make_agent",
    "make_react",
    "register_agent",
    "shortcut_names",
    "solution_instance",
]
