"""outage_dispatch: the unseen storms differ from history, each hidden constraint is its own slice of the KPI,
and the grader's incidents fire on what they are about."""

from __future__ import annotations

import csv
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

FAMILY = Path(__file__).resolve().parents[2] / "suites/engagements/outage_dispatch"
GRADER = load_task_module(FAMILY / "hidden/grader.py", "outage_dispatch_world_test_grader")
WORLD = sys.modules["_outage_dispatch_world"]
SEED = 20260310
PARAMS = tomllib.loads((FAMILY / "task.toml").read_text())["params"]
DELIVERY = FAMILY / "hidden/solutions/delivery/dispatch.py"
# the base variant's register as the Safety Rules officer gives it (hidden/solutions/reference.py)
LAPSED = {
    "ASH-C2": "2026-01-31",
    "BRX-C4": "2026-01-31",
    "CLH-C3": "2026-01-31",
    "ASH-C1": "2026-03-09",
    "BRX-C1": "2026-03-09",
    "CLH-C1": "2026-03-09",
}
REFERENCE_RULES = {"switching_desks": 2, "patrol_depots": ["CLH"], "hv_source": "register"}


def _register(lapsed: dict[str, str], mutual_aid: bool) -> str:
    rows = [
        f"{d}-C{i},HV-SAP,2024-04-01,{lapsed.get(f'{d}-C{i}', '2027-03-31')}"
        for d, n in (("ASH", 5), ("BRX", 6), ("CLH", 5))
        for i in range(1, n + 1)
    ]
    if mutual_aid:
        rows += [f"NFN-{i},HV-SAP,2026-03-09,2026-03-31" for i in range(1, 5)]
    return "crew_id,authorisation,valid_from,valid_to\n" + "\n".join(rows) + "\n"


