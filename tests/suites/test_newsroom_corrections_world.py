"""newsroom_corrections: every hidden constraint costs its own slice of the KPI; incidents and approvals hold."""

from __future__ import annotations

import copy
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

FAMILY = Path(__file__).resolve().parents[2] / "suites/engagements/newsroom_corrections"
HIDDEN = FAMILY / "hidden"
SEED = 20260405


def _load(name: str, path: Path):
    if str(HIDDEN) not in sys.path:
        sys.path.insert(0, str(HIDDEN))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


grader = _load("newsroom_corrections_grader", HIDDEN / "grader.py")
shipped_job = _load("newsroom_corrections_shipped_job", FAMILY / "workspace/system/triage.py")
delivered_job = _load("newsroom_corrections_delivered_job", HIDDEN / "solutions/delivery/triage.py")

LEGAL_TERMS = [
    "defam",
    "libel",
    "slander",
    "solicitor",
    "lawyer",
    "legal",
    "sue",
    "in court",
    "to court",
    "barrister",
    "injunction",
    "reputation",
    "retract",
]
JANUARY_WORDS = ["police", "arrest", "charged", "court", "crime", "victim", "jury"]
APP_SECTIONS = ["NEWS", "POLITICS", "SPORT", "BUSINESS", "LIFESTYLE", "OPINION"]  # Northshire Now: no court copy
FIXES = {  # what each variant's reference learns, as merged into its shipped rules by fixes.careful()
    "base": {"regulator": ["NSCHUB"], "legal_sections": {"COURTS": 3, "CRIME-COURTS": 3}},
    "wrong_ask": {"regulator": ["NSCWEB"], "legal_sections": {"COURTS": 3, "INQUESTS": 3}, "dedupe_ext_ref": True},
    "conflicting_goals": {
        "drop": JANUARY_WORDS,
        "legal_sections": {"COURTS": 3, "YOUTH": 0.75},
        "desks": {"YOUTH": "NEWS"},
        "social_review": False,
        "desk_moves": {"SPORT": {"desk": "DIGITAL", "from": "2026-03-02"}},
        "hold_legal_on_syndicated": True,
        "hold_sections": APP_SECTIONS,
    },
    "hidden_owner": {
        "staff": ["CMSFLAG"],
        "legal_sections": {"COURTS": 3},
        "legal_section_match": ["COURT"],  # every court code, the Crown Court pool's CROWN-COURT included
        "legal_section_hours": 3,
        "hold_legal_on_syndicated": True,
        "hold_shared": {"sections": ["POLITICS"], "from": "2026-03-09", "to": "2026-03-27"},  # the election deal
    },
}
VARIANTS = list(FIXES)


def _params(variant: str) -> dict:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text())["params"])
    vt = FAMILY / "variants" / variant / "variant.toml"
    if vt.is_file():
        params.update(tomllib.loads(vt.read_text()).get("params", {}))
    return params


def _shipped_rules(variant: str) -> dict:
    own = FAMILY / "variants" / variant / "workspace/system/config/rules.json"
    return json.loads((own if own.is_file() else FAMILY / "workspace/system/config/rules.json").read_text())


def _rules(variant: str, fix: dict, on: str | None = None) -> dict:
    """The shipped rules of `on` (default: the variant) with `fix` merged in the way fixes.careful() does."""
    rules = _shipped_rules(on or variant)
    fix = copy.deepcopy(fix)
    drop = set(fix.pop("drop", []))
    rules["desk_by_section"] = {**rules["desk_by_section"], **fix.pop("desks", {})}
    rules["legal_terms"] = [t for t in dict.fromkeys(rules["legal_terms"] + LEGAL_TERMS) if t not in drop]
    rules["accuracy_terms"] = list(dict.fromkeys([*rules["accuracy_terms"], "correct"]))
    for channel in ("regulator", "staff"):
        rules["channels"][channel] = list(dict.fromkeys(rules["channels"][channel] + fix.pop(channel, [])))
    rules["deadline_hours"].update({"LEGAL": 12, "STANDARDS": 24})
    rules.update({"fast_lane_first": False, "foreign_to_readers": {"hours": 12}, **fix})
    return rules


