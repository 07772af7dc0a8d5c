"""Is a topic's gate met, and if not, what does the person say is missing? Pure functions of what was said.

A gate condition is met by a `pattern` found in any message to the person, or by a `fact` the worker holds
(disclosed by someone, the inbox or a pilot) or has shown to this person (`worktrial.world.evidence`).
`requires_facts` are met the same way as fact conditions, after the gate; a gate miss also lists what the
required evidence still lacks, so one refusal names everything missing.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass

from worktrial.tasks.models import PeopleConfig, Person, Topic

from .evidence import EvidenceState, compiled, missing_lines
from .replies import refusal

DEFAULT_GATE_MISS = "Can you be more specific? Tell me what you have found so far and I'll see what I can say."
DEFAULT_REQUIRES_MISS = "I can't say much about that until you have the rest of the picture."


@dataclass(frozen=True)
class GateResult:
    result: str  # answered, gate_miss or requires_miss
    text: str = ""  # the refusal; empty when answered

    @property
    def ok(self) -> bool:
        return self.result == "answered"


@dataclass(frozen=True)
class Said:
    """What the worker has put before one person: messages, facts held, evidence shown."""

    questions: Sequence[str]
    held: Container[str]
    shown: Mapping[str, EvidenceState]


def judge_topic(people: PeopleConfig, person: Person, topic: Topic, said: Said) -> GateResult:
    lines: list[str] = []
    unmet = False
    for condition in topic.gate:
        if condition.pattern is not None:
            pattern = compiled(condition.pattern)
            if not any(pattern.search(q) for q in said.questions):
                unmet = True
                lines += [condition.missing] if condition.missing else []
        elif condition.fact is not None and not _has(people, condition.fact, said):
            unmet = True
            lines += [condition.missing] if condition.missing else _fact_lines(people, condition.fact, said)
    missing = [f for f in topic.requires_facts if not _has(people, f, said)]
    required = [line for f in missing for line in _fact_lines(people, f, said)]
    if unmet:  # everything missing at once: the gate's items, then what the required evidence lacks
        return GateResult("gate_miss", refusal(person, topic.gate_miss, [*lines, *required], DEFAULT_GATE_MISS))
    if missing:
        return GateResult("requires_miss", refusal(person, topic.requires_miss, required, DEFAULT_REQUIRES_MISS))
    return GateResult("answered")


def evidence_needs(people: PeopleConfig, topic: Topic) -> frozenset[str]:
    """The evidence facts (declared `[[fact]]`) that the topic's gate or requirements wait for."""
    needed = {*topic.requires_facts, *(c.fact for c in topic.gate if c.fact is not None)}
    return frozenset(f.id for f in people.facts if f.id in needed)


def _has(people: PeopleConfig, fact_id: str, said: Said) -> bool:
    if fact_id in said.held:
        return True
    fact = people.fact(fact_id)
    state = said.shown.get(fact_id)
    return fact is not None and state is not None and state.shown(fact.evidence)


def _fact_lines(people: PeopleConfig, fact_id: str, said: Said) -> list[str]:
    fact = people.fact(fact_id)
    if fact is None:
        return []
    return missing_lines(fact.evidence, said.shown.get(fact_id) or EvidenceState())