@pytest.fixture(scope="module")
def production(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("production")
    GRADER.generate(dest, PARAMS, SEED, "production")
    return dest


def _kpi(tmp: Path, data: Path, rules: dict | None, register: str | None, name: str) -> float:
    """Run a dispatcher (the shipped one when rules is None) on `data` and price its plan."""
    ws = tmp / name
    shutil.copytree(FAMILY / "workspace/system", ws / "system")
    if rules is not None:
        shutil.copy(DELIVERY, ws / "system/dispatch.py")
        cfg = json.loads((ws / "system/config/rules.json").read_text())
        cfg.update(rules)
        (ws / "system/config/rules.json").write_text(json.dumps(cfg))
    if register is not None:
        (ws / "system/config/hv_authorisations.csv").write_text(register)
    out = ws / "out"
    subprocess.run(
        [sys.executable, "system/dispatch.py", "--data", str(data), "--out", str(out)],
        cwd=ws,
        check=True,
        capture_output=True,
    )
    return GRADER.evaluate(data, out, PARAMS, "production")["kpi"]


def _rows(db: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_the_unseen_storms_differ_from_history(production: Path) -> None:
    history = FAMILY / "workspace/data/network.db"
    old_codes = {c for (c,) in _rows(history, "SELECT DISTINCT fault_code FROM outages")}
    new_codes = {c for (c,) in _rows(production / "network.db", "SELECT DISTINCT fault_code FROM outages")}
    assert {"HV-OHL-TREE", "LV-CUTOUT"} <= new_codes - old_codes
    per_day_history = len(_rows(history, "SELECT outage_id FROM outages")) / (4 * 3)
    per_day_march = len(_rows(production / "network.db", "SELECT outage_id FROM outages")) / (6 * 2)
    assert per_day_march > 1.3 * per_day_history  # bigger storms than any in the history
    crews = {c for (c,) in _rows(production / "network.db", "SELECT crew_id FROM crews")}
    assert {"NFN-1", "NFN-4"} <= crews - {c for (c,) in _rows(history, "SELECT crew_id FROM crews")}
    with (production / "crm/psr_extract.csv").open(newline="") as f:
        active = sum(1 for r in csv.DictReader(f, delimiter="|") if r["STATUS"] == "ACTIVE")
    with (production / "psr_register.csv").open(newline="") as f:
        frozen = sum(1 for _ in csv.DictReader(f))
    assert active > 1.2 * frozen  # the old extract misses the registrations since February


def test_history_shows_the_handbacks_and_one_depots_retrips() -> None:
    db = FAMILY / "workspace/data/network.db"
    handed = {c for (c,) in _rows(db, "SELECT crew_id FROM restorations WHERE handed_back != ''")}
    assert handed and handed <= {"ASH-C2", "BRX-C4", "CLH-C3"}
    cut = dict(
        ((d, p), (n, r))
        for d, p, n, r in _rows(
            db,
            """
        SELECT o.depot, r.patrolled, COUNT(*), SUM(r.retripped) FROM restorations r JOIN outages o USING (outage_id)
        JOIN sections s USING (section_id) WHERE o.level = 'HV' AND s.circuit != 'UG' GROUP BY 1, 2""",
        )
    )
    n, r = cut[("CLH", 0)]
    assert r / n > 0.4 and cut[("CLH", 1)][1] == 0
    assert all(cut[(d, 0)][1] / cut[(d, 0)][0] < 0.15 for d in ("ASH", "BRX"))


def test_each_constraint_missed_costs_its_slice(production: Path, tmp_path: Path) -> None:
    full = _register(LAPSED, mutual_aid=True)
    shipped = _kpi(tmp_path, production, None, None, "shipped")
    reference = _kpi(tmp_path, production, REFERENCE_RULES, full, "reference")
    gain = reference - shipped
    assert gain > 0
    missing = {
        "register as of the history": _kpi(
            tmp_path,
            production,
            REFERENCE_RULES,
            _register({k: v for k, v in LAPSED.items() if v < "2026-03"}, False),
            "history_register",
        ),
        "skills matrix": _kpi(tmp_path, production, {**REFERENCE_RULES, "hv_source": "matrix"}, full, "matrix"),
        "no patrols": _kpi(tmp_path, production, {**REFERENCE_RULES, "patrol_depots": []}, full, "no_patrol"),
        "frozen PSR extract": _kpi(tmp_path, production, {**REFERENCE_RULES, "psr_source": "old"}, full, "old_psr"),
    }
    for what, value in missing.items():
        assert (reference - value) / gain > 0.08, what


def test_sending_a_crew_to_a_held_site_is_an_incident(production: Path, tmp_path: Path) -> None:
    held = _rows(production / "network.db", "SELECT outage_id, storm FROM outages WHERE status = 'HOLD' LIMIT 1")
    assert held, "every unseen month has held sites"
    oid, storm = held[0]
    out = tmp_path / "out"
    (out / "dispatch").mkdir(parents=True)
    (out / "dispatch" / f"plan_{storm}.csv").write_text(f"outage_id,crew_id,seq\n{oid},ASH-C5,1\n")
    ctx = SimpleNamespace(
        data_dir=production,
        out_dir=out,
        params=PARAMS,
        facts=frozenset({GRADER.SIGNOFF_FACT}),
        split="production",
        baseline_out=None,
        exit_code=0,
        timed_out=False,
    )
    res = GRADER.kpi(ctx)
    assert any("safety hold" in i for i in res["incidents"])


def test_the_bad_data_variant_spells_one_depots_sections_the_new_way() -> None:
    extract = FAMILY / "variants/psr_sections/workspace/data/psr_register.csv"
    with extract.open(newline="") as f:
        sections = [r["section_id"] for r in csv.DictReader(f)]
    ash = [s for s in sections if s.startswith("ASH:")]
    assert ash and all(":" not in s for s in sections if not s.startswith("ASH:"))
    spec = load_task_module(DELIVERY, "outage_dispatch_delivery_dispatch")
    repaired = spec.section_id(ash[0], True)
    assert repaired.split("/")[0] in {f["feeder_id"] for f in WORLD.network(PARAMS)["feeders"]}


def test_the_plan_reader_takes_only_regular_files_and_survives_odd_values(tmp_path: Path) -> None:
    import os
    from datetime import datetime

    out = tmp_path / "out"
    (out / "dispatch").mkdir(parents=True)
    (out / "dispatch/plan_ST-2603-ISOLDE.csv").write_text(
        "Outage ID,Crew,Sequence,Dispatch At,Patrol\nISO-0001,ASH-C5,1,2026-03-03T07:00,yes\n"
        "ISO-0002,ASH-C5,nan,not a time,\nISO-0003,BRX-C2,1e999,2026-03-03T08:00,NO\n"
    )
    outside = tmp_path / "truth.csv"
    outside.write_text("outage_id,crew_id\nISO-0009,CLH-C1\n")
    (out / "dispatch/plan_linked.csv").symlink_to(outside)
    os.mkfifo(out / "dispatch/plan_fifo.csv")
    rows = GRADER.read_plan(out, datetime(2026, 3, 3))
    assert [(r["outage_id"], r["crew_id"], r["patrol"]) for r in rows] == [
        ("ISO-0001", "ASH-C5", True),
        ("ISO-0002", "ASH-C5", False),
        ("ISO-0003", "BRX-C2", False),
    ]
    assert rows[0]["t_dispatch"] == 7 * 60 and rows[1]["t_dispatch"] is None
    assert rows[1]["seq"][0] == rows[2]["seq"][0] == 1e9  # an order that is not a finite number goes last


# ----------------------------------------------------------------------------- overtime_line's second round

OVERTIME = FAMILY / "variants/overtime_line"
OT_PARAMS = {**PARAMS, **tomllib.loads((OVERTIME / "variant.toml").read_text())["params"]}
OT_LAPSED = {
    "ASH-C4": "2026-01-31",
    "BRX-C2": "2026-01-31",
    "CLH-C5": "2026-01-31",
    "ASH-C3": "2026-03-09",
    "BRX-C5": "2026-03-09",
}
OT_REFERENCE = {
    "switching_desks": 4,
    "patrol_depots": ["ASH"],
    "hv_source": "register",
    "overrun": "value",
    "hv_hours_limit_min": 840,
    "rest_between_duties_min": 660,
    "normalise_sections": True,
}


def _ot_kpi(tmp: Path, data: Path, rules: dict | None, name: str) -> float:
    ws = tmp / name
    shutil.copytree(FAMILY / "workspace/system", ws / "system")
    shutil.copy(OVERTIME / "workspace/system/config/rules.json", ws / "system/config/rules.json")
    if rules is not None:
        shutil.copy(DELIVERY, ws / "system/dispatch.py")
        cfg = json.loads((ws / "system/config/rules.json").read_text())
        cfg.update(rules)
        (ws / "system/config/rules.json").write_text(json.dumps(cfg))
        (ws / "system/config/hv_authorisations.csv").write_text(_register(OT_LAPSED, mutual_aid=True))
    out = ws / "out"
    subprocess.run(
        [sys.executable, "system/dispatch.py", "--data", str(data), "--out", str(out)],
        cwd=ws,
        check=True,
        capture_output=True,
    )
    return GRADER.evaluate(data, out, OT_PARAMS, "production")["kpi"]


def test_overtime_line_history_shows_coldharbour_cleared_and_two_hours_refusals() -> None:
    db = OVERTIME / "workspace/data/network.db"
    clh = dict(
        ((s, p), (n, r))
        for s, p, n, r in _rows(
            db,
            """
        SELECT o.storm, r.patrolled, COUNT(*), SUM(r.retripped) FROM restorations r JOIN outages o USING (outage_id)
        JOIN sections s USING (section_id) WHERE o.level = 'HV' AND s.circuit != 'UG' AND o.depot = 'CLH'
        GROUP BY 1, 2""",
        )
    )
    before = [clh[(s, 0)] for s in ("ST-2511-CORVIN", "ST-2512-DAGNY", "ST-2601-EIRA")]
    assert sum(r for _n, r in before) / sum(n for n, _r in before) > 0.4  # the obvious cut says: patrol here too
    assert clh[("ST-2602-FINN", 0)][0] >= 5 and clh[("ST-2602-FINN", 0)][1] == 0  # cleared in January
    refused = _rows(db, "SELECT outage_id FROM restorations WHERE handed_back LIKE 'switching refused%'")
    assert 1 <= len(refused) <= 3  # the only trace of the hours limit: overruns were not allowed


def test_overtime_line_new_feeds_spell_sections_the_gis_way(tmp_path: Path) -> None:
    GRADER.generate(tmp_path, OT_PARAMS, SEED, "production")
    secs = {s for (s,) in _rows(tmp_path / "network.db", "SELECT section_id FROM sections")}
    rows = _rows(tmp_path / "network.db", "SELECT section_id, fault_code FROM outages")
    unknown = [(s, c) for s, c in rows if s not in secs]
    assert unknown and all(c in WORLD.NEW_FAULTS and ":" in s for s, c in unknown)
    history = OVERTIME / "workspace/data/network.db"
    assert not [s for (s,) in _rows(history, "SELECT section_id FROM outages") if s not in secs]
    with (tmp_path / "crm/psr_extract.csv").open(newline="") as f:
        spelt = [r["SECTION"] for r in csv.DictReader(f, delimiter="|")]
    assert 0.1 < sum(":" in s for s in spelt) / len(spelt) < 0.6  # both spellings in one file


def test_overtime_line_each_new_constraint_costs_and_the_coldharbour_patrol_backfires(tmp_path: Path) -> None:
    data = tmp_path / "production"
    GRADER.generate(data, OT_PARAMS, SEED, "production")
    shipped = _ot_kpi(tmp_path, data, None, "shipped")
    reference = _ot_kpi(tmp_path, data, OT_REFERENCE, "reference")
    gain = reference - shipped
    assert gain > 0

    def share(rules: dict, name: str) -> float:
        return (reference - _ot_kpi(tmp_path, data, rules, name)) / gain

    no_limit = {k: v for k, v in OT_REFERENCE.items() if k not in ("hv_hours_limit_min", "rest_between_duties_min")}
    assert share(no_limit, "no_hours_limit") > 0.08
    assert share({**OT_REFERENCE, "normalise_sections": False}, "one_spelling") > 0.2
    assert share({**OT_REFERENCE, "patrol_depots": ["ASH", "CLH"]}, "patrol_coldharbour") > 0.05
    last_round = {**no_limit, "normalise_sections": False}
    assert 0.35 < 1 - share(last_round, "last_round") < 0.7
