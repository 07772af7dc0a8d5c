"""Authoring tools: anchor validation, scaffolding (`worktrial new`)."""

from .scaffold import KINDS, ScaffoldError, scaffold, templates_dir
from .validate import VALIDATION_LEVEL, Expectation, anchor_pairs, expectation

__all__ = [
    "KINDS",
    "VALIDATION_LEVEL",
    "Expectation",
    "ScaffoldError",
    "anchor_pairs",
    "expectation",
    "scaffold",
    "templates_dir",
]
