"""Run a family's `hidden/gate_checks.toml`: does every gate give the outcome its author expects?

Each case is judged the way the world judges a message (same evidence judge, same gate logic), without time,
cost or patience. A `topic` case passes when the topic's gate and required facts are met -- and, for an
expected pass, the message is routed to that topic or follows up an earlier message that the topic refused.
A `fact` case passes when the messages show the fact. The standard per target (variant, person, topic or
fact): at least `MIN_CASES` passing and `MIN_CASES` failing cases, and `MIN_ACCURACY` of all cases right.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from worktrial.tasks import Family, Problem, TaskFormatError
from worktrial.tasks.errors import problems_from_validation
from worktrial.tasks.evidence import Evidence
from worktrial.tasks.files import read_toml
from worktrial.tasks.gate_checks import MIN_ACCURACY, MIN_CASES, GateCase, GateChecks
from worktrial.tasks.models import PeopleConfig

from .evidence import EvidenceJudge, EvidenceState, RuleJudge
from .gates import Said, evidence_needs, judge_topic
from .routing import Router


@dataclass(frozen=True)
class CaseResult:
    index: int  # 1-based position in the file
    case: GateCase
    got: str  # pass or fail
    ok: bool
    detail: str  # the refusal, or why an expected pass was not reached


@dataclass
class TargetTally:
    passing: int = 0  # cases expected to pass
    failing: int = 0  # cases expected to fail
    right: int = 0


@dataclass
class GateReport:
    path: Path
    results: list[CaseResult]
    targets: dict[str, TargetTally] = field(default_factory=dict)

    @property
    def accuracy(self) -> float:
        return sum(r.ok for r in self.results) / len(self.results) if self.results else 0.0

    def shortfalls(self) -> list[str]:
        """Every way the file falls short of the standard, in words."""
        out = []
        for target, tally in self.targets.items():
            if tally.passing < MIN_CASES or tally.failing < MIN_CASES:
                out.append(
                    f"{target}: {tally.passing} passing and {tally.failing} failing cases (need {MIN_CASES} of each)"
                )
            total = tally.passing + tally.failing
            if tally.right < MIN_ACCURACY * total:
                out.append(f"{target}: {tally.right}/{total} right (need {MIN_ACCURACY:.0%})")
        return out

    @property
    def ok(self) -> bool:
        return bool(self.results) and not self.shortfalls()


def load_gate_checks(path: Path) -> GateChecks:
    data = read_toml(path)
    try:
        return GateChecks.model_validate(data)
    except ValidationError as e:
        raise TaskFormatError(problems_from_validation(path, e, data)) from None


def run_gate_checks(family: Family, path: Path | None = None, judge: EvidenceJudge | None = None) -> GateReport:
    path = path or family.paths.gate_checks
    checks = load_gate_checks(path)
    judge = judge or RuleJudge()
    people: dict[str, PeopleConfig] = {}
    routers: dict[str, Router] = {}
    problems = []
    for n, case in enumerate(checks.cases, 1):
        if case.variant not in people and case.variant in family.variants:
            people[case.variant] = family.instance(case.variant, family.config.instance_levels[-1]).people()
            routers[case.variant] = Router(people[case.variant])
        problems += _case_problems(path, n, case, people.get(case.variant), family)
    if problems:
        raise TaskFormatError(problems)
    report = GateReport(path, [])
    for n, case in enumerate(checks.cases, 1):
        result = _run_case(n, case, people[case.variant], routers[case.variant], judge)
        report.results.append(result)
        tally = report.targets.setdefault(case.target, TargetTally())
        tally.passing += case.expect == "pass"
        tally.failing += case.expect == "fail"
        tally.right += result.ok
    return report


def _run_case(n: int, case: GateCase, people: PeopleConfig, router: Router, judge: EvidenceJudge) -> CaseResult:
    messages = [*case.before, case.message]
    states = {fact.id: _fold(judge, fact.evidence, messages) for fact in people.facts}
    if case.fact is not None:
        target = people.fact(case.fact)
        shown = target is not None and states[target.id].shown(target.evidence)
        got = "pass" if shown else "fail"
        return CaseResult(n, case, got, got == case.expect, "" if shown else "not shown")
    person = people.person(case.person)
    assert person is not None and case.topic is not None  # checked by _case_problems
    topic = next(t for t in person.topics if t.id == case.topic)
    gate = judge_topic(people, person, topic, Said(messages, frozenset(case.held), states))
    got = "pass" if gate.ok else "fail"
    detail = gate.text
    ok = got == case.expect
    if ok and case.expect == "pass" and not _reaches(people, router, case, judge):
        routed = [t for t, _ in router.route(case.person, case.message)]
        ok, detail = False, f"gate met, but the message is routed to {routed or 'no topic'}"
    return CaseResult(n, case, got, ok, detail)


def _reaches(people: PeopleConfig, router: Router, case: GateCase, judge: EvidenceJudge) -> bool:
    """Is the message routed to the topic, or a follow-up to an earlier message that the topic refused?"""
    if case.topic in {t for t, _ in router.route(case.person, case.message)}:
        return True
    if not case.before or case.topic not in {t for t, _ in router.route(case.person, case.before[-1])}:
        return False
    person = people.person(case.person)
    topic = next(t for t in person.topics if t.id == case.topic) if person else None
    if person is None or topic is None or not evidence_needs(people, topic):
        return False  # the world takes a refused topic up again only when it waits for evidence
    earlier = {f.id: _fold(judge, f.evidence, case.before) for f in people.facts}
    return not judge_topic(people, person, topic, Said(case.before, frozenset(case.held), earlier)).ok


def _fold(judge: EvidenceJudge, evidence: Evidence, messages: list[str]) -> EvidenceState:
    state = EvidenceState()
    for message in messages:
        state = state.after(judge.judge(evidence, message))
    return state


def _case_problems(path: Path, n: int, case: GateCase, people: PeopleConfig | None, family: Family) -> list[Problem]:
    where = f"case[{n}]"
    if people is None:
        return [
            Problem(
                str(path),
                f"{where}.variant",
                f"no variant {case.variant!r}",
                "use one of: " + ", ".join(family.variants),
            )
        ]
    person = people.person(case.person)
    if person is None:
        known = ", ".join(p.id for p in people.people)
        return [Problem(str(path), f"{where}.person", f"no person {case.person!r}", f"use one of: {known}")]
    if case.topic is not None and all(t.id != case.topic for t in person.topics):
        known = ", ".join(t.id for t in person.topics)
        return [
            Problem(str(path), f"{where}.topic", f"{case.person} has no topic {case.topic!r}", f"use one of: {known}")
        ]
    if case.fact is not None and people.fact(case.fact) is None:
        known = ", ".join(f.id for f in people.facts) or "none declared"
        return [Problem(str(path), f"{where}.fact", f"no [[fact]] {case.fact!r}", f"use one of: {known}")]
    return []
