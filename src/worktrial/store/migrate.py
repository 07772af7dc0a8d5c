"""Bring a store's schema to the newest revision (Alembic, `store/migrations/`) when it is opened.

A new store is created at head. A store made before migrations existed has the tables but no `alembic_version`:
it is stamped with the revision its tables match and upgraded from there, in place, keeping every row. Processes
opening one store at once take turns (a lock file beside a SQLite store, an advisory lock on PostgreSQL), so
exactly one of them migrates and the others find the store at head.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from ..locking import FileLock
from .errors import StoreError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")
# The newest revision under migrations/versions (a test checks it is Alembic's head): a store already there is
# opened with one read of its version table, without loading Alembic.
HEAD = "0004"
# Any fixed 64-bit number shared by every worktrial process: the key of the advisory lock migrations take.
PG_MIGRATION_LOCK = 0x776F_726B_7472_6961


@cache
def _config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


@cache
def head() -> str:
    """The newest revision the shipped migrations define."""
    from alembic.script import ScriptDirectory

    rev = ScriptDirectory.from_config(_config()).get_current_head()
    assert rev is not None, "the store ships no migrations"
    return rev


@cache
def known() -> frozenset[str]:
    """Every revision the shipped migrations define."""
    from alembic.script import ScriptDirectory

    return frozenset(r.revision for r in ScriptDirectory.from_config(_config()).walk_revisions())


def current(conn: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def _at_head(conn: Connection) -> bool:
    """The store records exactly one revision, HEAD (what Alembic would read, without loading it)."""
    if not inspect(conn).has_table("alembic_version"):
        return False
    return list(conn.execute(text("SELECT version_num FROM alembic_version")).scalars()) == [HEAD]


def upgrade(engine: Engine, sqlite_file: Path | None) -> None:
    """Migrate the store to head, or do nothing (one quick read) when it is there already."""
    with engine.connect() as conn:
        if _at_head(conn):
            return
    from alembic import command  # only a store that needs migrating pays for loading Alembic

    with _migration_lock(engine, sqlite_file), engine.begin() as conn:
        if sqlite_file is not None:
            # The driver would leave DDL outside any transaction; in one, a migration cut short changes nothing.
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        found = current(conn)
        if found == head():  # another process migrated it while this one waited
            return
        if found is not None and found not in known():
            raise StoreError(
                str(sqlite_file or engine.url.render_as_string(hide_password=True)),
                f"the store's schema is at revision {found}, newer than this worktrial knows (up to {head()})",
                "open it with the worktrial release that wrote it, or a newer one; an older one cannot read it",
            )
        legacy = _legacy_revision(conn)
        cfg = _config()
        cfg.attributes["connection"] = conn
        try:
            if legacy is not None:
                command.stamp(cfg, legacy)
            command.upgrade(cfg, "head")
        finally:
            cfg.attributes.pop("connection", None)


def _legacy_revision(conn: Connection) -> str | None:
    """The revision matching the tables of a store made before migrations, or None for a versioned or empty one."""
    found = inspect(conn)
    if found.has_table("alembic_version") or not found.has_table("jobs"):
        return None
    columns = {c["name"] for c in found.get_columns("trials")} if found.has_table("trials") else set()
    return "0002" if "meta" in columns else "0001"


@contextmanager
def _migration_lock(engine: Engine, sqlite_file: Path | None) -> Iterator[None]:
    if sqlite_file is not None:
        # A separate lock file: SQLite's own locks cannot be held across Alembic's several transactions, and the
        # store file itself must never be opened outside SQLite (closing it would drop SQLite's POSIX locks).
        with FileLock(sqlite_file.with_name(sqlite_file.name + ".migrate.lock"), purpose="migrate the store"):
            yield
        return
    with engine.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": PG_MIGRATION_LOCK})
        try:
            yield
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": PG_MIGRATION_LOCK})
            conn.commit()
