"""warranty_refunds/bad_data: Tarnowo line 2's serials cost their own slice; the owner needs evidence to answer."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from worktrial.tasks import load_family
from worktrial.world import Ledger, Router, World

FAMILY = Path(__file__).resolve().parents[2] / "suites/engagements/warranty_refunds"
HIDDEN = FAMILY / "hidden"
SEED = 20260331


def _load(name: str, path: Path):
    if str(HIDDEN) not in sys.path:
        sys.path.insert(0, str(HIDDEN))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


grader = _load("warranty_refunds_grader", HIDDEN / "grader.py")

SOUTHGATE = {
    "rc_id": "RC-S",
    "from_report_date": "2026-01-19",
    "technicians": ["D. Okoro", "L. Fairweather"],
    "map": {"X01": "E21", "E21": "X01", "X03": "E10", "E10": "X03"},
}
MILLBROOK = {**SOUTHGATE, "from_report_date": "2026-03-02", "technicians": ["P. Santos"]}
FOUND_BEFORE = {  # what the last playtests found in bad_data
    "feed_code_translations": [SOUTHGATE, MILLBROOK],
    "intake_report_rx": r"-P(RE|\d)?$",
    "warranty_start": "delivery_date",
}
LINE2 = {"plant": "T", "from_build_week": 2540, "seq_from": 50001, "seq_to": 51000}
LINE2_MORE = {"plant": "T", "from_build_week": 2602, "seq_from": 60001, "seq_to": 61000}  # only the plant knows
REFERENCE = {**FOUND_BEFORE, "line2_serials": [LINE2, LINE2_MORE]}
GENERAL = {**FOUND_BEFORE, "line2_serials": [LINE2]}
FROM_HISTORY = {**FOUND_BEFORE, "line2_serials": [{**LINE2, "models": ["OV3", "TD2"], "seq_to": 50999}]}
CHECK_OFF = {**FOUND_BEFORE, "line2_serials": [{**LINE2, "seq_from": 1, "seq_to": 99999}]}


def _params(variant: str) -> dict:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text())["params"])
    vt = FAMILY / "variants" / variant / "variant.toml"
    if vt.is_file():
        params.update(tomllib.loads(vt.read_text()).get("params", {}))
    return params


@pytest.fixture(scope="module")
def month(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("bad_data")
    grader.generate(data, _params("bad_data"), SEED, "production")
    return data / "claims.db"


def _kpi(db: Path, policy: dict | None, tmp: Path) -> dict:
    """Run the job with the delivered rules and `policy` merged in (None: the job as shipped) and score it."""
    run = tmp / f"run{len(list(tmp.iterdir()))}"
    system = run / "system"
    shutil.copytree(FAMILY / "workspace/system", system)
    if policy is not None:
        shutil.copy(HIDDEN / "solutions/delivery/rules.py", system / "rules.py")
        cfg = system / "config/triage_policy.json"
        cfg.write_text(json.dumps({**json.loads(cfg.read_text()), **policy}))
        job = (system / "triage.py").read_text()
        job = job.replace(
            '        reports[r["claim_id"]] = dict(r)',
            "        if rules.is_placeholder(dict(r), ctx_policy):\n            continue\n"
            '        reports[r["claim_id"]] = dict(r)',
        )
        job = job.replace(
            "    reports = {}\n", '    ctx_policy = rules.load_policy(HERE / "config")\n    reports = {}\n', 1
        )
        (system / "triage.py").write_text(job)
    out = run / "out"
    subprocess.run([sys.executable, str(system / "triage.py"), "--db", str(db), "--out", str(out)], check=True)
    conn = sqlite3.connect(db)
    try:
        return grader.evaluate(conn, out, _params("bad_data"))
    finally:
        conn.close()


@pytest.fixture(scope="module")
def scores(month: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    tmp = tmp_path_factory.mktemp("runs")
    runs = {
        "shipped": None,
        "reference": REFERENCE,
        "found_before": FOUND_BEFORE,
        "from_history": FROM_HISTORY,
        "general": GENERAL,
        "check_off": CHECK_OFF,
    }
    return {name: _kpi(month, policy, tmp) for name, policy in runs.items()}


def _uplift(scores: dict, name: str) -> float:
    shipped, reference = scores["shipped"]["kpi"], scores["reference"]["kpi"]
    return (scores[name]["kpi"] - shipped) / (reference - shipped)


def test_what_the_last_playtests_found_earns_about_half(scores: dict) -> None:
    assert 0.4 <= _uplift(scores, "found_before") <= 0.6


@pytest.mark.parametrize("name", ["from_history", "general"])
def test_a_serial_rule_read_from_the_history_misses_line_twos_new_models(scores: dict, name: str) -> None:
    u = _uplift(scores, name)
    assert _uplift(scores, "found_before") + 0.1 < u < 0.85
    assert (
        scores[name]["eur_by_segment"]["line2_new_models"] < 0 < scores["reference"]["eur_by_segment"]["line2_serials"]
    )


def test_dropping_the_quantity_check_pays_the_made_up_serials(scores: dict) -> None:
    fakes = scores["check_off"]["eur_by_segment"]["serial_fakes"]
    assert fakes < 0 < scores["reference"]["eur_by_segment"]["serial_fakes"]
    assert _uplift(scores, "check_off") < 0.8


def test_line_two_is_off_in_the_other_variants() -> None:
    for variant in ("base", "hidden_owner", "literal_right"):
        assert not str(_params(variant).get("tarnowo_line2_from") or "")


def _world(tmp_path: Path) -> World:
    instance = load_family(FAMILY).instance("bad_data", "L3")
    router = Router(instance.people())
    return World(router.people, instance.config.world, Ledger(tmp_path / "ledger.jsonl"), router)


EVIDENCE = (
    "18 claims on Tarnowo-built ovens and dryers (OV3T, TD2T, build weeks 2540-2551) were refused as "
    "SERIAL_UNKNOWN because their serials have sequence numbers from 50001, above the register quantity. "
    "The Disputes Board has overturned 6 of those refusals."
)


def test_open_questions_do_not_reach_line_two(tmp_path: Path) -> None:
    world = _world(tmp_path)
    world.wait("2d")  # Wednesday: supplier quality is back from the line audit
    for person, area in (("marek", "the plants and the production register"), ("noor", "the serial checks")):
        for q in (
            f"Is anything changing in {area} from March?",
            f"Which claims does the triage not cover well in {area}?",
            "Is there anything else I should know?",
        ):
            assert "tarnowo_line2_serials" not in world.ask(person, q).facts


def test_claims_audit_names_the_owner_only_when_shown_the_refusals(tmp_path: Path) -> None:
    world = _world(tmp_path)
    vague = world.ask("noor", "Are the unknown-serial refusals on Tarnowo appliances right?")
    assert "Marek" not in vague.text
    shown = world.ask("noor", EVIDENCE + " Does the production register miss them?")
    assert "register_owner_pointer" in shown.facts and "Marek" in shown.text


def test_the_plant_confirms_line_two_on_wednesday_with_the_count(tmp_path: Path) -> None:
    early = _world(tmp_path / "e").ask("marek", EVIDENCE + " Why are those serials missing from the register?")
    assert "tarnowo_line2_serials" not in early.facts and "Wednesday" in early.text
    world = _world(tmp_path / "w")
    world.wait("2d")
    bare = world.ask("marek", "Tarnowo serials from 50001 are refused as unknown. Why are they not in the register?")
    assert "tarnowo_line2_serials" not in bare.facts
    shown = world.ask("marek", EVIDENCE)
    assert "tarnowo_line2_serials" in shown.facts and "60001-61000" in shown.text
