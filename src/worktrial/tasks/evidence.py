"""Schema of evidence: the `[fact.evidence]` tables of people.toml, saying how a worker's message *shows* a fact.

A fact with evidence can satisfy a topic's `requires_facts` or a `{ fact = ... }` gate condition without
anybody having disclosed it: the worker found it and says so, with figures. The matcher that reads these
tables is `worktrial.world.evidence` (docs/world.md, "Evidence facts").
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def compile_check(patterns: list[str]) -> list[str]:
    for p in patterns:
        try:
            re.compile(p)
        except re.error as e:
            raise ValueError(f"{p!r} is not a valid regular expression: {e}") from e
    return patterns


class Claim(_Strict):
    describe: str = Field(
        min_length=1,
        description="What the message must assert, as a noun phrase (shown to authors; default refusal line).",
    )
    concepts: list[list[str]] = Field(
        min_length=1,
        description=(
            "Concept groups, all of which must occur in one sentence, none negated or hedged (one group may come "
            "from the sentence before when this one says they/these/such); each group is a list of alternative "
            "phrasings (case-insensitive regular expressions). Write relations ('slips? (off|out of)'), not bare "
            "keywords."
        ),
    )
    missing: str = Field(
        "", description="What the person says while this claim has not been shown (first person, no name)."
    )

    @field_validator("concepts")
    @classmethod
    def _groups(cls, v: list[list[str]]) -> list[list[str]]:
        for group in v:
            if not group:
                raise ValueError("a concept group needs at least one phrasing")
            compile_check(group)
        return v


class Figure(_Strict):
    describe: str = Field(min_length=1, description="The figure the message must cite, as a noun phrase.")
    min: float = Field(description="Lowest accepted value, in `unit`.")
    max: float = Field(description="Highest accepted value, in `unit`.")
    unit: str = Field(
        "",
        description=(
            "`%`, `x` (times), `g`, `kg`, `s`, `min`, `h`, `eur`, empty (a plain number, no unit) or a regular "
            "expression for another unit, matched within three words after the number or anywhere before it in "
            "the sentence (e.g. `per 1,?000`). Grams and kilograms, and seconds, minutes and hours convert into "
            "each other."
        ),
    )
    near: list[list[str]] = Field(
        default_factory=list,
        description=(
            "Context groups: each is a list of phrasings (regular expressions) of which one must be in the same "
            "sentence as the number."
        ),
    )
    missing: str = Field("", description="What the person says while this figure has not been cited.")

    @field_validator("near")
    @classmethod
    def _near(cls, v: list[list[str]]) -> list[list[str]]:
        for group in v:
            if not group:
                raise ValueError("a context group needs at least one phrasing")
            compile_check(group)
        return v

    @model_validator(mode="after")
    def _range(self) -> Figure:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        if self.unit and not _known_unit(self.unit):
            compile_check([self.unit])
        return self


KNOWN_UNITS = ("%", "x", "g", "kg", "s", "min", "h", "eur")


def _known_unit(unit: str) -> bool:
    return unit.lower() in KNOWN_UNITS


class Evidence(_Strict):
    claims: list[Claim] = Field(
        default_factory=list, description="`[[fact.evidence.claims]]`: claims that must all be asserted."
    )
    figures: list[Figure] = Field(
        default_factory=list, description="`[[fact.evidence.figures]]`: figures that back the claims."
    )
    figures_needed: int | None = Field(
        None, ge=0, description="How many of `figures` must be cited (default: all of them)."
    )
    against: list[Claim] = Field(
        default_factory=list,
        description=(
            "`[[fact.evidence.against]]`: counter-claims (a wrong cause named as the cause), each asserted by one "
            "clause. A message asserting one shows nothing and withdraws what earlier messages showed; its "
            "`missing` line is the person's rebuttal."
        ),
    )

    @model_validator(mode="after")
    def _needed(self) -> Evidence:
        if not self.claims and not self.figures:
            raise ValueError("evidence needs at least one claim or figure")
        if self.figures_needed is not None and self.figures_needed > len(self.figures):
            raise ValueError(f"figures_needed is {self.figures_needed} but only {len(self.figures)} figures exist")
        return self

    @property
    def needed(self) -> int:
        return len(self.figures) if self.figures_needed is None else self.figures_needed
