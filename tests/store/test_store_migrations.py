"""A store made before migrations existed (tables, no version) or at an older revision upgrades in place."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text

from worktrial.store import Store, StoreError, migrate

from .rows import add_job, card


def _old_store(url: str, revision: str, versioned: bool) -> None:
    """The schema as of `revision`, with one finished trial in it; without its version table if not `versioned`."""
    engine = create_engine(url)
    cfg = migrate._config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        try:
            command.upgrade(cfg, revision)
        finally:
            cfg.attributes.pop("connection", None)
        conn.execute(
            text("INSERT INTO jobs (id, created, config, status) VALUES ('old', CURRENT_TIMESTAMP, '{}', 'finished')")
        )
        conn.execute(text(
            "INSERT INTO trials (id, job_id, instance, agent, repeat, status, attempt, score, incidents, scorecard,"
            " content_hash, run_dir) "
            "VALUES ('old/t0', 'old', 'fam/base/L3', 'noop', 0, 'done', 1, 0.25, '[]', '{\"score\": 0.25}', 'h', '')"
        ))  # fmt: skip
        if not versioned:
            conn.execute(text("DROP TABLE alembic_version"))
    engine.dispose()


@pytest.mark.parametrize("versioned", [False, True], ids=["before-migrations", "at-0001"])
def test_an_old_store_upgrades_in_place_keeping_its_rows(store_url: str, versioned: bool) -> None:
    _old_store(store_url, "0001", versioned)
    store = Store(store_url)  # opening migrates
    columns = {c["name"] for c in inspect(store.engine).get_columns("trials")}
    assert "meta" in columns
    with store.engine.connect() as conn:
        assert migrate.current(conn) == migrate.head()
    old = store.trial("old/t0")
    assert (old.status, old.score, old.scorecard, old.meta) == ("done", 0.25, {"score": 0.25}, None)
    # and it works as a store of today
    [tid, *_] = add_job(store, "new")
    attempt = store.start_trial(tid, "")
    assert attempt == 1 and store.finish_trial(tid, attempt, card(0.5, attempt), "")
    assert {j.id for j in Store(store_url).jobs()} == {"old", "new"}


def test_the_quick_head_check_names_alembics_head() -> None:
    # A new migration must move HEAD too, or every store would be opened through Alembic.
    assert migrate.head() == migrate.HEAD


def test_a_store_from_a_newer_worktrial_is_refused_with_what_to_do(store_url: str) -> None:
    store = Store(store_url)
    add_job(store, "kept")
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    store.engine.dispose()
    with pytest.raises(StoreError) as refused:
        Store(store_url)
    assert "revision 9999, newer than this worktrial" in str(refused.value) and "newer one" in str(refused.value)
    with create_engine(store_url).connect() as conn:  # refused, and left as it was
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "9999"
        assert conn.execute(text("SELECT count(*) FROM jobs")).scalar() == 1
