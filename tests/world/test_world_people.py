from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from worktrial.tasks.models import PeopleConfig, PilotConfig, WorldConfig
from worktrial.world import Ledger, PilotOutcome, Reply, World, verify_ledger

from .builders import cast
from .conftest import fake_pilot, router_for

MakeWorld = Callable[..., World]

DEADLINE = "What is the deadline?"


def last(world: World) -> dict[str, object]:
    return world.ledger.entries[-1]


def said(reply: Reply) -> str:
    """The person's words, without the unread-inbox note the world appends."""
    return reply.text.split("\n\n(You have ")[0]


def test_who_hides_costs_topics_and_flags(world: World) -> None:
    reply = world.who()
    assert reply.ok and [p["id"] for p in reply.people] == ["alice", "bob", "carol"]
    assert set(reply.people[0]) == {"id", "name", "role", "blurb"}
    assert "Alice Marsh" in reply.text and "off" not in reply.text.lower() and "0.1" not in reply.text
    assert len(world.ledger) == 0  # who and now are not ledgered


def test_answered_costs_with_soft_limit_and_patience(world: World) -> None:
    world.wait("2d")  # the report is available from Wednesday
    asks = [DEADLINE, "How much budget do we have?", "Why is the review threshold set like this? REF-9"]
    costs = [world.ask("alice", q).cost for q in [*asks, "Is the weekly reconciliation report ready?"]]
    assert costs == pytest.approx([0.1, 0.1, 0.3, 0.3])  # soft_limit 2, over_factor 3
    tired = world.ask("alice", "Which exchange rate is used for currency conversion?")  # patience 4
    assert said(tired) == "I have nothing more to add." and tired.cost == 0.0
    assert last(world)["status"] == "out_of_patience"
    assert world.summary().contact_cost == pytest.approx(0.82)  # with the two days waited
    assert world.facts == {"f_deadline", "f_budget", "f_threshold", "f_report"}


def test_clock_advances_per_message(world: World) -> None:
    world.ask("alice", DEADLINE)
    world.ask("alice", "tell me a joke")
    assert world.now().now == "2026-03-02T10:00"


def test_unanswered_messages_are_free(world: World) -> None:
    fallback = world.ask("alice", "tell me a joke")
    assert (said(fallback), fallback.cost, last(world)["status"]) == ("fallback:alice", 0.0, "fallback")
    gated = world.ask("alice", "Why is the review threshold set like this?")
    assert (said(gated), gated.cost, last(world)["status"]) == ("gate_miss:threshold", 0.0, "gate_miss")
    assert last(world)["topics"] == [{"id": "threshold", "score": 1.0, "result": "gate_miss"}]
    assert world.summary().contact_cost == 0.0 and world.facts == frozenset()


def test_gate_met_by_earlier_evidence_to_the_same_person(make_world: MakeWorld) -> None:
    world = make_world("a")
    world.ask("alice", "What is the deadline? Ticket REF-42 mentions it.")
    reply = world.ask("alice", "Why is the review threshold set like this?")
    assert said(reply) == "answer:threshold" and "f_threshold" in world.facts

    elsewhere = make_world("b")
    elsewhere.ask("bob", "What columns does the export have? Ticket REF-42 mentions it.")
    assert said(elsewhere.ask("alice", "Why is the review threshold set like this?")) == "gate_miss:threshold"


def test_gate_met_in_the_question_itself(world: World) -> None:
    reply = world.ask("alice", "Why is the review threshold set like this? See REF-7.")
    assert said(reply) == "answer:threshold"


def test_requires_facts_from_anyone(world: World) -> None:
    question = "Which exchange rate is used for currency conversion?"
    assert said(world.ask("alice", question)) == "requires_miss:currency"
    world.ask("bob", "What columns does the export have?")
    answered = world.ask("alice", question)
    assert said(answered) == "answer:currency" and answered.cost == pytest.approx(0.1)


