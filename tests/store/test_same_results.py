"""The same job through the command on a SQLite store and on a PostgreSQL store gives identical score cards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from worktrial.store import Store

from ..conftest import REPO
from ..run.wtcli import skip_without, wt

pytestmark = [skip_without("bwrap"), pytest.mark.slow]

JOB = ["--suite", str(REPO / "suites"), "--task", "oil_npt/base/L3", "--agent", "reference", "--agent", "noop"]
PER_RUN = ("trial", "job", "run_dir")  # where a record lives, not what it says


def _run(home: Path, store: str) -> tuple[list[dict[str, Any]], dict[tuple[str, str, int], Any]]:
    res = wt("run", *JOB, "--home", str(home), "--store", store, "--json", timeout=600)
    assert res.returncode == 0, res.stderr
    records = sorted(
        ({k: v for k, v in json.loads(line).items() if k not in PER_RUN} for line in res.stdout.splitlines()),
        key=lambda r: (r["instance"], r["agent"], r["repeat"]),
    )
    db = Store(store)
    [job] = db.jobs()
    cards = {(t.instance, t.agent, t.repeat): (t.status, t.attempt, t.scorecard) for t in db.trials(job.id)}
    db.engine.dispose()
    return records, cards


def test_sqlite_and_postgresql_give_identical_score_cards(pg_url: str, tmp_path: Path) -> None:
    sqlite = f"sqlite:///{tmp_path / 'sqlite-home' / 'worktrial.db'}"
    on_sqlite = _run(tmp_path / "sqlite-home", sqlite)
    on_postgresql = _run(tmp_path / "pg-home", pg_url)
    records, cards = on_sqlite
    assert {r["agent"] for r in records} == {"reference", "noop"}
    assert all(status == "done" and attempt == 1 for status, attempt, _ in cards.values())
    reference = cards[("oil_npt/base/L3", "reference", 0)][2]
    assert reference["solved"] and reference["components"]
    assert on_postgresql == on_sqlite
