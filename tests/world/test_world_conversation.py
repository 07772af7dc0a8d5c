"""Replies that answer what was asked: repeats, referrals, evidence the worker shows, follow-ups."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from worktrial.tasks.models import GateCondition, PeopleConfig, TopicAfter
from worktrial.world import EvidenceState, GateResult, Ledger, Reply, Said, World, judge_topic

from .builders import cast, evidence_cast
from .conftest import router_for

MakeWorld = Callable[..., World]
CAUSE = "The duplicate refunds happen because the export runs twice every night; 41 refunds were paid twice."
APPROVE = "Can you approve my fix?"
EVIDENCE = evidence_cast()


def said(reply: Reply) -> str:
    return reply.text.split("\n\n(You have ")[0]


def last(world: World) -> dict[str, object]:
    return world.ledger.entries[-1]


@pytest.fixture
def office(make_world: MakeWorld) -> World:
    return make_world("office", people_config=EVIDENCE)


# ------------------------------------------------------------------ repeats


def test_identical_message_is_answered_already_for_free(world: World) -> None:
    first = world.ask("alice", "What is the deadline?")
    again = world.ask("alice", "  what is the DEADLINE? ")
    assert first.cost > 0 and said(again) == "I answered that already - see my earlier reply." and again.cost == 0
    assert last(world)["status"] == "repeat" and last(world)["answered"] is False


def test_a_refused_message_can_be_sent_again(world: World) -> None:
    question = "Is the weekly reconciliation report ready?"
    world.ask("alice", question)  # stalls until Wednesday
    world.wait("2d")
    assert said(world.ask("alice", question)) == "answer:report"


def test_topic_asked_again_gets_the_short_form_for_free(office: World) -> None:
    office.ask("maria", "How much budget do we have?")
    again = office.ask("maria", "What budget is available for this project?")
    assert said(again) == "Maria: As I said, ten days." and again.cost == 0.0  # the `short` field
    assert last(office)["status"] == "repeat" and last(office)["topics"][0]["result"] == "repeat"


def test_short_form_defaults_to_the_first_sentence(office: World) -> None:
    office.ask("maria", APPROVE + " " + CAUSE)
    again = office.ask("maria", "Please sign off the change, as discussed.")
    assert said(again) == "Maria: As I said, approved."
    assert office.summary().answered_by_person == {"maria": 1}


def _changed_mind() -> PeopleConfig:
    """maria's budget answer changes once the asker knows the export runs twice."""
    people = evidence_cast()
    stance = TopicAfter(fact="export_double_run", answer="Maria: Now we know why we pay twice, take the time it needs.")
    maria = next(p for p in people.people if p.id == "maria")
    topics = [t.model_copy(update={"after": [stance]}) if t.id == "budget" else t for t in maria.topics]
    others = [p for p in people.people if p.id != "maria"]
    return people.model_copy(update={"people": [maria.model_copy(update={"topics": topics}), *others]})


def test_a_changed_stance_replaces_the_first_answer_once_the_fact_is_known(
    make_world: MakeWorld, tmp_path: Path
) -> None:
    people = _changed_mind()
    office = make_world("changed", people_config=people)
    assert said(office.ask("maria", "How much budget do we have?")) == "Maria: Ten days of work. Not more."
    office.ask("dev", "Does the nightly export job run twice?")
    changed = office.ask("maria", "What budget is available for this project?")
    assert said(changed) == "Maria: Now we know why we pay twice, take the time it needs." and changed.cost == 0.0
    assert last(office)["topics"][0] == {"id": "budget", "score": last(office)["topics"][0]["score"],
                                          "result": "repeat", "after": "export_double_run"}  # fmt: skip
    again = office.ask("maria", "And the budget, once more?")
    assert said(again) == "Maria: As I said, now we know why we pay twice, take the time it needs."
    assert again.cost == 0.0
    rebuilt = World(people, office.config, Ledger(tmp_path / "changed.jsonl"), router_for(people))
    assert said(rebuilt.ask("maria", "How much budget is there?")) == said(again)


def test_a_changed_stance_asked_first_is_an_answer(make_world: MakeWorld) -> None:
    office = make_world("first", people_config=_changed_mind())
    office.ask("dev", "Does the nightly export job run twice?")
    reply = office.ask("maria", "How much budget do we have?")
    assert said(reply) == "Maria: Now we know why we pay twice, take the time it needs." and reply.cost > 0
    assert last(office)["status"] == "answered"


