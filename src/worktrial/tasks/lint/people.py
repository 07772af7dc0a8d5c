"""hidden/people.toml beyond its schema: every fact named somewhere is given somewhere, gated topics can refuse."""

from __future__ import annotations

from ..errors import Problem, TaskFormatError
from ..loader import Instance
from ..models import PeopleConfig


def lint_people(inst: Instance) -> list[Problem]:
    needs_people = inst.config.kind == "engagement"
    if "people.toml" not in inst.hidden_files:
        if needs_people:
            path = inst.family.paths.hidden / "people.toml"
            return [Problem(str(path), "", "file is missing", "describe the staff in hidden/people.toml")]
        return _key_facts(inst, set())
    try:
        people = inst.people()
    except TaskFormatError as e:
        return e.problems
    given = _given(people)
    return _references(str(inst.hidden_path("people.toml")), people, given) + _key_facts(inst, given)


def _given(people: PeopleConfig) -> set[str]:
    given = {fact for person in people.people for topic in person.topics for fact in topic.facts}
    given |= {fact for msg in people.inbox for fact in msg.facts}
    return given | {f.id for f in people.facts}  # evidence facts: a worker can show these


def _references(path: str, people: PeopleConfig, given: set[str]) -> list[Problem]:
    problems = []
    for person in people.people:
        problems += _templates(path, person.id, person.refer, person.fallback)
        for topic in person.topics:
            field = f"person[{person.id}].topics[{topic.id}]"
            needed = [("requires_facts", f) for f in topic.requires_facts]
            needed += [(f"gate[{i}].fact", c.fact) for i, c in enumerate(topic.gate) if c.fact is not None]
            for where, fact in needed:
                if fact not in given:
                    problems.append(
                        Problem(
                            path,
                            f"{field}.{where}",
                            f"no topic, message or [[fact]] gives {fact!r}",
                            "add the fact to some topic's facts, declare it as a [[fact]] with evidence, or fix the id",
                        )
                    )
            if topic.gate and not topic.gate_miss:
                problems.append(
                    Problem(
                        path,
                        f"{field}.gate_miss",
                        "a gated topic needs a gate_miss reply",
                        "write what the person says when the evidence is missing",
                    )
                )
    for msg in people.inbox:
        if msg.after_fact and msg.after_fact not in given:
            problems.append(
                Problem(
                    path,
                    f"inbox[{msg.id}].after_fact",
                    f"no topic or message gives {msg.after_fact!r}",
                    "fix the fact id",
                )
            )
    return problems


def _templates(path: str, pid: str, refer: str, fallback: str) -> list[Problem]:
    """`refer` names a colleague through {who}; `fallback` is for questions nobody can answer."""
    problems = []
    if refer and "{who}" not in refer:
        problems.append(
            Problem(path, f"person[{pid}].refer", "the template has no {who}", "write {who} where the name goes")
        )
    if "{who}" in fallback:
        problems.append(
            Problem(
                path,
                f"person[{pid}].fallback",
                "{who} is only filled in `refer`",
                "move the sentence naming a colleague to refer; keep fallback for questions nobody can answer",
            )
        )
    return problems


def _key_facts(inst: Instance, given: set[str]) -> list[Problem]:
    variant = inst.variant_config.key_facts is not None
    file = inst.family.paths.variant_toml(inst.variant) if variant else inst.family.paths.task_toml
    return [
        Problem(
            str(file),
            "key_facts",
            f"{fact!r} is given by no topic or message",
            "fix the fact id or add it to a topic's facts in hidden/people.toml",
        )
        for fact in inst.key_facts
        if fact not in given
    ]
