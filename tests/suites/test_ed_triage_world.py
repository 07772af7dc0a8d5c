"""ed_triage: the unseen month differs from history, the grader's replay streams like the shipped system, and
the governance lead signs on evidence found in the data."""

from __future__ import annotations

import csv
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.task_modules import load_task_module
from worktrial.tasks import load_family
from worktrial.world import Ledger, Router, World

FAMILY = Path(__file__).resolve().parents[2] / "suites/engagements/ed_triage"
GRADER = load_task_module(FAMILY / "hidden/grader.py", "ed_triage_world_test_grader")
SEED = 20260331


@pytest.fixture(scope="module")
def production(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("production")
    GRADER.generate(dest, {}, SEED, "production")
    return dest / "ed.db"


def _rows(db: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_production_has_codes_history_never_had(production: Path) -> None:
    history = {c for (c,) in _rows(FAMILY / "workspace/data/ed.db", "SELECT DISTINCT complaint FROM attendances")}
    march = {c for (c,) in _rows(production, "SELECT DISTINCT complaint FROM attendances")}
    assert {"SYNCOPE", "CHEST_TIGHTNESS", "EPIGASTRIC_PAIN"} <= march - history
    listed = {c for (c,) in _rows(production, "SELECT complaint FROM complaints")}
    assert march <= listed  # the live table lists the new codes


def test_production_is_busier_than_history(production: Path) -> None:
    (n_march,) = _rows(production, "SELECT COUNT(*) FROM attendances")[0]
    (n_feb,) = _rows(
        FAMILY / "workspace/data/ed.db", "SELECT COUNT(*) FROM attendances WHERE arrival_time LIKE '2026-02%'"
    )[0]
    assert n_march / 31 > 1.03 * n_feb / 28


def test_fast_track_hours_in_the_data_contradict_the_protocol() -> None:
    rows = _rows(
        FAMILY / "workspace/data/ed.db",
        "SELECT DISTINCT fast_track FROM staffing WHERE shift = 'day' AND shift_date >= '2026-02-02'",
    )
    assert rows == [("open 08:00-21:00",)]


def test_replay_streams_like_the_shipped_system(production: Path, tmp_path: Path) -> None:
    """The grader falls back on its replay when no baseline run is given: it must match the shipped code."""
    system = tmp_path / "system"
    shutil.copytree(FAMILY / "workspace/system", system)
    out = tmp_path / "out"
    subprocess.run(
        [sys.executable, str(system / "streamline.py"), "--db", str(production), "--out", str(out)],
        check=True,
        capture_output=True,
    )
    with open(next((out / "streams").glob("streams_*.csv")), newline="") as f:
        shipped = {r["attendance_id"]: r["stream"] for r in csv.DictReader(f)}
    conn = sqlite3.connect(production)
    try:
        replay = GRADER.shipped_streams(conn, {})
    finally:
        conn.close()
    assert shipped == replay


def test_delivery_module_keeps_the_shipped_behaviour_for_the_shipped_config(production: Path, tmp_path: Path) -> None:
    system = tmp_path / "system"
    shutil.copytree(FAMILY / "workspace/system", system)
    shutil.copy(FAMILY / "hidden/solutions/delivery/streaming.py", system / "streaming.py")
    out = tmp_path / "out"
    subprocess.run(
        [sys.executable, str(system / "streamline.py"), "--db", str(production), "--out", str(out)],
        check=True,
        capture_output=True,
    )
    with open(next((out / "streams").glob("streams_*.csv")), newline="") as f:
        delivered = {r["attendance_id"]: r["stream"] for r in csv.DictReader(f)}
    conn = sqlite3.connect(production)
    try:
        assert delivered == GRADER.shipped_streams(conn, {})
    finally:
        conn.close()


def test_governance_lead_signs_on_evidence_from_the_data(tmp_path: Path) -> None:
    inst = load_family(FAMILY).instance("base", "L3")
    router = Router(inst.people())
    world = World(router.people, inst.config.world, Ledger(tmp_path / "ledger.jsonl"), router)
    world.wait("2d")  # Wednesday: Elspeth is in
    bare = world.ask(
        "elspeth", "Dr Garroway, could you sign off red flags for category 3 walk-ins in the streaming protocol?"
    )
    assert "streaming_change_signoff" not in bare.facts and "which patients" in bare.text
    shown = world.ask(
        "elspeth",
        "Here is the evidence: the four-hour flow rule sends urgent category 3 walk-ins to "
        "minors, and about 95 a month have been escalated from minors since October.",
    )
    assert "streaming_change_signoff" in shown.facts
