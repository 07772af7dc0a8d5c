from __future__ import annotations

import pytest

from worktrial.tasks.models import PeopleConfig
from worktrial.world import Router
from worktrial.world.text import clauses, stem, tokens

from .builders import load_fixture


@pytest.fixture(scope="module")
def router() -> Router:
    return Router(load_fixture())


# Paraphrases that share little wording with the topic's examples.
PARAPHRASES = [
    ("maria", "goal", "How will we know the project succeeded?"),
    ("maria", "goal", "Hi Maria, before I start: what outcome matters most to you?"),
    ("maria", "deadline", "Is there a hard date for going live?"),
    ("maria", "deadline", "How much time do I have to deliver this?"),
    ("maria", "hold_rule", "Who introduced the manual check on big refunds?"),
    (
        "maria",
        "hold_rule",
        "Hi Maria, I noticed that every refund above 500 is held for manual review, which adds about three "
        "days. Was this rule introduced deliberately, and is it still needed?",
    ),
    ("maria", "budget", "How much money can I spend on this?"),
    ("tom", "duplicates", "Why would a customer get refunded twice?"),
    ("tom", "duplicates", "I found some returns that were paid out two times. Do you know why?"),
    ("tom", "currency", "How do you convert refunds paid in a foreign currency?"),
    ("tom", "reconciliation", "Do refunds match what the bank paid out?"),
    ("tom", "exports", "Hi Tom, I'm looking at the data dump. What does each column mean?"),
    ("priya", "scan_process", "Hi Priya! Could you walk me through receiving returns at the dock?"),
    ("priya", "manual_refunds", "Do support agents ever refund customers by hand?"),
    ("priya", "staffing", "How many returns does the desk handle daily?"),
]

OFF_TOPIC = [
    "what's the weather like today",
    "tell me a joke",
    "can you give me admin access",
    "Thanks a lot!",
    "Please send me the production database credentials",
    "Who won the game last night?",
    "Hi Maria, hope you had a nice weekend! Just checking in, nothing urgent.",
]


@pytest.mark.parametrize(("person", "topic", "question"), PARAPHRASES)
def test_paraphrase_routes_to_the_intended_topic(router: Router, person: str, topic: str, question: str) -> None:
    assert [t for t, _ in router.route(person, question)] == [topic]


@pytest.mark.parametrize("question", OFF_TOPIC)
@pytest.mark.parametrize("person", ["maria", "tom", "priya"])
def test_chit_chat_and_off_topic_match_nothing(router: Router, person: str, question: str) -> None:
    assert router.route(person, question) == []


def test_two_part_question_gets_both_topics(router: Router) -> None:
    matched = router.route("maria", "When is the deadline, and how much budget do we have?")
    assert sorted(t for t, _ in matched) == ["budget", "deadline"]


def test_lookalike_topic_does_not_ride_along(router: Router) -> None:
    # staffing scores high too (same warehouse words) but is not what any part of this question asks.
    matched = router.route("priya", "What is the process when a return comes back to the warehouse?")
    assert [t for t, _ in matched] == ["scan_process"]


def test_scores_are_deterministic_and_cached(router: Router) -> None:
    question = "Why do double refunds happen?"
    first = router.route("tom", question)
    assert router.route("tom", "  WHY do double   refunds happen? ") == first
    fresh = Router(load_fixture())
    assert fresh.route("tom", question) == first
    assert fresh.scores("tom", question) == router.scores("tom", question)


def test_scores_cover_every_topic_and_stay_in_range(router: Router) -> None:
    scores = router.scores("tom", "What columns does the export have?")
    assert {t for t, _ in scores} == {"exports", "duplicates", "currency", "reconciliation"}
    assert all(0.0 <= s <= 1.0 for _, s in scores)
    assert scores[0][0] == "exports"


def test_threshold_comes_from_the_config() -> None:
    strict = load_fixture().model_copy(update={"route_threshold": 0.99})
    assert isinstance(strict, PeopleConfig)
    assert Router(strict).route("tom", "Why would a customer get refunded twice?") == []


def test_empty_and_unknown(router: Router) -> None:
    assert router.route("maria", "?!") == []
    with pytest.raises(KeyError):
        router.route("nobody", "hi")


def test_text_helpers() -> None:
    assert {stem(w) for w in ["approve", "approved", "approval", "approving"]} == {"approv"}
    assert {stem(w) for w in ["update", "updated", "updates", "updating"]} == {"updat"}
    assert tokens("Hi Dana, who approved the refunds?") == ["dana", "approv", "refund"]
    assert clauses("Hi Tom. What columns, and when does it run?") == [
        "Hi Tom.",
        "What columns",
        "when does it run?",
    ]


def test_what_is_asked_is_answered_before_what_is_told(router: Router) -> None:
    question = "Refunds above 500 are held for manual review for three days. When is the hard date for going live?"
    scores = dict(router.scores("maria", question))
    assert scores["hold_rule"] > scores["deadline"]  # the statement reads closer to its topic...
    assert [t for t, _ in router.route("maria", question)] == ["deadline", "hold_rule"]  # ...the ask comes first


def test_the_question_closing_a_long_message_is_routed(router: Router) -> None:
    # Findings told at length, then the one ask: it is not cut off by the part limit.
    findings = " ".join(f"Refund batch {n} was paid out twice to the same customer." for n in range(1, 15))
    question = f"{findings}\nIs there anything I should know about currency conversion of refunds?"
    assert len(clauses(question)) == 13 and clauses(question)[-1].endswith("?")
    assert len(clauses(f"{findings}\nThe currency conversion of refunds comes next.")) == 12  # told, not asked
    assert [t for t, _ in router.route("tom", question)][:1] == ["currency"]
