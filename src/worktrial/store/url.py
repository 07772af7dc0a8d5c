"""Which store a command opens: `--store URL`, else `$WORKTRIAL_STORE`, else the SQLite file in the state folder."""

from __future__ import annotations

import os

from sqlalchemy import make_url
from sqlalchemy.engine import URL
from sqlalchemy.exc import ArgumentError

from .errors import StoreError
from .home import Home

STORE_ENV = "WORKTRIAL_STORE"
FIX_URL = "pass --store (or set $WORKTRIAL_STORE to) sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST:PORT/DB"
# Bare PostgreSQL URLs mean psycopg 3, the driver worktrial ships with (SQLAlchemy would pick psycopg2).
_PG_ALIASES = ("postgresql", "postgres", "postgresql+psycopg")
DIALECTS = ("sqlite", "postgresql")


def store_url(home: Home, explicit: str | None = None) -> str:
    """The URL of the store to open, checked: a malformed URL or an unsupported database is a `StoreError`."""
    given = explicit if explicit is not None else os.environ.get(STORE_ENV) or None
    if given is None:
        return home.db_url
    where = "--store" if explicit is not None else f"${STORE_ENV}"
    try:
        url = make_url(given.strip())
    except ArgumentError:
        raise StoreError(where, f"not a database URL: {given!r}", FIX_URL) from None
    return normalise(url, where).render_as_string(hide_password=False)


def normalise(url: URL, where: str) -> URL:
    if url.drivername in _PG_ALIASES:
        return url.set(drivername="postgresql+psycopg")
    if url.drivername == "sqlite":
        if not url.database or url.database == ":memory:":
            raise StoreError(where, "an in-memory SQLite store keeps nothing", "give a file: sqlite:///PATH")
        return url
    shown = url.render_as_string(hide_password=True)
    raise StoreError(where, f"unsupported store {shown} (SQLite and PostgreSQL are supported)", FIX_URL)


def location(url: str) -> str:
    """The store as a person names it: the SQLite file, or the URL with its password masked."""
    parsed = make_url(url)
    if parsed.drivername.startswith("sqlite"):
        return str(parsed.database)
    return parsed.render_as_string(hide_password=True)
