"""External harnesses: CLI coding agents run inside the sandbox, their model traffic metered by the gateway.

`codex:<model id>` (OpenAI's Codex CLI) and `claude-code:<model id>` (Claude Code), installed with
`scripts/install_harnesses.sh`. Options as for react: `?max_usd=2&max_calls=50&...` (see `ExternalOptions`).
"""

from __future__ import annotations

from pathlib import Path

from ...tasks import Instance
from ..registry import UnknownAgent, register_agent
from .base import ExternalAgent, Harness, Launch, LaunchContext
from .claude_code import ClaudeCode
from .codex import Codex
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

__all__ = [
    "HARNESSES",
    "ClaudeCode",
    "Codex",
    "ExternalAgent",
    "ExternalOptions",
    "Harness",
    "Launch",
    "LaunchContext",
    "Transcript",
    "harness_root",
    "make_external",
    "package_version",
    "parse_external_spec",
]
