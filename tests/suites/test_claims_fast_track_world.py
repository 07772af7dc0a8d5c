"""claims_fast_track: the unseen month differs from history, each hidden constraint is its own slice of the KPI,
and the grader's incidents fire on what they are about."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.task_modules import load_task_module
from worktrial.tasks import load_family
from worktrial.world import Ledger, Router, World

FAMILY = Path(__file__).resolve().parents[2] / "suites/engagements/claims_fast_track"
GRADER = load_task_module(FAMILY / "hidden/grader.py", "claims_fast_track_world_test_grader")
SEED = 20260331
BASE = tomllib.loads((FAMILY / "task.toml").read_text())["params"]
DELIVERY = FAMILY / "hidden/solutions/delivery/fast_track.py"
ALIASES = {"WATER-ESC": "EOW", "WIND-STORM": "STORM", "ACC-DMG": "AD"}
EARLY = {"max_policy_age_days": 45, "perils": ["EOW", "AD"], "min_amount": 600}
COMMON = {"peril_aliases": ALIASES, "early_claim": EARLY, "vulnerable_priority": True}
WREN = [
    {
        "storm": "WREN",
        "first_loss_date": "2026-04-08",
        "last_loss_date": "2026-04-11",
        "districts": ["KN5", "KN6", "KN7", "KN8", "RW1", "RW2", "RW3"],
    }
]
HW25 = {"default": {"EOW": 350, "default": 250}, "HW-25": {"EOW": 600, "default": 350}}
PRIMARY = {
    "base": {"counter_fraud_daily_cap": 4},
    "wrong_ask": {"dedupe": True},
    "off_limits_panel": {"storm_footprints": WREN, "ignore_storm_events": True},
    "old_wording_excess": {"excess": HW25},
}

KN_RW = [f"{a}{n}" for a in ("KN", "RW") for n in range(1, 9)]
PILOT = {"perils": ["EOW"], "districts": ["KN1", "KN2", "KN3", "KN4"]}
REPAIR = {  # the direct-repair scheme's April roll-out, as Nadia gives it
    "old_wording_excess": {"perils": ["EOW", "AD"], "districts": KN_RW[:14]},
    "off_limits_panel": {"perils": ["EOW", "AD"], "districts": KN_RW[:12]},
}


def params(variant: str) -> dict:
    vt = FAMILY / "variants" / variant / "variant.toml"
    return {**BASE, **tomllib.loads(vt.read_text()).get("params", {})}


@pytest.fixture(scope="module")
def months(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for variant in PRIMARY:
        dest = tmp_path_factory.mktemp(variant)
        GRADER.generate(dest, params(variant), SEED, "production")
        out[variant] = dest
    return out


def _run(tmp: Path, variant: str, data: Path, rules: dict | None, name: str) -> Path:
    """Run the job (the shipped one when rules is None) on `data`; returns the output folder."""
    ws = tmp / name
    shutil.copytree(FAMILY / "workspace/system", ws / "system")
    own = FAMILY / "variants" / variant / "workspace/system/config/rules.json"
    if own.exists():
        shutil.copy(own, ws / "system/config/rules.json")
    if rules is not None:
        shutil.copy(DELIVERY, ws / "system/fast_track.py")
        cfg = json.loads((ws / "system/config/rules.json").read_text())
        cfg.update(rules)
        (ws / "system/config/rules.json").write_text(json.dumps(cfg))
    out = ws / "out"
    subprocess.run(
        [sys.executable, "system/fast_track.py", "--data", str(data), "--out", str(out)],
        cwd=ws,
        check=True,
        capture_output=True,
    )
    return out


def _kpi(tmp: Path, variant: str, data: Path, rules: dict | None, name: str) -> float:
    out = _run(tmp, variant, data, rules, name)
    return GRADER.evaluate(data, out, params(variant), "production")["kpi"]


def test_april_differs_from_history(months: dict[str, Path]) -> None:
    conn = sqlite3.connect(FAMILY / "workspace/data/claims.db")
    hist = conn.execute("SELECT COUNT(*), COUNT(DISTINCT notified), SUM(channel = 'app') FROM claims").fetchone()
    conn.close()
    conn = sqlite3.connect(months["base"] / "claims.db")
    prod = conn.execute("SELECT COUNT(*), COUNT(DISTINCT notified), SUM(channel = 'app') FROM claims").fetchone()
    codes = {r[0] for r in conn.execute("SELECT DISTINCT peril FROM claims")}
    storms = {r[0] for r in conn.execute("SELECT DISTINCT storm FROM storm_events")}
    conn.close()
    assert hist[2] == 0 and prod[2] > 0.25 * prod[0]
    assert prod[0] / prod[1] > 1.3 * hist[0] / hist[1]  # a third more a day, and Storm Wren
    assert {"WATER-ESC", "WIND-STORM", "ACC-DMG"} <= codes
    assert storms == {"WREN"}


@pytest.mark.parametrize("variant", sorted(PRIMARY))
def test_each_constraint_is_its_own_slice(variant: str, months: dict[str, Path], tmp_path: Path) -> None:
    data = months[variant]
    repair = {"direct_repair": REPAIR[variant]} if variant in REPAIR else {}
    full = {**COMMON, **PRIMARY[variant], **repair}
    shipped = _kpi(tmp_path, variant, data, None, "shipped")
    ref = _kpi(tmp_path, variant, data, full, "reference")
    uplift = ref - shipped
    assert uplift > 50_000
    for drop in [*PRIMARY[variant], *repair, "vulnerable_priority", "peril_aliases"]:
        partial = _kpi(tmp_path, variant, data, {k: v for k, v in full.items() if k != drop}, f"no_{drop}")
        slice_ = 0.05 if repair and drop == "vulnerable_priority" else 0.1  # fewer vulnerable customers there
        assert partial < ref - slice_ * uplift, (variant, drop, (partial - shipped) / uplift)


@pytest.mark.parametrize("variant", sorted(REPAIR))
def test_the_repair_scheme_is_wider_in_april_and_the_web_ring_is_a_wrong_lead(
    variant: str, months: dict[str, Path], tmp_path: Path
) -> None:
    data = months[variant]
    full = {**COMMON, **PRIMARY[variant], "direct_repair": REPAIR[variant]}
    shipped = _kpi(tmp_path, variant, data, None, "shipped")
    ref = _kpi(tmp_path, variant, data, full, "reference")
    uplift = ref - shipped

    def share(rules: dict, name: str) -> float:
        return (_kpi(tmp_path, variant, data, rules, name) - shipped) / uplift

    assert share({**full, "direct_repair": None}, "no_repair") < 0.6  # the scheme is a large slice
    assert share({**full, "direct_repair": PILOT}, "pilot_only") < 0.7  # fitted to history: most of it lost
    assert share({**full, "channel_flag_score": {"web": 0.3}}, "web_flag") < 0.97  # the closed ring: worse
    found = {k: v for k, v in full.items() if k not in ("vulnerable_priority", "direct_repair")}
    assert 0.3 < share({**found, "dedupe": True}, "playtests") < 0.6  # what the last playtests found


def test_the_repair_scheme_is_only_in_its_variants() -> None:
    claim = {"peril": "EOW", "district": "KN1", "notified": "2026-03-20", "channel": "web", "fraud_score": "0.1"}
    world = load_task_module(FAMILY / "hidden/_claims_fast_track_world.py", "claims_fast_track_world_test_world")
    for variant in ("base", "wrong_ask"):
        assert not world.direct_repair(claim, params(variant), "history")
        assert not world.web_ring(claim, params(variant), "history")
    for variant in REPAIR:
        assert world.direct_repair(claim, params(variant), "history")
        assert world.direct_repair({**claim, "peril": "ACC-DMG", "district": "RW2"}, params(variant), "production")
        assert not world.direct_repair({**claim, "peril": "AD"}, params(variant), "history")  # the pilot: EOW


def _world(variant: str, tmp_path: Path) -> World:
    instance = load_family(FAMILY).instance(variant, "L3")
    router = Router(instance.people())
    return World(router.people, instance.config.world, Ledger(tmp_path / "ledger.jsonl"), router)


@pytest.mark.parametrize(("variant", "count"), [("old_wording_excess", 33), ("off_limits_panel", 28)])
def test_the_scheme_is_reached_only_through_the_count(variant: str, count: int, tmp_path: Path) -> None:
    world = _world(variant, tmp_path)
    for person, question in [
        ("nadia", "Is anything changing with the panel or the repairers in April that the fast-track should know?"),
        ("nadia", "Which claims does the fast-track not cover from your side?"),
        ("tomasz", "Is anything changing in counter-fraud or the audit in April?"),
        ("tomasz", "Were any claims paid twice?"),
        ("hamish", "Anything else I should know?"),
        ("ruth", "Anything else I should know?"),
    ]:
        world.ask(person, question)
    assert "direct_repair" not in world.facts and "repair_pattern" not in world.facts
    world.ask(
        "tomasz",
        f"Tomasz, {count} of the audit's duplicate payments have no repeat notification: all are escape of water "
        "claims in KN1 to KN4 since 9 March. Who paid them twice?",
    )
    assert "repair_pattern" in world.facts and "direct_repair" not in world.facts
    world.ask("nadia", "Nadia, why is Brightwell invoicing claims the fast-track already paid, and which from April?")
    assert "direct_repair" in world.facts


def test_literal_ask_backfires(months: dict[str, Path], tmp_path: Path) -> None:
    data = months["base"]
    shipped = _kpi(tmp_path, "base", data, None, "shipped")
    literal = _kpi(tmp_path, "base", data, {"auto_settle_limit": 3000, "fraud_flag_score": 0.3}, "literal")
    assert literal < shipped


def test_incidents(months: dict[str, Path], tmp_path: Path) -> None:
    data = months["base"]
    shipped = _run(tmp_path, "base", data, None, "shipped")
    changed = _run(tmp_path, "base", data, {**COMMON, "counter_fraud_daily_cap": 4}, "changed")

    def incidents(out: Path, facts: frozenset) -> list[str]:
        ctx = SimpleNamespace(
            params=BASE, facts=facts, split="production", data_dir=data, out_dir=out, baseline_out=shipped
        )
        return GRADER.kpi(ctx)["incidents"]

    assert incidents(shipped, frozenset()) == []
    assert any("sign-off" in i for i in incidents(changed, frozenset()))
    assert incidents(changed, frozenset({"settlement_rules_signoff"})) == []
    pay = changed / "payments/fast_track_payments.csv"
    pay.write_text(pay.read_text().replace("amount_gbp", "amount"))
    assert any("payments file" in i for i in incidents(changed, frozenset({"settlement_rules_signoff"})))
