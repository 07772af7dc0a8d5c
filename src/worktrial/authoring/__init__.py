"""Authoring tools: anchor validation."""

from .validate import VALIDATION_LEVEL, Expectation, anchor_pairs, expectation

__all__ = ["VALIDATION_LEVEL", "Expectation", "anchor_pairs", "expectation"]
