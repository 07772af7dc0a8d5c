"""The `react` harness: a model drives tools in the sandbox until it submits or a budget ends the trial."""

from .agent import HARNESS, HARNESS_VERSION, ReactAgent
from .options import PREFIX, ReactOptions, parse_spec
from .tools import NAMES as TOOL_NAMES

__all__ = ["HARNESS", "HARNESS_VERSION", "PREFIX", "TOOL_NAMES", "ReactAgent", "ReactOptions", "parse_spec"]
