"""Authoring tools: anchor validation, scaffolding (`worktrial new`)."""

from .reuse import code_hash, pair_keys, pair_name, reusable
from .scaffold import KINDS, ScaffoldError, scaffold, templates_dir
from .validate import VALIDATION_LEVEL, Expectation, anchor_pairs, expectation

__all__ = [
    "KINDS",
    "VALIDATION_LEVEL",
    "Expectation",
    "ScaffoldError",
    "anchor_pairs",
    "code_hash",
    "expectation",
    "pair_keys",
    "pair_name",
    "reusable",
    "scaffold",
    "templates_dir",
]