def test_available_at_stalls_then_answers_after_waiting(world: World) -> None:
    question = "Is the weekly reconciliation report ready?"
    stalled = world.ask("alice", question)
    assert (said(stalled), stalled.cost, last(world)["status"]) == ("stall:report", 0.0, "stall")
    world.wait("2d")
    assert said(world.ask("alice", question)) == "answer:report"


def test_off_limits_contact_is_ledgered_and_charged(world: World) -> None:
    reply = world.ask("carol", DEADLINE)
    assert (said(reply), reply.cost, reply.ok) == ("no:carol", 0.5, True)
    entry = last(world)
    assert entry["off_limits"] is True and entry["to"] == "carol" and entry["status"] == "off_limits"
    assert world.summary().off_limits_contacts == ["carol"]


def test_off_limits_default_reply(make_world: MakeWorld) -> None:
    people = cast()
    carol = people.people[2].model_copy(update={"off_limits_reply": ""})
    config = people.model_copy(update={"people": [*people.people[:2], carol]})
    reply = make_world(people_config=config).ask("carol", "hello")
    assert reply.text and reply.cost == 0.5


def test_away_on_weekday_and_date_is_free(world: World) -> None:
    question = "What columns does the export have?"
    world.wait("1d")  # Tuesday 2026-03-03: listed as a date
    assert (said(world.ask("bob", question)), last(world)["cost"]) == ("away:bob", 0.0)
    world.wait("3d")  # Friday
    assert said(world.ask("bob", question)) == "away:bob"
    world.wait("1d")  # Saturday: back
    assert said(world.ask("bob", question)) == "answer:export"


def test_total_questions_cap(make_world: MakeWorld) -> None:
    world = make_world(total_questions=2)
    world.ask("alice", DEADLINE)
    world.ask("bob", "What columns does the export have?")
    capped = world.ask("alice", "How much budget do we have?")
    assert (said(capped), capped.cost, last(world)["status"]) == (
        "I have nothing more to add.",
        0.0,
        "out_of_patience",
    )


def test_two_topics_in_one_message_cost_once(world: World) -> None:
    reply = world.ask("alice", "What is the deadline, and how much budget do we have?")
    assert said(reply) == "answer:deadline\n\nanswer:budget"
    assert reply.cost == pytest.approx(0.1) and set(reply.facts) == {"f_deadline", "f_budget"}


def test_bad_asks_are_refused_free_and_not_ledgered(world: World) -> None:
    unknown = world.ask("dave", DEADLINE)
    assert not unknown.ok and "alice, bob, carol" in unknown.text
    assert not world.ask("alice", "   ").ok
    assert not world.ask("alice", "x" * 4001).ok
    assert len(world.ledger) == 0 and world.now().now == "2026-03-02T09:00"


def test_wait_costs_in_proportion(world: World) -> None:
    reply = world.wait("12h")
    assert reply.ok and reply.cost == pytest.approx(0.005) and reply.now == "2026-03-02T21:00"
    assert "Monday 2026-03-02 21:00" in reply.text
    too_long = world.wait("15d")
    assert not too_long.ok and "14 days" in too_long.text
    assert not world.wait("soon").ok and not world.wait("0m").ok
    assert len(world.ledger) == 1


def test_inbox_by_time_asks_and_fact(world: World) -> None:
    first = world.inbox()
    assert "[new] From Alice Marsh (alice)" in first.text and first.facts == ["f_hello"]
    assert "[read]" in world.inbox().text and world.inbox().facts == []

    waited = world.wait("2d")  # past 2026-03-03T12:00, and bob is back on Wednesday
    assert "1 new inbox message arrived" in waited.text
    assert "Export fixed." in world.inbox().text and "f_later" in world.facts

    world.ask("alice", DEADLINE)
    reply = world.ask("bob", "What columns does the export have?")  # 2nd ask, and discloses f_export
    assert "2 unread inbox messages" in reply.text
    text = world.inbox().text
    assert "[new] From Alice Marsh -- " not in text  # no subject: no dash
    assert "Any news?" in text and "More on export." in text
    assert world.ledger.entries[-1]["read"] == ["nudge", "followup"]


