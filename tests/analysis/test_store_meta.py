"""Per-trial metadata in the store, old stores without it, and reading a job's trials for a report."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest
from sqlalchemy import select

from worktrial.analysis import TrialTable
from worktrial.analysis.synthetic import Shape, synthetic_rows
from worktrial.analysis.table import COLUMNS
from worktrial.cli.report import load_table
from worktrial.run import JobConfig, JobRunner
from worktrial.store import Home, JobRow, Store, TrialRow

OLD_SCHEMA = """
CREATE TABLE jobs (id VARCHAR(64) PRIMARY KEY, created DATETIME, status VARCHAR(16), config JSON);
CREATE TABLE trials (
  id VARCHAR(200) PRIMARY KEY, job_id VARCHAR(64) REFERENCES jobs(id), instance VARCHAR(200), agent VARCHAR(200),
  repeat INTEGER, status VARCHAR(16), attempt INTEGER, score FLOAT, solved BOOLEAN, uplift FLOAT,
  contact_cost FLOAT, incidents JSON, scorecard JSON, content_hash VARCHAR(64), run_dir VARCHAR(500),
  error VARCHAR, started DATETIME, finished DATETIME, UNIQUE (job_id, instance, agent, repeat)
);
INSERT INTO jobs VALUES ('old', '2026-01-01 00:00:00', 'finished', '{}');
INSERT INTO trials VALUES ('old/t', 'old', 'oil/base/L3', 'noop', 0, 'done', 1, 0.0, 0, 0.0, 0.0, '[]',
  '{"status": "done", "score": 0.0}', '', '', NULL, NULL, NULL);
"""


def test_an_old_store_gets_the_meta_column(tmp_path: Path) -> None:
    db = tmp_path / "worktrial.db"
    with sqlite3.connect(db) as conn:
        conn.executescript(OLD_SCHEMA)
    store = Store(f"sqlite:///{db}")
    [row] = store.trials("old")
    assert row.meta is None
    t = load_table(store, ["old"])
    assert (t.family[0], t.variant[0], t.level[0], t.industry[0]) == ("oil", "base", "L3", "—")
    Store(f"sqlite:///{db}")  # opening it again finds the column and changes nothing


def test_plan_records_instance_metadata(tiny_suite: Path, tmp_path: Path) -> None:
    home = Home(tmp_path / "home").ensure()
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(tiny_suite)], agents=["noop"], levels=["L0", "L3"], tasks=["tiny/base"])
    job = runner.create(config)
    rows = runner.store.trials(job)
    assert {r.meta["level"] for r in rows} == {"L0", "L3"}
    meta = rows[0].meta
    assert meta["family"] == "tiny" and meta["variant"] == "base" and meta["kind"] == "engagement"
    assert meta["industry"] == "Retail" and meta["tier"] == 1 and meta["deliverable_type"] is None
    assert set(meta) >= {"domain", "subdomain", "role_class", "skill_subclass"}


def test_load_table_matches_from_records(store_url: str) -> None:
    store = Store(store_url)
    rows = synthetic_rows("j", Shape(families=3, variants=2, repeats=2))
    odd = next(r for r in rows if r["status"] == "done")
    odd["scorecard"] = {**odd["scorecard"], "questions_asked": "many", "details": {"agent": {"usage": {"usd": True}}}}
    with store.engine.begin() as conn:
        conn.execute(JobRow.__table__.insert(), [{"id": "j", "config": {}, "status": "finished"}])
        conn.execute(TrialRow.__table__.insert(), rows)
    fast = load_table(store, ["j"])
    with store.session() as s:
        orm = list(s.scalars(select(TrialRow).where(TrialRow.job_id == "j").order_by(TrialRow.id)))
    slow = TrialTable.from_records(orm)
    assert len(fast) == len(rows) and fast.errors.sum() > 0 and fast.incident.sum() > 0
    assert np.isnan(fast.questions[sorted(r["id"] for r in rows).index(odd["id"])])  # not a number: no value
    for name in COLUMNS:
        a, b = getattr(fast, name), getattr(slow, name)
        if a.dtype.kind == "f":
            np.testing.assert_allclose(a, b, rtol=0, atol=1e-3 if name == "wall_s" else 1e-12, err_msg=name)
        else:
            assert a.tolist() == b.tolist(), name
    assert load_table(store, ["nope"]).status.size == 0


def test_table_from_no_trials_summarises_to_nothing() -> None:
    from worktrial.analysis import summarise

    assert summarise(TrialTable.from_records([])) == []


@pytest.mark.parametrize("name", ["deliverable", "role", "tier", "harness"])
def test_breakdown_aliases(name: str) -> None:
    from worktrial.analysis import field_name

    assert field_name(name) in COLUMNS
