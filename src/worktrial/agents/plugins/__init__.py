"""Agents from outside worktrial: plug-ins (entry points in the group `worktrial.agents`) and import paths
(`package.module:factory?key=value`), both fenced by `GuardedAgent` (see docs/agents.md)."""

from .entry_points import GROUP, describe, plugin_factory, plugin_names, refresh, warn_if_shadowed
from .guard import CRASHED, GuardedAgent, build_plugin, protocol_problems
from .import_path import NoSuchModule, import_path_agent, load_attribute, parse_import_spec

__all__ = [
    "CRASHED",
    "GROUP",
    "GuardedAgent",
    "NoSuchModule",
    "build_plugin",
    "describe",
    "import_path_agent",
    "load_attribute",
    "parse_import_spec",
    "plugin_factory",
    "plugin_names",
    "protocol_problems",
    "refresh",
    "warn_if_shadowed",
]