def test_a_changed_stance_waits_for_its_fact(make_world: MakeWorld) -> None:
    office = make_world("unchanged", people_config=_changed_mind())
    office.ask("maria", "How much budget do we have?")
    assert said(office.ask("maria", "What budget is available for this project?")) == "Maria: As I said, ten days."


# ------------------------------------------------------------------ fallbacks name who would know


def test_fallback_names_the_colleague_whose_topic_fits(office: World) -> None:
    reply = office.ask("maria", "How often does the nightly refund export job run?")
    assert said(reply) == "Maria: I don't know - Dev Raman (Data engineer) would."
    assert last(office)["status"] == "fallback" and last(office)["refer"] == "dev" and reply.cost == 0.0


def test_fallback_without_a_fit_and_never_to_someone_off_limits(office: World) -> None:
    assert said(office.ask("maria", "Tell me a joke about the weather.")) == "Maria: Is this about the refunds fix?"
    assert "refer" not in last(office)
    # the vendor has the same topic as dev, but is never suggested
    referred = office.ask("maria", "Does the nightly export job run twice?")
    assert "Dev Raman" in said(referred) and "Vic" not in said(referred)


def test_refer_template_in_the_persons_voice(make_world: MakeWorld) -> None:
    people = evidence_cast()
    maria = people.people[0].model_copy(update={"refer": "Maria: Not my area. Ask {who}."})
    config = people.model_copy(update={"people": [maria, *people.people[1:]]})
    reply = make_world(people_config=config).ask("maria", "How often does the nightly refund export job run?")
    assert said(reply) == "Maria: Not my area. Ask Dev Raman (Data engineer)."


# ------------------------------------------------------------------ evidence the worker shows


def test_requires_fact_met_by_evidence_in_the_same_message(office: World) -> None:
    reply = office.ask("maria", f"{APPROVE} {CAUSE}")
    assert said(reply).startswith("Maria: Approved.") and reply.cost > 0
    entry = last(office)
    assert entry["shown"] == ["export_double_run"]
    assert entry["evidence"] == {"export_double_run": {"met": ["claim1", "figure1"], "against": []}}
    summary = office.summary()
    assert summary.shown == ["export_double_run"] and "export_double_run" in summary.facts
    assert "export_double_run" not in office.facts  # shown to maria, not disclosed by anyone


def test_evidence_from_earlier_messages_to_the_same_person_counts(office: World) -> None:
    office.ask("maria", "Quick note: the duplicate refunds appear because the export runs twice.")
    office.ask("maria", "Last week 41 refunds were paid twice.")
    assert said(office.ask("maria", APPROVE)).startswith("Maria: Approved.")


def test_evidence_shown_to_someone_else_does_not_count(office: World) -> None:
    office.ask("lee", CAUSE)
    assert office.ledger.entries[-1]["shown"] == ["export_double_run"]
    refused = office.ask("maria", APPROVE)
    assert (
        said(refused)
        == "Maria: Not before I know why we pay twice. What actually pays them twice? How many were paid twice?"
    )
    assert last(office)["status"] == "gate_miss" and last(office)["topics"][0]["result"] == "requires_miss"


def test_refusal_names_only_what_is_still_missing(office: World) -> None:
    office.ask("maria", "The duplicate refunds appear because the export runs twice.")
    refused = office.ask("maria", APPROVE)
    assert said(refused) == "Maria: Not before I know why we pay twice. How many were paid twice?"


def test_a_wrong_cause_gets_a_rebuttal_and_withdraws_the_evidence(office: World) -> None:
    office.ask("maria", CAUSE)
    refused = office.ask("maria", f"{APPROVE} On second thoughts it is fraud: customers claim twice.")
    assert "Fraud checked every one of them - they were not." in said(refused)
    assert said(office.ask("maria", "Please sign off the change.")).startswith("Maria: Not before")


def test_a_gate_miss_names_everything_missing() -> None:
    maria = EVIDENCE.people[0]
    condition = GateCondition(describe="names the ticket", pattern=r"REF-\d+", missing="Which ticket is it?")
    plain = GateCondition(describe="says please", pattern=r"please")  # no missing line: adds nothing
    topic = maria.topics[0].model_copy(update={"gate": [condition, plain], "gate_miss": "Maria: Hm."})
    said_so_far = Said(["The duplicate refunds appear because the export runs twice."], set(), {})
    said_so_far = Said(said_so_far.questions, set(), {"export_double_run": EvidenceState(frozenset({"claim1"}))})
    result = judge_topic(EVIDENCE, maria, topic, said_so_far)
    assert result == GateResult("gate_miss", "Maria: Hm. Which ticket is it? How many were paid twice?")
    met = judge_topic(EVIDENCE, maria, topic, Said(["please see REF-4"], {"export_double_run"}, {}))
    assert met.ok and met.text == ""