def test_pilot_costs_runs_and_limits(world: World) -> None:
    replies = [world.pilot() for _ in range(4)]
    assert [r.ok for r in replies] == [True, True, True, False]
    assert [r.cost for r in replies[:3]] == pytest.approx([0.02, 0.05, 0.05])  # the last cost repeats
    assert "run 2: staff saw" in replies[1].text and "Pilot run 2 of 3" in replies[1].text
    assert world.now().now == "2026-03-05T09:00"  # a day per run
    assert {"pilot_1", "pilot_2", "pilot_3"} <= world.facts
    assert world.summary().pilot_runs == 3


def test_no_pilot_configured(make_world: MakeWorld) -> None:
    reply = make_world().pilot()
    assert not reply.ok and "no pilot" in reply.text


def test_pilot_failure_is_not_charged(make_world: MakeWorld) -> None:
    def broken(run: int) -> PilotOutcome:
        raise RuntimeError("disk full")

    world = make_world(pilot=PilotConfig(), pilot_runner=broken)
    assert not world.pilot().ok and len(world.ledger) == 0


def script(world: World) -> None:
    world.inbox()
    world.ask("alice", "Why is the review threshold set like this?")
    world.ask("carol", "hello")
    world.ask("bob", "What columns does the export have?")
    world.wait("1d12h")
    world.inbox()
    world.ask("alice", "What is the deadline, and how much budget do we have? REF-1")
    world.pilot()
    world.ask("alice", "Why is the review threshold set like this?")


def test_same_actions_give_the_same_ledger_bytes(make_world: MakeWorld, tmp_path: Path) -> None:
    a = make_world("a", pilot=PilotConfig())
    b = make_world("b", pilot=PilotConfig())
    script(a)
    script(b)
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert verify_ledger(tmp_path / "a.jsonl", a.ledger.head).ok


def test_world_is_rebuilt_from_its_ledger(make_world: MakeWorld, tmp_path: Path, people: PeopleConfig) -> None:
    a = make_world("a", pilot=PilotConfig())
    script(a)
    rebuilt = World(people, a.config, Ledger(tmp_path / "a.jsonl"), router_for(people), fake_pilot)
    assert rebuilt.facts == a.facts and rebuilt.now() == a.now()
    assert rebuilt.summary() == a.summary()
    for w in (a, rebuilt):  # both continue identically
        w.ask("alice", DEADLINE)
        w.inbox()
        w.pilot()
    assert [e["hash"] for e in a.ledger.entries[-3:]] == [e["hash"] for e in rebuilt.ledger.entries[-3:]]


def test_concurrent_asks_keep_the_ledger_whole(world: World) -> None:
    def worker(n: int) -> None:
        for i in range(5):
            world.ask("bob", f"What columns does the export have? (ask {n}.{i})")

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check = verify_ledger(world.ledger.path, world.ledger.head)
    assert check.ok and len(check.entries) == 40
    statuses = [e["status"] for e in check.entries]
    # one answer; then the same topic asked again, until Tuesday (bob is away on 2026-03-03)
    assert statuses.count("answered") == 1 and set(statuses) - {"answered"} == {"repeat", "away"}
    assert world.summary().answered_by_person == {"bob": 1}


def test_bad_times_in_config_fail_at_start(tmp_path: Path) -> None:
    people = cast()
    bad = people.model_copy(update={"inbox": [people.inbox[0].model_copy(update={"at": "tomorrow"})]})
    with pytest.raises(ValueError, match="inbox 'hello' at"):
        World(bad, WorldConfig(), Ledger(tmp_path / "l.jsonl"))
