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
    declan = world.ask(
        "declan", f"Can you approve a scheduler change that plans multipacks to manual? {CAUSE} {FIGURE}"
    )
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
        (
            "Please approve a scheduler change: the outfeed curtains are misaligned and cause the LC-OUT stops.",
            "within specification",
        ),
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


# ------------------------------------------------------------------ every variant: approvals on what is shown


def _world(variant: str, tmp_path: Path) -> World:
    instance = load_family(FAMILY).instance(variant, "L3")
    router = Router(instance.people())
    world = World(router.people, instance.config.world, Ledger(tmp_path / "ledger.jsonl"), router)
    world.wait("1d")  # Tuesday: Rukmini is in
    return world


@pytest.mark.parametrize(
    ("variant", "person", "ask", "cause", "figure", "granted", "fact"),
    [
        (
            "speed_request",
            "declan",
            "Declan, can you approve a scheduler change that groups each cell's queue by cup within each deadline?",
            "Since January the cells lose their time in cup changes: the queue alternates small-cup and bellows-cup "
            "batches.",
            "The shift stats show about 90 tool changes per cell and shift.",
            "CHG-2026-031",
            "tool_change_rule",
        ),
        (
            "pph_objective",
            "declan",
            "Declan, can you approve a scheduler configuration change back to the cutoff objective?",
            "The pph batching ignores the collection deadlines, so express lines are picked after the van has left.",
            # the cause mentions pph, so Declan answers about his board; the figure comes with the request again
            "Since 12 January about 30 % of the Parcelink Express orders have been late - can you approve the change?",
            "CHG-2026-031",
            "pph_deadline_cause",
        ),
        (
            "gripper_upgrade",
            "rukmini",
            "Rukmini, could you sign an MoC for per-cell payload limits on the robot cells?",
            "RC1, RC2 and RC3 have had VX-2 heads since November, while RC4 still has the VG-1 cup.",
            "I would plan items up to 3,500 g on RC1-RC3 and keep RC4 at 2,000 g.",
            "MoC-2026-015",
            "vx2_payload_limits",
        ),
    ],
)
def test_each_variant_approves_on_the_evidence_shown(
    variant: str, person: str, ask: str, cause: str, figure: str, granted: str, fact: str, tmp_path: Path
) -> None:
    world = _world(variant, tmp_path)
    first = world.ask(person, ask)
    assert granted not in first.text
    second = world.ask(person, cause)  # a follow-up: still one figure short
    assert granted not in second.text
    third = world.ask(person, figure)
    assert granted in third.text
    assert fact in world.summary().shown


def test_the_missing_picker_is_known_only_to_the_shift_lead(tmp_path: Path) -> None:
    world = _world("base", tmp_path)
    reply = world.ask("lorna", "Will every manual station in the WCS roster have a picker on next week's late shifts?")
    assert "MS4" in reply.text and "picker_absence" in reply.facts
    declan = world.ask("declan", "How many manual stations are staffed per shift?")
    assert "Lorna" in declan.text and "MS4" not in declan.text
