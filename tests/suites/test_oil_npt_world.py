"""oil_npt notice_clause: each hidden constraint costs its own slice of the KPI on the unseen claim month."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sqlite3
import sys
import tomllib
from pathlib import Path

import pytest

FAMILY = Path(__file__).resolve().parents[2] / "suites/engagements/oil_npt"
HIDDEN = FAMILY / "hidden"
DELIVERY = HIDDEN / "solutions/delivery"
VARIANT = FAMILY / "variants/notice_clause"
SEED = 20260331
REFERENCE = {
    "attribution": "code_and_owner",
    "skip_midnight_repeats": True,
    "self_credited": [{"contractor_id": "SXD", "rig_ids": ["BR-14"], "from": "2026-03-01"}],
}


def _load(name: str, path: Path):
    for p in (HIDDEN, DELIVERY):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


grader = _load("oil_npt_grader", HIDDEN / "grader.py")
npt_claims = _load("npt_claims", DELIVERY / "npt_claims.py")
daily_summary = _load("daily_summary", DELIVERY / "daily_summary.py")


def _params() -> dict:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text())["params"])
    params.update(tomllib.loads((VARIANT / "variant.toml").read_text())["params"])
    return params


@pytest.fixture(scope="module")
def month(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("production")
    grader.generate(data, _params(), SEED, "production")
    return data / "drilling.db"


def _kpi(db: Path, tmp: Path, policy: dict, *, notice: bool = True, one_rig_repeats: bool = False) -> float:
    config = tmp / "system/config"
    shutil.copytree(FAMILY / "workspace/system/config", config)
    shutil.copy(VARIANT / "workspace/system/config/attribution_rules.csv", config)
    (config / "claim_policy.json").write_text(json.dumps(policy))
    (config / "daily_summary.json").write_text(json.dumps({"npt_notice": notice}))
    out = tmp / "out"
    conn = sqlite3.connect(db)
    try:
        month = npt_claims.latest_month(conn)
        real = npt_claims.midnight_repeat_of
        if one_rig_repeats:  # the repeats dropped only on the rig where history shows them
            npt_claims.midnight_repeat_of = lambda c, ev: real(c, ev) if ev["rig_id"] == "BR-17" else None
        try:
            lines, not_claimed = npt_claims.build_claim(conn, month, config)
        finally:
            npt_claims.midnight_repeat_of = real
        npt_claims.write_claim(lines, not_claimed, month, out / "claims")
        daily_summary.write_daily(conn, month, out / "daily", config)
        return grader.evaluate(conn, out, _params())["kpi"]
    finally:
        conn.close()


def test_each_constraint_costs_its_own_slice(month: Path, tmp_path: Path) -> None:
    ref = _kpi(month, tmp_path / "ref", REFERENCE)
    no_fix = _kpi(month, tmp_path / "shipped", {"attribution": "keywords"}, notice=False)
    uplift = ref - no_fix
    assert uplift > 300_000
    missing = {
        "notice without amounts": _kpi(month, tmp_path / "a", REFERENCE, notice=False),
        "Sextant's BR-14 call-off": _kpi(month, tmp_path / "b", {**REFERENCE, "self_credited": []}),
        "BR-11's repeats from 1 March": _kpi(month, tmp_path / "c", REFERENCE, one_rig_repeats=True),
        "next month's wordings": _kpi(month, tmp_path / "d", {**REFERENCE, "attribution": "keywords"}),
    }
    for what, kpi in missing.items():
        assert ref - kpi > 0.05 * uplift, (what, ref, kpi)
    # what the last blind playtest found (the notice) plus BR-17's repeats, without the new constraints
    found = _kpi(
        month, tmp_path / "e", {"attribution": "keywords", "skip_midnight_repeats": True}, one_rig_repeats=True
    )
    assert 0.4 <= (found - no_fix) / uplift <= 0.6


def test_dropping_sextant_everywhere_is_worse_than_ignoring_the_call_off(month: Path, tmp_path: Path) -> None:
    everywhere = {
        **REFERENCE,
        "self_credited": [],
        "not_claimed_contractors": [{"contractor_id": "SXD", "from": "2026-03-01"}],
    }
    ignored = {**REFERENCE, "self_credited": []}
    assert _kpi(month, tmp_path / "all", everywhere) < _kpi(month, tmp_path / "none", ignored)


def test_base_and_sg_feed_have_no_call_off_and_no_amount_rule() -> None:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text())["params"])
    assert params["credit_contractor"] == "" and params["notice_amount"] is False
    for v in ("base", "sg_feed"):
        vp = tomllib.loads((FAMILY / "variants" / v / "variant.toml").read_text()).get("params", {})
        assert "credit_rigs" not in vp and "notice_amount" not in vp


def test_repair_allowance_sextant_call_off_costs_its_slice(tmp_path: Path) -> None:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text())["params"])
    params.update(tomllib.loads((FAMILY / "variants/repair_allowance/variant.toml").read_text())["params"])
    grader.generate(tmp_path / "prod", params, SEED, "production")
    policy = {
        "attribution": "code_and_owner",
        "skip_midnight_repeats": True,
        "repair_allowance": {
            "enabled": True,
            "hours_per_rig_month": 24,
            "overrides": [{"rig_id": "BR-17", "month": "2026-03", "hours": 60}],
        },
        "self_credited": [{"contractor_id": "SXD", "rig_ids": ["BR-11"], "from": "2026-03-01"}],
    }

    def kpi(policy: dict, name: str) -> float:
        config = tmp_path / name / "config"
        shutil.copytree(FAMILY / "workspace/system/config", config)
        (config / "claim_policy.json").write_text(json.dumps(policy))
        conn = sqlite3.connect(tmp_path / "prod/drilling.db")
        try:
            month = npt_claims.latest_month(conn)
            npt_claims.write_claim(*npt_claims.build_claim(conn, month, config), month, tmp_path / name / "out/claims")
            return grader.evaluate(conn, tmp_path / name / "out", params)["kpi"]
        finally:
            conn.close()

    ref, shipped = kpi(policy, "ref"), kpi({"attribution": "keywords"}, "shipped")
    missing = kpi({**policy, "self_credited": []}, "no_call_off")
    assert ref - missing > 0.1 * (ref - shipped)


@pytest.mark.parametrize("variant", ["base", "notice_clause", "repair_allowance", "sg_feed"])
def test_every_seed_of_both_splits_generates_a_month(variant: str, tmp_path: Path) -> None:
    """A worker's pilot draws its own month; one the generator cannot build is the task's error, so none may fail."""
    from worktrial.tasks import load_family

    params = dict(load_family(FAMILY).instance(variant, "L3").params)
    for split in ("production", "pilot"):
        for seed in range(6):
            dest = tmp_path / f"{split}-{seed}"
            grader.generate(dest, params, seed, split)
            assert (dest / "drilling.db").stat().st_size > 0
