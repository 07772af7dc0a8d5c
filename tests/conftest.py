from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url
from sqlalchemy.exc import OperationalError

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def tiny_suite(tmp_path: Path) -> Path:
    """A private copy of the tiny fixture suite, safe to edit."""
    dest = tmp_path / "suite"
    shutil.copytree(FIXTURES / "suite", dest)
    return dest


PG_ENV = "WORKTRIAL_TEST_PG_URL"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The URL of a fresh, empty PostgreSQL database, dropped afterwards.

    The server is `$WORKTRIAL_TEST_PG_URL` (a database its user may create databases from; `.ci/run` starts one and
    sets it). Unset, the PostgreSQL tests skip — except in CI, where they fail, as they do whenever the server
    named cannot be reached.
    """
    base = os.environ.get(PG_ENV)
    if not base:
        if os.environ.get("CI"):
            pytest.fail(f"${PG_ENV} is not set: CI must run the store tests on PostgreSQL")
        pytest.skip(f"${PG_ENV} is not set")
    name = f"wt_test_{secrets.token_hex(6)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    except OperationalError as e:
        pytest.fail(f"PostgreSQL at {make_url(base).render_as_string(hide_password=True)} is not reachable: {e.orig}")
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new store's URL, once per kind of database."""
    if request.param == "sqlite":
        (tmp_path / "store").mkdir()
        return f"sqlite:///{tmp_path / 'store' / 'worktrial.db'}"
    url: str = request.getfixturevalue("pg_url")
    return url
