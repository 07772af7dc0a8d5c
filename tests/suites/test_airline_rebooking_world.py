"""airline_rebooking: every hidden constraint costs its own slice of the KPI; incidents and approvals hold."""

from __future__ import annotations

import copy
import csv
import importlib.util
import json
import sqlite3
import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from worktrial.tasks import load_family
from worktrial.world import Ledger, Router, World

FAMILY = Path(__file__).resolve().parents[2] / "suites/engagements/airline_rebooking"
HIDDEN = FAMILY / "hidden"


def _load(name: str, path: Path):
    if str(HIDDEN) not in sys.path:
        sys.path.insert(0, str(HIDDEN))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


grader = _load("airline_rebooking_grader", HIDDEN / "grader.py")
shipped_job = _load("airline_rebooking_shipped_job", FAMILY / "workspace/system/rebook.py")
delivered_job = _load("airline_rebooking_delivered_job", HIDDEN / "solutions/delivery/rebook.py")
truth = sys.modules["_airline_rebooking_truth"]

NEW_FARES = {"CORP": {"cabin": "J", "rank": 5, "no_downgrade": True}, "BASIC": {"cabin": "Y", "rank": 0}}
BASE_FIX = {
    "interline_partners": ["CV"],
    "hub_mct": {"DNM": [{"from": "2026-02-02", "minutes": 55}]},
    "held_seats": [
        {"flights": ["HD 431", "HD 432"], "from": "2026-01-10", "to": "2026-04-11", "seats": 24},
        {"flights": ["HD 435", "HD 436"], "from": "2026-01-11", "to": "2026-04-12", "seats": 24},
        {"flights": ["HD 321"], "from": "2026-03-14", "to": "2026-03-14", "seats": 30},
        {"flights": ["HD 322"], "from": "2026-03-15", "to": "2026-03-15", "seats": 30},
    ],
}


def _params(variant: str = "base") -> dict:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text())["params"])
    vt = FAMILY / "variants" / variant / "variant.toml"
    if vt.is_file():
        params.update(tomllib.loads(vt.read_text()).get("params", {}))
    return params


def _shipped_rules() -> dict:
    return json.loads((FAMILY / "workspace/system/config/rules.json").read_text())


def _rules(fares: bool = True, **fix) -> dict:
    rules = _shipped_rules()
    rules.update(copy.deepcopy(fix))
    if fares:
        rules["fare_families"].update(NEW_FARES)
    return rules


