"""Schema of `hidden/gate_checks.toml`: messages to a person and the gate outcome each must get.

Authors prove that a gate is fair and robust with it: messages that show the evidence in other words must
pass, keyword-stuffed, hedged, negated or wrong-cause messages must fail. `worktrial world check FAMILY` runs
the file (docs/world.md, "Checking gates").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

MIN_CASES = 10
MIN_ACCURACY = 0.95


class GateCase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    person: str = Field(description="Person id the messages go to.")
    topic: str | None = Field(
        None,
        description=("Topic whose gate and `requires_facts` are judged; `pass` also needs the message routed to it."),
    )
    fact: str | None = Field(None, description="Or: an evidence fact; `pass` = the messages show it.")
    variant: str = Field("base", description="Variant whose people.toml is used.")
    before: list[str] = Field(default_factory=list, description="Earlier messages to the same person, in order.")
    message: str = Field(min_length=1, description="The message judged (with the earlier ones as context).")
    held: list[str] = Field(default_factory=list, description="Facts the worker already holds from others.")
    expect: Literal["pass", "fail"] = Field(description="The outcome the gate must give.")
    note: str = Field("", description="Why this case is here (e.g. 'keyword stuffing', 'paraphrase').")

    @model_validator(mode="after")
    def _one_target(self) -> GateCase:
        if (self.topic is None) == (self.fact is None):
            raise ValueError("a case needs exactly one of `topic` and `fact`")
        return self

    @property
    def target(self) -> str:
        kind, name = ("topic", self.topic) if self.topic else ("fact", self.fact)
        return f"{self.variant}:{self.person}/{kind}:{name}"


class GateChecks(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    cases: list[GateCase] = Field(alias="case", description="`[[case]]` tables.")