def test_disclosed_fact_satisfies_the_requirement(office: World) -> None:
    office.ask("dev", "Does the nightly export job run twice?")
    assert said(office.ask("maria", APPROVE)).startswith("Maria: Approved.")


def test_gate_fact_condition(office: World) -> None:
    gated = office.ask("maria", "Can I see the internal audit report?")
    assert said(gated) == "Maria: Why do you need it? What actually pays them twice? How many were paid twice?"
    assert said(office.ask("maria", f"Can I see the internal audit report? {CAUSE}")) == "Maria: Here is the audit."


def test_follow_up_with_the_missing_evidence_answers_the_refused_topic(office: World) -> None:
    office.ask("maria", APPROVE)
    follow_up = office.ask("maria", CAUSE)  # routes to no topic of maria's on its own
    assert said(follow_up).startswith("Maria: Approved.")
    assert last(office)["topics"] == [{"id": "approve_fix", "score": 0.0, "result": "answered", "follow_up": True}]


def test_incomplete_follow_up_says_what_is_still_missing(office: World) -> None:
    office.ask("maria", APPROVE)
    partial = office.ask("maria", "The duplicate refunds appear because the export runs twice.")
    assert said(partial) == "Maria: Not before I know why we pay twice. How many were paid twice?"
    # an unrelated question after a refusal is not taken as a follow-up
    assert "Dev Raman" in said(office.ask("maria", "How often does the nightly refund export job run?"))


# ------------------------------------------------------------------ determinism and replay


def conversation(world: World) -> None:
    world.ask("maria", APPROVE)
    world.ask("maria", "The duplicate refunds appear because the export runs twice.")
    world.ask("maria", "How much budget do we have?")
    world.ask("maria", "What budget is available for this project?")
    world.ask("maria", "How often does the nightly refund export job run?")
    world.ask("maria", "Last week 41 refunds were paid twice.")
    world.ask("maria", APPROVE)


def test_replay_rebuilds_evidence_repeats_and_follow_ups(make_world: MakeWorld, tmp_path: Path) -> None:
    a, b = make_world("a", people_config=EVIDENCE), make_world("b", people_config=EVIDENCE)
    conversation(a)
    conversation(b)
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    rebuilt = World(EVIDENCE, a.config, Ledger(tmp_path / "a.jsonl"), router_for(EVIDENCE))
    for w in (a, rebuilt):
        w.ask("maria", "Can I see the internal audit report?")  # evidence shown earlier opens the gate
        w.ask("maria", "How much budget do we have?")  # a repeat
    assert [e["hash"] for e in a.ledger.entries[-2:]] == [e["hash"] for e in rebuilt.ledger.entries[-2:]]
    assert said(Reply(a.ledger.entries[-2]["reply"])) == "Maria: Here is the audit."


def test_replay_never_calls_the_judge_again(make_world: MakeWorld, tmp_path: Path) -> None:
    a = make_world("a", people_config=EVIDENCE)
    a.ask("maria", CAUSE)

    class Refuses:
        def judge(self, evidence: object, message: str) -> object:
            raise AssertionError("a replay must read verdicts from the ledger")

    rebuilt = World(EVIDENCE, a.config, Ledger(tmp_path / "a.jsonl"), router_for(EVIDENCE), judge=Refuses())  # type: ignore[arg-type]
    assert rebuilt.summary().shown == ["export_double_run"]


def test_old_people_files_behave_as_before(world: World, people: PeopleConfig) -> None:
    """No [[fact]], no `missing` lines: refusals are the authors' fixed texts, entries carry no evidence keys."""
    assert people.facts == [] and cast().refer_threshold == 0.5
    world.ask("alice", "Why is the review threshold set like this?")
    world.ask("alice", "Which exchange rate is used for currency conversion?")
    assert [said(Reply(e["reply"])) for e in world.ledger.entries] == ["gate_miss:threshold", "requires_miss:currency"]
    assert not {"evidence", "shown", "refer"} & set(world.ledger.entries[-1])
