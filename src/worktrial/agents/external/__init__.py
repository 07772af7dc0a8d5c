"""External harnesses: CLI coding agents run inside the sandbox, their model traffic metered by the gateway.

`codex:<model id>` (OpenAI's Codex CLI) and `claude-code:<model id>` (Claude Code), installed with
`scripts/install_harnesses.sh`. Options as for react: `?max_usd=2&max_calls=50&...` (see `ExternalOptions`).
`cmd:COMMAND` and `cmd[<model id>?options]:COMMAND` run any program the same way (see `command`).
"""

from __future__ import annotations

from pathlib import Path

from ...tasks import Instance
from ..base import UnknownAgent
from ..registry import register_agent
from .base import ExternalAgent, Harness, Launch, LaunchContext
from .claude_code import ClaudeCode
from .codex import Codex
from .command import PLACEHOLDERS, CommandHarness, CommandSpec, make_command, parse_command_spec, with_model
from .install import INSTALL_HINT, harness_root, package_version
from .spec import ExternalOptions, parse_external_spec
from .transcript import Transcript

HARNESSES: dict[str, Harness] = {"codex": Codex(), "claude-code": ClaudeCode()}


def make_external(spec: str, instance: Instance | None = None, staging: Path | None = None) -> ExternalAgent:
    """`codex:<model id>[?...]` or `claude-code:<model id>[?...]`; cheap (nothing starts), so plans can check it.
    Raises UnknownAgent for a bad spec or a harness that is not installed."""
    try:
        name, model_id, options = parse_external_spec(spec)
    except ValueError as e:
        raise UnknownAgent(f"agent {spec!r}: {e}") from None
    harness = HARNESSES.get(name)
    if harness is None:
        raise UnknownAgent(f"agent {spec!r}: no external harness {name!r}; use one of {', '.join(HARNESSES)}")
    root = harness_root()
    version = package_version(root, harness.package) if root else None
    if root is None or version is None:
        raise UnknownAgent(f"agent {spec!r}: {harness.package} is not installed: {INSTALL_HINT}")
    return ExternalAgent(harness, model_id, options, staging or Path.cwd(), root, version)


for _name in HARNESSES:
    register_agent(_name, make_external)
register_agent("cmd", make_command)

__all__ = [
    "HARNESSES",
    "PLACEHOLDERS",
    "ClaudeCode",
    "Codex",
    "CommandHarness",
    "CommandSpec",
    "ExternalAgent",
    "ExternalOptions",
    "Harness",
    "Launch",
    "LaunchContext",
    "Transcript",
    "harness_root",
    "make_command",
    "make_external",
    "package_version",
    "parse_command_spec",
    "parse_external_spec",
    "with_model",
]