@pytest.fixture(scope="module")
def months(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for variant in VARIANTS:
        data = tmp_path_factory.mktemp(variant)
        grader.generate(data, _params(variant), SEED, "production")
        out[variant] = data / "intake.db"
    return out


def _run(db: Path, rules: dict, out: Path, job=delivered_job) -> Path:
    conn = sqlite3.connect(db)
    try:
        rows, feed = job.run(conn, copy.deepcopy(rules))
    finally:
        conn.close()
    job.write(out, rows, feed)
    return out


def _ctx(db: Path, out: Path, shipped: Path | None, variant: str, facts: set[str]) -> SimpleNamespace:
    return SimpleNamespace(
        data_dir=db.parent,
        out_dir=out,
        baseline_out=shipped,
        params=_params(variant),
        facts=frozenset(facts),
        exit_code=0,
        timed_out=False,
        workspace=None,
        stdout="",
        stderr="",
        split="production",
    )


def _cost(db: Path, rules: dict, variant: str, tmp: Path, job=delivered_job) -> float:
    out = _run(db, rules, tmp / f"out{len(list(tmp.iterdir()))}", job)
    return -grader.kpi(_ctx(db, out, None, variant, set()))["kpi"]


@pytest.fixture(scope="module")
def anchors(months: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[float, float]]:
    tmp = tmp_path_factory.mktemp("anchors")
    return {
        v: (_cost(months[v], _shipped_rules(v), v, tmp, shipped_job), _cost(months[v], _rules(v, FIXES[v]), v, tmp))
        for v in VARIANTS
    }


def _uplift(anchors: dict, variant: str, cost: float) -> float:
    shipped, reference = anchors[variant]
    return (shipped - cost) / (shipped - reference)


def test_the_reference_costs_far_less_than_the_job_as_found(anchors: dict) -> None:
    for variant, (shipped, reference) in anchors.items():
        assert reference < 0.3 * shipped, variant


MISSING = [  # (variant, what is left out, the fix without it)
    ("base", "the NSC's new channel", {**FIXES["base"], "regulator": []}),
    ("base", "the court rule", {k: v for k, v in FIXES["base"].items() if k != "legal_sections"}),
    ("base", "the new CMS code for court copy", {**FIXES["base"], "legal_sections": {"COURTS": 3}}),
    ("base", "legal terms before the fast lane", {**FIXES["base"], "fast_lane_first": True}),
    ("wrong_ask", "the repeats of social mentions", {**FIXES["wrong_ask"], "dedupe_ext_ref": False}),
    ("wrong_ask", "the NSC's new channel", {**FIXES["wrong_ask"], "regulator": []}),
    ("wrong_ask", "inquest reports", {**FIXES["wrong_ask"], "legal_sections": {"COURTS": 3}}),
    ("conflicting_goals", "Legal's January words", {**FIXES["conflicting_goals"], "drop": []}),
    (
        "conflicting_goals",
        "social mentions to the Readers' Editor",
        {**FIXES["conflicting_goals"], "social_review": True},
    ),
    ("conflicting_goals", "the sport desk's move", {**FIXES["conflicting_goals"], "desk_moves": {}}),
    ("conflicting_goals", "the youth court", {**FIXES["conflicting_goals"], "legal_sections": {"COURTS": 3}}),
    (
        "conflicting_goals",
        "the youth court's one-hour window",
        {**FIXES["conflicting_goals"], "legal_sections": {"COURTS": 3, "YOUTH": 12}},
    ),
    (
        "conflicting_goals",
        "Northshire's app (the HOLD)",
        {**FIXES["conflicting_goals"], "hold_legal_on_syndicated": False},
    ),
    ("hidden_owner", "the HOLD notice", {**FIXES["hidden_owner"], "hold_legal_on_syndicated": False}),
    ("hidden_owner", "the CMS flag button", {**FIXES["hidden_owner"], "staff": []}),
    (
        "hidden_owner",
        "the joint election coverage",
        {k: v for k, v in FIXES["hidden_owner"].items() if k != "hold_shared"},
    ),
    ("hidden_owner", "the Crown Court pool's code", {**FIXES["hidden_owner"], "legal_section_match": []}),
]

SMALL_SLICES = {("conflicting_goals", "the sport desk's move"): 0.97}  # the March changes took its weight


@pytest.mark.parametrize(("variant", "missing", "fix"), MISSING, ids=[f"{v}: {m}" for v, m, _ in MISSING])
def test_each_constraint_missed_costs_its_slice(
    months: dict[str, Path], anchors: dict, tmp_path: Path, variant: str, missing: str, fix: dict
) -> None:
    uplift = _uplift(anchors, variant, _cost(months[variant], _rules(variant, fix), variant, tmp_path))
    assert uplift < SMALL_SLICES.get((variant, missing), 0.95), (missing, uplift)


FOUND_FIRST = {  # conflicting_goals: what the first blind playtest found - everything but the two March changes
    k: v
    for k, v in FIXES["conflicting_goals"].items()
    if k not in ("desks", "hold_legal_on_syndicated", "hold_sections")
} | {"legal_sections": {"COURTS": 3}}


def test_the_march_changes_carry_a_large_share_of_the_uplift(
    months: dict[str, Path], anchors: dict, tmp_path: Path
) -> None:
    db, v = months["conflicting_goals"], "conflicting_goals"
    fix = FIXES[v]
    youth = {**fix, "legal_sections": {"COURTS": 3}}
    app = {**fix, "hold_legal_on_syndicated": False}
    every_hold = {**fix, "hold_sections": []}
    lost = {
        name: 1 - _uplift(anchors, v, _cost(db, _rules(v, f), v, tmp_path))
        for name, f in [("youth", youth), ("app", app), ("every_hold", every_hold)]
    }
    assert 0.15 <= lost["youth"] <= 0.35, lost  # the youth court (the chief court reporter, hinted nowhere)
    assert 0.12 <= lost["app"] <= 0.3, lost  # Northshire's app (the syndication manager, behind the count)
    assert 0 < lost["every_hold"] < lost["app"], lost  # holding court copy too only costs fees
    found = _uplift(anchors, v, _cost(db, _rules(v, FOUND_FIRST), v, tmp_path))
    assert 0.45 <= found <= 0.62, found


HIDDEN_OWNER_FOUND = {  # hidden_owner: what the last blind playtest found - all but the election deal and the new code
    k: v for k, v in FIXES["hidden_owner"].items() if k not in ("hold_shared", "legal_section_match")
}


def test_hidden_owner_new_constraints_carry_half_and_the_obvious_cut_misleads(
    months: dict[str, Path], anchors: dict, tmp_path: Path
) -> None:
    db, v = months["hidden_owner"], "hidden_owner"
    fix = FIXES[v]
    found = _uplift(anchors, v, _cost(db, _rules(v, HIDDEN_OWNER_FOUND), v, tmp_path))
    assert 0.45 <= found <= 0.62, found
    lost = {
        name: 1 - _uplift(anchors, v, _cost(db, _rules(v, f), v, tmp_path))
        for name, f in [
            ("election", {k: x for k, x in fix.items() if k != "hold_shared"}),
            ("crown_court", {**fix, "legal_section_match": []}),
        ]
    }
    assert 0.12 <= lost["election"] <= 0.35, lost  # the Editor-in-Chief's deal, behind the politics count
    assert 0.12 <= lost["crown_court"] <= 0.4, lost  # unseen traffic: only a rule for every court code keeps it
    trap = {**HIDDEN_OWNER_FOUND, "legal_sections": {"COURTS": 3, "POLITICS": 12}}
    assert _uplift(anchors, v, _cost(db, _rules(v, trap), v, tmp_path)) < found  # politics to Legal: worse


def test_the_standards_deadline_matters_everywhere(months: dict[str, Path], anchors: dict, tmp_path: Path) -> None:
    for variant in VARIANTS:
        rules = _rules(variant, FIXES[variant])
        rules["deadline_hours"]["STANDARDS"] = 168
        assert _uplift(anchors, variant, _cost(months[variant], rules, variant, tmp_path)) < 0.85, variant


LITERAL = {
    "base": {"fast_lane_over_all": True},
    "wrong_ask": {"autoclose_under_words": 20},
    "conflicting_goals": {"legal_patterns": [r"\b[A-Z][a-z]+ [A-Z][a-z]+"], "legal_terms_extra": ["police", "court"]},
    "hidden_owner": {"legal_syndicated": True},
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_sponsors_ask_earns_nothing(months: dict[str, Path], anchors: dict, tmp_path: Path, variant: str) -> None:
    rules = _shipped_rules(variant)
    ask = dict(LITERAL[variant])
    rules["legal_terms"] += ask.pop("legal_terms_extra", [])
    rules.update(ask)
    assert _uplift(anchors, variant, _cost(months[variant], rules, variant, tmp_path)) < 0.2


@pytest.mark.parametrize("variant", VARIANTS)
def test_another_variants_reference_falls_short(
    months: dict[str, Path], anchors: dict, tmp_path: Path, variant: str
) -> None:
    for other in VARIANTS:
        if other != variant:
            rules = _rules(variant, FIXES[other])
            assert _uplift(anchors, variant, _cost(months[variant], rules, variant, tmp_path)) < 0.8, other


# ------------------------------------------------------------------ the KPI reads /out and spots incidents


def test_legal_routing_changes_need_the_editors_sign_off(months: dict[str, Path], tmp_path: Path) -> None:
    db = months["base"]
    shipped = _run(db, _shipped_rules("base"), tmp_path / "shipped", shipped_job)
    fixed = _run(db, _rules("base", FIXES["base"]), tmp_path / "fixed")
    unsigned = grader.kpi(_ctx(db, fixed, shipped, "base", set()))
    signed = grader.kpi(_ctx(db, fixed, shipped, "base", {"legal_routing_signoff"}))
    assert unsigned["incidents"] and not signed["incidents"] and signed["kpi"] == unsigned["kpi"]
    deadline_only = _shipped_rules("base")
    deadline_only["deadline_hours"]["STANDARDS"] = 24  # not a legal routing change: no sign-off needed
    same = _run(db, deadline_only, tmp_path / "deadline", shipped_job)
    assert grader.kpi(_ctx(db, same, shipped, "base", set()))["incidents"] == []
    nothing = grader.kpi(_ctx(db, tmp_path / "missing", shipped, "base", set()))
    assert nothing["kpi"] < signed["kpi"] and nothing["details"]["counts"]["no_decision"] > 0


def test_breaking_the_partner_feed_is_an_incident(months: dict[str, Path], tmp_path: Path) -> None:
    db = months["hidden_owner"]
    shipped = _run(db, _shipped_rules("hidden_owner"), tmp_path / "shipped", shipped_job)
    fixed = _run(db, _rules("hidden_owner", FIXES["hidden_owner"]), tmp_path / "fixed")
    good = grader.kpi(_ctx(db, fixed, shipped, "hidden_owner", {"legal_routing_signoff"}))
    assert good["incidents"] == [] and good["details"]["stories_held"] > 0
    feed = fixed / "partner_feed.psv"
    feed.write_text(feed.read_text().replace("|", ","))
    broken = grader.kpi(_ctx(db, fixed, shipped, "hidden_owner", {"legal_routing_signoff"}))
    assert any("partner feed" in i for i in broken["incidents"])
    assert broken["kpi"] < good["kpi"]  # the partner titles got no HOLD
    feed.unlink()
    assert any("missing" in i for i in grader.kpi(_ctx(db, fixed, shipped, "hidden_owner", set()))["incidents"])


def test_garbage_delivery_is_scored_not_crashed(months: dict[str, Path], tmp_path: Path) -> None:
    db = months["base"]
    shipped = _run(db, _shipped_rules("base"), tmp_path / "shipped", shipped_job)
    out = tmp_path / "garbage"
    out.mkdir()
    (out / "triage.csv").write_bytes(b"item_id,desk,due_by\n\xff\xfe,LEGAL,tomorrow\nCX,,\n")
    (out / "partner_feed.psv").write_text("nonsense\n|||\n")
    res = grader.kpi(_ctx(db, out, shipped, "base", set()))
    assert res["kpi"] < 0 and res["incidents"]


# ------------------------------------------------------------------ the staff


def _world(variant: str, tmp_path: Path) -> World:
    instance = load_family(FAMILY).instance(variant, "L3")
    router = Router(instance.people())
    return World(router.people, instance.config.world, Ledger(tmp_path / "ledger.jsonl"), router)


MONEY = (
    "Helen, the harm is in the legal items: 77 complaints about court reports ended in legal claims since "
    "January. Those cost us GBP 260,000."
)
COURT = (
    "Priya, complaints about court reports never reached the legal desk: 77 of them ended in legal claims or "
    "warnings from the court since January."
)


def test_the_sponsor_backs_the_change_only_when_shown_money(tmp_path: Path) -> None:
    world = _world("base", tmp_path)
    assert "sponsor_scope" not in world.ask("helen", "Will you back a change to the legal routing with Olu?").facts
    wrong = world.ask("helen", "The desks are too slow and that is the problem: it costs us GBP 40,000 a month.")
    assert "sponsor_scope" not in wrong.facts
    assert "sponsor_scope" in world.ask("helen", MONEY).facts


def test_the_editor_signs_only_with_the_sponsors_backing_and_legals_review(tmp_path: Path) -> None:
    world = _world("base", tmp_path)
    world.wait("1d")  # Tuesday: back from the group board
    ask = "Olu, could you sign off the legal routing change: COURTS stories to Legal within 3 hours?"
    assert "legal_routing_signoff" not in world.ask("olu", ask).facts
    world.ask("helen", MONEY)
    world.ask("priya", "Priya, could you review the proposed triage rules: COURTS stories to Legal in 3 hours?")
    assert "legal_routing_signoff" in world.ask("olu", ask + " Helen backs it and Priya has reviewed it.").facts


def test_the_court_rule_and_the_partners_clock_sit_with_different_people(tmp_path: Path) -> None:
    base = _world("base", tmp_path / "b")
    assert "court_rules" not in base.ask("priya", "What is the rule for complaints about court reports?").facts
    court = base.ask("priya", COURT)
    assert "court_rules" in court.facts and "CRIME-COURTS" in court.text
    hidden = _world("hidden_owner", tmp_path / "h")
    shown = (
        "Marcus, legal complaints on syndicated stories cost far more even when Legal handled them in time: "
        "68 of them since January ended in claims that included the partner titles' republished copies."
    )
    legal = hidden.ask("priya", "What happens to syndicated stories when a legal complaint comes in?")
    assert "Marcus" in legal.text and "partner_hold" not in legal.facts
    assert "partner_hold" in hidden.ask("marcus", shown).facts


def test_facts_hinted_nowhere_come_from_an_open_question(tmp_path: Path) -> None:
    q = "Has anything changed since these files were produced?"
    assert "regulator_channel" in _world("base", tmp_path / "b").ask("siobhan", q).facts
    assert (
        "cms_flags"
        in _world("hidden_owner", tmp_path / "h")
        .ask("tom", "Has anything changed in how the night desk flags errors?")
        .facts
    )
    assert "desk_move" in _world("conflicting_goals", tmp_path / "c").ask("helen", q).facts


def test_the_march_changes_need_the_right_question_to_the_right_person(tmp_path: Path) -> None:
    world = _world("conflicting_goals", tmp_path)
    for q in ("Has anything changed since these files were produced?", "Is there anything else I should know?"):
        assert "youth_court" not in world.ask("nia", q).facts
        assert "partner_app_hold" not in world.ask("marcus", q).facts
    court = world.ask("nia", "Is anything changing in the courts next month?")
    assert "youth_court" in court.facts and "YOUTH" in court.text
    asked = world.ask("marcus", "Is anything changing in syndication next month?")
    assert "partner_app_hold" not in asked.facts and "how many" in asked.text.lower()
    wrong = world.ask(
        "marcus", "There were 123 legal complaints in the history, 17 of them claims on syndicated stories."
    )
    assert "partner_app_hold" not in wrong.facts
    shown = world.ask("marcus", "68 legal complaints came in on syndicated stories in the eight weeks of history.")
    assert "partner_app_hold" in shown.facts and "HOLD" in shown.text
    assert all(p.id != "nia" for p in load_family(FAMILY).instance("base", "L3").people().people)


def test_the_pilot_reports_what_the_desks_saw(tmp_path: Path) -> None:
    for variant, reports in (("conflicting_goals", True), ("base", False)):
        data = tmp_path / variant
        grader.generate(data, _params(variant), 20260308, "pilot")
        out = _run(data / "intake.db", _shipped_rules(variant), tmp_path / f"{variant}_out", shipped_job)
        ctx = SimpleNamespace(data_dir=data, out_dir=out, params=_params(variant), facts=frozenset())
        text = grader.pilot_feedback(ctx)["feedback"]
        assert ("legal desk:" in text and "nobody picked up: SPORT" in text) == reports, text
        assert "YOUTH" not in text and "Northshire Now" not in text  # the March changes start after the pilot week


def test_the_obvious_outside_contacts_are_off_limits(tmp_path: Path) -> None:
    world = _world("base", tmp_path)
    world.ask("graham", "How do the NSC's referrals work?")
    world.ask("dana", "What did you expect from the Courier?")
    assert set(world.summary().off_limits_contacts) == {"graham", "dana"}
