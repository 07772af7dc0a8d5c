"""Anchor validation: the calibration agents must land where a sound task puts them (docs/scoring.md)."""

from __future__ import annotations

from dataclasses import dataclass

from ..agents import calibration_agents
from ..tasks import Instance

VALIDATION_LEVEL = "L3"


@dataclass(frozen=True)
class Expectation:
    text: str
    low: float | None = None
    high: float | None = None
    abs_below: float | None = None

    def holds(self, score: float | None) -> bool:
        if score is None:
            return False
        if self.abs_below is not None:
            return abs(score) < self.abs_below
        return (self.low is None or score >= self.low) and (self.high is None or score <= self.high)


def expectation(instance: Instance, agent: str) -> Expectation:
    base, _, from_variant = agent.partition("@")
    if base == "sibling":
        return Expectation("≤ 0.8 (a sibling instance's reference)", high=0.8)
    if from_variant and from_variant != instance.variant:
        return Expectation("≤ 0.8 (memorisation probe)", high=0.8)
    if base == "reference":
        return Expectation("≥ 0.95", low=0.95)
    if base == "noop" and instance.config.kind == "deliverable":
        return Expectation("= 0", abs_below=1e-9)
    if base == "noop":
        return Expectation("|S| < 0.05", abs_below=0.05)
    if base == "literal":
        return (
            Expectation("≥ 0.95 (literal ask is right)", low=0.95)
            if instance.literal_right
            else Expectation("≤ 0.2", high=0.2)
        )
    return Expectation("≤ 0.8", high=0.8)


def anchor_pairs(instances: list[Instance]) -> list[tuple[str, str]]:
    """Every variant at L3 (every deliverable instance) × (reference, noop, literal, each shortcut, every other
    variant's reference)."""
    pairs = []
    for inst in instances:
        if inst.level not in (VALIDATION_LEVEL, ""):  # deliverables have no level
            continue
        agents = calibration_agents(inst)
        # Engagement references are programs tied to their variant's facts; deliverable references are answers.
        probe = "reference" if inst.config.kind == "engagement" else "sibling"
        agents += [f"{probe}@{v}" for v in inst.family.variants if v != inst.variant]
        pairs += [(inst.id, a) for a in agents]
    return pairs
