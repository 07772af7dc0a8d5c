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


# ---------------------------------------------------------- pph_objective: next week's changes nobody's data shows


def test_the_new_ardent_times_are_known_to_finance_and_told_only_to_a_question_about_the_carriers(
    tmp_path: Path,
) -> None:
    world = _world("pph_objective", tmp_path)
    for open_question in (
        "Anything else I should know?",
        "Is anything changing in your area next week that the scheduler should know about?",
        "What in the site's figures does the current plan not cover?",
    ):
        assert "ardent_new_slots" not in world.ask("nadia", open_question).facts
    lorna = world.ask("lorna", "Is anything changing next week at the collections or the pack benches?")
    assert "09:00" not in lorna.text and "Nadia" not in lorna.text
    declan = world.ask("declan", "Will the carriers still collect at the times in carrier_collections next week?")
    assert "Nadia" in declan.text and "09:00" not in declan.text
    nadia = world.ask("nadia", "Does anything in the carrier contracts change the collection times from next week?")
    assert "09:00 and 17:00" in nadia.text and nadia.facts == ["ardent_new_slots"]


def test_the_examination_lockouts_are_known_only_to_h_and_s_and_only_when_asked_about_the_cells_in_service(
    tmp_path: Path,
) -> None:
    world = _world("pph_objective", tmp_path)
    for open_question in (
        "Anything else I should know?",
        "Is anything changing next week in the cells' risk assessment or safety envelope?",
    ):
        assert "cell_examination_dates" not in world.ask("rukmini", open_question).facts
    femi = world.ask("femi", "Will all four cells be available next week?")
    assert "Rukmini" not in femi.text and "examination" not in femi.text
    rukmini = world.ask("rukmini", "Will all four robot cells be in service on every shift next week?")
    assert "RC2 on Saturday 21 March" in rukmini.text and rukmini.facts == ["cell_examination_dates"]


def test_other_variants_have_no_changes_next_week(tmp_path: Path) -> None:
    world = _world("base", tmp_path)
    assert world.ask("nadia", "Are any of the carrier contracts changing next week?").facts == []
    assert world.ask("rukmini", "Will all four robot cells be in service next week?").facts == []


PPH = "pph_objective"
ABSENT = [{"station": "MS4", "shift_code": "L", "weekdays": [0, 1, 2, 3, 4], "from": "2026-03-16", "to": "2026-03-20"}]
ARDENT = [
    {"carrier": "ARD", "shift_code": "E", "time": "09:00", "from": "2026-03-16"},
    {"carrier": "ARD", "shift_code": "L", "time": "17:00", "from": "2026-03-16"},
]
LOCKOUTS = [
    {"cell": "RC1", "date": "2026-03-20"},
    {"cell": "RC2", "date": "2026-03-21"},
    {"cell": "RC3", "date": "2026-03-22"},
]
FOUND_BEFORE = {"objective": "cutoff", "weight_kg_below": 20}  # what the blind playtests found
FULL = {**FOUND_BEFORE, "manual_absent": ABSENT, "collection_changes": ARDENT, "cell_outages": LOCKOUTS}


def _grader():
    import importlib.util
    import sys

    hidden = FAMILY / "hidden"
    if str(hidden) not in sys.path:
        sys.path.insert(0, str(hidden))
    spec = importlib.util.spec_from_file_location("_robot_cell_grader_test", hidden / "grader.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def pph_week(tmp_path_factory: pytest.TempPathFactory):
    import tomllib

    g = _grader()
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text())["params"])
    params.update(tomllib.loads((FAMILY / "variants" / PPH / "variant.toml").read_text())["params"])
    data = tmp_path_factory.mktemp("pph_production")
    g.generate(data, params, 20260316, "production")
    return g, params, data / "picking.db", tmp_path_factory


def _pph_kpi(pph_week, changes: dict, shipped: bool = False) -> float:
    import json
    import subprocess
    import sys

    g, params, db, factory = pph_week
    out = factory.mktemp("plan")
    cfg = g.shipped_config(params) | changes
    (out / "cfg.json").write_text(json.dumps(cfg))
    system = FAMILY / ("workspace/system" if shipped else "hidden/solutions/delivery")
    subprocess.run(
        [
            sys.executable,
            str(system / "scheduler.py"),
            "--db",
            str(db),
            "--out",
            str(out / "o"),
            "--config",
            str(out / "cfg.json"),
        ],
        check=True,
        capture_output=True,
    )
    return g.evaluate(g.WeekData.from_db(db), out / "o", params)["kpi"]


@pytest.fixture(scope="module")
def pph_anchors(pph_week) -> tuple[float, float]:
    return _pph_kpi(pph_week, {}, shipped=True), _pph_kpi(pph_week, FULL)


def _pph_uplift(pph_week, anchors: tuple[float, float], changes: dict) -> float:
    shipped, reference = anchors
    return (_pph_kpi(pph_week, changes) - shipped) / (reference - shipped)


@pytest.mark.parametrize(
    ("missing", "changes", "at_most"),
    [
        ("Ardent's new collection times", {k: v for k, v in FULL.items() if k != "collection_changes"}, 0.8),
        ("the examination lockouts", {k: v for k, v in FULL.items() if k != "cell_outages"}, 0.92),
        ("MS4 without a picker", {k: v for k, v in FULL.items() if k != "manual_absent"}, 0.95),
    ],
)
def test_each_constraint_of_the_production_week_missed_costs_its_slice(
    pph_week, pph_anchors: tuple[float, float], missing: str, changes: dict, at_most: float
) -> None:
    assert _pph_uplift(pph_week, pph_anchors, changes) < at_most, missing


def test_what_the_playtests_found_earns_about_half(pph_week, pph_anchors: tuple[float, float]) -> None:
    assert 0.35 <= _pph_uplift(pph_week, pph_anchors, FOUND_BEFORE) <= 0.55
    with_the_picker = {**FOUND_BEFORE, "manual_absent": ABSENT}
    assert _pph_uplift(pph_week, pph_anchors, with_the_picker) <= 0.6


def test_feeding_the_idle_manual_stations_costs_money(pph_week, pph_anchors: tuple[float, float]) -> None:
    """The station statistics seem to ask for it (cells past 410 minutes, manual stations half idle)."""
    assert _pph_uplift(pph_week, pph_anchors, {**FULL, "robot_plan_min": 330}) < 0.92