@pytest.fixture(scope="module")
def week(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("production")
    grader.generate(data, _params(), 20260315, "production")
    return data / "irops.db"


def _cost(db: Path, rules: dict, job=delivered_job) -> dict:
    conn = sqlite3.connect(db)
    try:
        rows_out, _ = job.run(conn, copy.deepcopy(rules), None)
        rows = grader.rows_with_truth(conn, _params())
    finally:
        conn.close()
    decisions = {r["pax_id"]: {k: str(v) for k, v in r.items()} for r in rows_out}
    return truth.evaluate(rows, decisions, truth.truth_of(_params()))


@pytest.fixture(scope="module")
def anchors(week: Path) -> tuple[float, float]:
    return _cost(week, _shipped_rules(), shipped_job)["cost_gbp"], _cost(week, _rules(**BASE_FIX))["cost_gbp"]


def test_the_reference_fix_costs_less_than_the_job_as_found(anchors: tuple[float, float]) -> None:
    shipped, reference = anchors
    assert reference < shipped - 50_000


@pytest.mark.parametrize(
    ("missing", "fix", "fares"),
    [
        ("the partner that no longer accepts", {**BASE_FIX, "interline_partners": ["SU", "CV"]}, True),
        ("the hub's new connecting time", {k: v for k, v in BASE_FIX.items() if k != "hub_mct"}, True),
        ("the held charter seats", {k: v for k, v in BASE_FIX.items() if k != "held_seats"}, True),
        ("the charters only staff know of", {**BASE_FIX, "held_seats": BASE_FIX["held_seats"][:1]}, True),
        ("the new fare families", BASE_FIX, False),
    ],
)
def test_each_constraint_missed_costs_its_slice(
    week: Path, anchors: tuple[float, float], missing: str, fix: dict, fares: bool
) -> None:
    shipped, reference = anchors
    uplift = (shipped - _cost(week, _rules(fares=fares, **fix))["cost_gbp"]) / (shipped - reference)
    assert uplift < 0.9, (missing, uplift)


def test_the_sponsors_care_cut_costs_money(week: Path, anchors: tuple[float, float]) -> None:
    rules = _shipped_rules()
    rules["care"]["hotel_min_wait_hours"] = 10
    rules["care"]["meal_after_hours"] = {"1": 3, "2": 3, "3": 3}
    assert _cost(week, rules, shipped_job)["cost_gbp"] > anchors[0]


# ------------------------------------------------------------------ the KPI reads /out and spots unapproved changes


def _deliver(out: Path, rows: list[dict]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (out / "reaccommodation.csv").open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=shipped_job.COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def _ctx(week: Path, out: Path, shipped: Path, facts: set[str]) -> SimpleNamespace:
    return SimpleNamespace(
        data_dir=week.parent,
        out_dir=out,
        baseline_out=shipped,
        params=_params(),
        facts=facts,
        exit_code=0,
        timed_out=False,
    )


def test_changes_need_the_controllers_sign_off(week: Path, tmp_path: Path) -> None:
    conn = sqlite3.connect(week)
    try:
        shipped_rows, _ = shipped_job.run(conn, _shipped_rules(), None)
        fixed_rows, _ = delivered_job.run(conn, _rules(**BASE_FIX), None)
    finally:
        conn.close()
    _deliver(tmp_path / "shipped", shipped_rows)
    _deliver(tmp_path / "fixed", fixed_rows)
    care = [{**r, "hotel_nights": 0} for r in shipped_rows]
    _deliver(tmp_path / "care", care)
    unsigned = grader.kpi(_ctx(week, tmp_path / "fixed", tmp_path / "shipped", set()))
    signed = grader.kpi(_ctx(week, tmp_path / "fixed", tmp_path / "shipped", {"rebooking_signoff"}))
    assert unsigned["incidents"] and not signed["incidents"] and signed["kpi"] == unsigned["kpi"]
    care_only = grader.kpi(_ctx(week, tmp_path / "care", tmp_path / "shipped", {"rebooking_signoff"}))
    assert care_only["incidents"] == []
    assert grader.kpi(_ctx(week, tmp_path / "care", tmp_path / "shipped", set()))["incidents"]
    nothing = grader.kpi(_ctx(week, tmp_path / "missing", tmp_path / "shipped", set()))
    assert nothing["kpi"] < signed["kpi"] and nothing["details"]["counts"]["missing"] > 0


# ------------------------------------------------------------------ the staff


def _world(variant: str, tmp_path: Path) -> World:
    instance = load_family(FAMILY).instance(variant, "L3")
    router = Router(instance.people())
    return World(router.people, instance.config.world, Ledger(tmp_path / "ledger.jsonl"), router)


MONEY = (
    "Morag, the cost is in the rebooking: in February the job's rebookings left 219 passengers turned away at "
    "Sundair. That cost us GBP 120,000 in stranded-passenger costs and care claims."
)


def test_the_sponsor_agrees_only_when_shown_money(tmp_path: Path) -> None:
    world = _world("base", tmp_path)
    first = world.ask("morag", "Can I look at how the job rebooks passengers, not only the care rules?")
    assert "sponsor_rebooking_stance" not in first.facts
    wrong = world.ask("morag", "The hotels are too generous and that causes the cost: GBP 312,320 in February.")
    assert "sponsor_rebooking_stance" not in wrong.facts
    assert "sponsor_rebooking_stance" in world.ask("morag", MONEY).facts


def test_the_held_seats_are_known_to_revenue_management_in_base_and_to_leisure_sales_in_hidden_owner(
    tmp_path: Path,
) -> None:
    shown = (
        "Every time the job rebooked passengers onto HD 433 and HD 434, confirmed passengers were denied "
        "boarding - 127 denied boardings since January."
    )
    base = _world("base", tmp_path / "b")
    assert "charter_holds" in base.ask("tomasz", shown.replace("433", "431").replace("434", "432")).facts
    hidden = _world("hidden_owner", tmp_path / "h")
    rm = hidden.ask("tomasz", shown)
    assert "charter_holds" not in rm.facts and "Bethan Lloyd" in rm.text
    assert "charter_holds" in hidden.ask("bethan", shown).facts


def test_the_controller_in_approval_chain_wants_the_dry_run_reference(tmp_path: Path) -> None:
    world = _world("approval_chain", tmp_path)
    world.ask("morag", MONEY)
    world.ask("ruth", "Every passenger the job rebooked onto Sundair since 16 February was turned away at check-in.")
    world.wait("2d")  # Wednesday: Callum is back from his rest days (and Ruth is at a conference)
    ask = "Callum, please sign off the rebooking change: Sundair out, Carrick 50 minutes, held seats."
    refused = world.ask("callum", ask)
    assert "rebooking_signoff" not in refused.facts and "bin/pilot" in refused.text
    assert "rebooking_signoff" in world.ask("callum", ask + " Dry run reviewed: DR-0302-17.").facts


def test_the_obvious_outside_contacts_are_off_limits(tmp_path: Path) -> None:
    world = _world("base", tmp_path)
    world.ask("aled", "What care must we give passengers of a cancelled flight?")
    world.ask("jana", "Does Sundair still accept our rebooked passengers?")
    assert set(world.summary().off_limits_contacts) == {"aled", "jana"}


# ------------------------------------------------------------------ hidden_owner: the owners nobody asks first

OWNER_HELD = [
    {"flights": ["HD 433", "HD 434"], "from": "2026-01-10", "to": "2026-04-12", "seats": 36},
    {"flights": ["HD 611"], "from": "2026-03-14", "to": "2026-03-14", "seats": 28},
    {"flights": ["HD 612"], "from": "2026-03-15", "to": "2026-03-15", "seats": 28},
]
ELD_CREW = {"flights": ["HD 101", "HD 102", "HD 107", "HD 108"], "from": "2026-02-09", "to": "2026-12-31", "seats": 20}
PHV_CREW = {"flights": [f"HD {n}" for n in range(111, 119)], "from": "2026-03-09", "to": "2026-03-31", "seats": 20}
OWNER_FIX = {
    "interline_partners": [],
    "hub_mct": {"DNM": [{"from": "2026-02-09", "minutes": 50}]},
    "held_seats": [*OWNER_HELD, ELD_CREW, PHV_CREW],
}


@pytest.fixture(scope="module")
def owner_week(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("owner_production")
    grader.generate(data, _params("hidden_owner"), 20260315, "production")
    return data / "irops.db"


def _owner_cost(db: Path, rules: dict, job=delivered_job) -> float:
    conn = sqlite3.connect(db)
    try:
        rows_out, _ = job.run(conn, copy.deepcopy(rules), None)
        rows = grader.rows_with_truth(conn, _params("hidden_owner"))
    finally:
        conn.close()
    decisions = {r["pax_id"]: {k: str(v) for k, v in r.items()} for r in rows_out}
    return truth.evaluate(rows, decisions, truth.truth_of(_params("hidden_owner")))["cost_gbp"]


@pytest.fixture(scope="module")
def owner_anchors(owner_week: Path) -> tuple[float, float]:
    shipped = _owner_cost(owner_week, _shipped_rules(), shipped_job)
    return shipped, _owner_cost(owner_week, _rules(**OWNER_FIX))


def _owner_uplift(week: Path, anchors: tuple[float, float], fares: bool = True, **fix) -> float:
    shipped, reference = anchors
    return (shipped - _owner_cost(week, _rules(fares=fares, **fix))) / (shipped - reference)


@pytest.mark.parametrize(
    ("missing", "fix", "fares", "at_most"),
    [
        ("Corvia's refusals", {**OWNER_FIX, "interline_partners": ["CV"]}, True, 0.8),
        ("Sundair's annex lapsing on 8 March", {**OWNER_FIX, "interline_partners": ["SU"]}, True, 0.87),
        ("Dunmere's connecting time", {k: v for k, v in OWNER_FIX.items() if k != "hub_mct"}, True, 0.96),
        ("the Snowline block and the choir", {**OWNER_FIX, "held_seats": [ELD_CREW, PHV_CREW]}, True, 0.9),
        ("the crewing limits", {**OWNER_FIX, "held_seats": OWNER_HELD}, True, 0.8),
        ("Porthaven's limit from 9 March", {**OWNER_FIX, "held_seats": [*OWNER_HELD, ELD_CREW]}, True, 0.87),
        ("the new fare families", OWNER_FIX, False, 0.93),
    ],
)
def test_each_hidden_owner_constraint_missed_costs_its_slice(
    owner_week: Path, owner_anchors: tuple[float, float], missing: str, fix: dict, fares: bool, at_most: float
) -> None:
    uplift = _owner_uplift(owner_week, owner_anchors, fares=fares, **fix)
    assert uplift < at_most, (missing, uplift)


def test_what_the_last_playtest_found_earns_about_half(owner_week: Path, owner_anchors: tuple[float, float]) -> None:
    """Corvia out, Dunmere at 50, Bethan's blocks (the 2026-12-03 playtest) - without either new constraint."""
    found = {**OWNER_FIX, "interline_partners": ["SU"], "held_seats": OWNER_HELD}
    assert 0.4 <= _owner_uplift(owner_week, owner_anchors, fares=False, **found) <= 0.62
    everything_the_data_shows = {**found, "held_seats": [*OWNER_HELD, ELD_CREW]}
    assert _owner_uplift(owner_week, owner_anchors, fares=False, **everything_the_data_shows) <= 0.65


def test_sundairs_lapse_is_told_to_an_open_question_about_the_partner_agreements(tmp_path: Path) -> None:
    world = _world("hidden_owner", tmp_path)
    assert "partner_annex_lapse" not in world.ask("ruth", "Anything else I should know?").facts
    corvia = world.ask(
        "ruth",
        "Every passenger the job rebooked onto Corvia since 26 January was turned away. Has their agreement changed?",
    )
    assert "partner_status" in corvia.facts and "Sundair" not in corvia.text
    news = world.ask("ruth", "Is anything changing in our interline agreements next month?")
    assert "partner_annex_lapse" in news.facts and "8 March" in news.text
    base = _world("base", tmp_path / "b")
    assert base.ask("ruth", "Is anything changing in our interline agreements next month?").facts == []


ELD_SHOWN = (
    "Callum, since 11 February the job's rebookings onto the Ellerdale flights HD 101/102 and HD 107/108 have "
    "ended in denied boardings. All told, 117 confirmed passengers were offloaded on those flights although the "
    "feed showed the seats free. Is something limiting how many passengers they may board?"
)


def test_ops_control_explains_the_crewing_limits_only_to_evidence_and_an_open_question(tmp_path: Path) -> None:
    world = _world("hidden_owner", tmp_path)
    world.wait("2d")  # Wednesday: Callum is back from his rest days
    assert "crew_limits" not in world.ask("callum", "Do any of the outstations fly with a reduced cabin crew?").facts
    assert "crew_limits" not in world.ask("callum", ELD_SHOWN.replace("117", "52")).facts
    assert "crew_limits" in world.ask("callum", ELD_SHOWN).facts
    for generic in ("Anything else I should know?", "Is there anything else I should know before next week?"):
        assert "crew_roster_change" not in world.ask("callum", generic).facts, generic
    roster = world.ask("callum", "Is anything changing in crewing next week - any roster changes at the outstations?")
    assert "crew_roster_change" in roster.facts and "Porthaven" in roster.text
    base = _world("base", tmp_path / "b")
    base.wait("2d")
    assert base.ask("callum", ELD_SHOWN).facts == []
