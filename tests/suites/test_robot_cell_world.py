"""robot_cell (base): the approvers judge what the worker shows, as the playtest needed."""

from __future__ import annotations

from pathlib import Path

import pytest

from worktrial.tasks import load_family
from worktrial.world import Ledger, Router, World

FAMILY = Path(__file__).resolve().parents[2] / "suites/engagements/robot_cell"
CAUSE = (
    "The LC-OUT stops are shrink-wrapped multipacks: they slip out of the vacuum cup and fall through the outfeed "
    "curtain."
)
FIGURE = "On 6 March, 20 of the 30 LC-OUT stops came right after a multipack pick."


INSTANCE = load_family(FAMILY).instance("base", "L3")


@pytest.fixture(scope="module")
def router() -> Router:
    return Router(INSTANCE.people())


@pytest.fixture
def world(router: Router, tmp_path: Path) -> World:
    world = World(router.people, INSTANCE.config.world, Ledger(tmp_path / "ledger.jsonl"), router)
    world.wait("1d")  # Tuesday: Rukmini is in
    return world


def test_cause_found_in_the_data_gets_both_approvals_without_the_technician(world: World) -> None:
    declan = world.ask("declan", f"Can you approve a scheduler change that plans multipacks to manual? {CAUSE} {FIGURE}")
    assert "CHG-2026-031" in declan.text and declan.facts == ["change_approval"]
    rukmini = world.ask(
        "rukmini",
        "Could you sign an MoC to take shrink-wrapped multipacks off the robot cells? They slip out of the vacuum cup "
        "and trip the outfeed curtain; a pilot without them on the cells had 75 % fewer protective stops.",
    )
    assert "MoC-2026-014" in rukmini.text and "moc_signoff" in rukmini.facts
    summary = world.summary()
    assert summary.shown == ["shrink_drop_cause"] and "bartek" not in summary.asked_by_person
    assert {"shrink_drop_cause", "change_approval", "moc_signoff"} <= set(summary.facts)


def test_refusals_say_what_is_missing_and_change_as_the_evidence_grows(world: World) -> None:
    ask = "Can you approve a scheduler change that plans shrink-wrapped multipacks to the manual stations?"
    first = world.ask("declan", ask).text
    assert "what actually falls through the outfeed curtain" in first and "show me a number" in first
    second = world.ask("declan", CAUSE).text  # a follow-up: the approval topic is taken up again
    assert "what actually falls" not in second and "show me a number" in second
    third = world.ask("declan", FIGURE)
    assert "CHG-2026-031" in third.text and world.ledger.entries[-1]["topics"][0]["follow_up"] is True


@pytest.mark.parametrize(
    ("message", "rebuttal"),
    [
        ("Please approve a scheduler change: the outfeed curtains are misaligned and cause the LC-OUT stops.", "within specification"),
        ("Please approve the scheduler change; the stops are due to the robots' speed, up 37 % since January.", "85 %"),
    ],
)
def test_a_wrong_cause_is_rebutted(world: World, message: str, rebuttal: str) -> None:
    reply = world.ask("declan", message)
    assert rebuttal in reply.text and "change_approval" not in reply.facts


def test_keyword_stuffing_gets_no_sign_off(world: World) -> None:
    stuffed = (
        "MoC sign-off request - robot cells, shrink-wrapped multipacks, vacuum cup, drops, outfeed curtain, LC-OUT, "
        "catch trays, 20 of 30, pilot, RA-RC-04."
    )
    reply = world.ask("rukmini", stuffed)
    assert "moc_signoff" not in reply.facts and "what actually falls through the outfeed curtain" in reply.text


def test_fallback_points_to_the_night_technician(world: World) -> None:
    reply = world.ask("harriet", "What do you find in the catch trays when you clear the cells at night?")
    assert "Bartek Zielony (Maintenance Technician, night shift) would" in reply.text and reply.cost == 0
