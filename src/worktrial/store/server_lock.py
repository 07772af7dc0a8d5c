"""Locks held in a PostgreSQL store, for processes that share the store but maybe not a machine.

A `ServerLock` is a session advisory lock on a connection of its own: the server drops it when that connection
ends, however the holding process ends, just as the kernel drops a `flock` (`locking/`), so no stale lock is ever
left. Who holds it is told by the holding connection's `application_name`, which is believed only while that
connection holds the lock.
"""

from __future__ import annotations

import hashlib
import os
import socket
import time

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from ..locking import Holder

_MAX_POLL_S = 0.2
_TAG = "worktrial"
_HOLDERS = text(
    "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
    "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 "
    "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
    "AND l.classid = CAST(:hi AS oid) AND l.objid = CAST(:lo AS oid)"
)


def lock_key(name: str) -> int:
    """A positive 63-bit key for `name` (advisory locks are numbered, not named)."""
    return int.from_bytes(hashlib.sha256(f"{_TAG} {name}".encode()).digest()[:8], "big") >> 1


class ServerLock:
    """An exclusive advisory lock named `name` in the store behind `engine`, held from `try_acquire` or `acquire`
    until `release`."""

    def __init__(self, engine: Engine, name: str) -> None:
        self.engine = engine
        self.name = name
        self.key = lock_key(name)
        self._conn: Connection | None = None

    @property
    def held(self) -> bool:
        return self._conn is not None

    def try_acquire(self) -> bool:
        if self._conn is not None:
            raise RuntimeError(f"lock {self.name!r}: already held by this lock object")
        conn = self.engine.connect()
        try:
            # Host names are cut so the tag fits application_name (63 bytes).
            me = f"{_TAG} {os.getpid()} {socket.gethostname()}"[:63]
            conn.execute(text("SELECT set_config('application_name', :me, false)"), {"me": me})
            got = bool(conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": self.key}).scalar())
            conn.commit()
        except BaseException:
            conn.close()
            raise
        if not got:
            _reset(conn)
            return False
        self._conn = conn
        return True

    def acquire(self, timeout_s: float) -> bool:
        """Wait up to `timeout_s` for the lock; whether it was taken."""
        deadline = time.monotonic() + timeout_s
        delay = 0.01
        while not self.try_acquire():
            if time.monotonic() >= deadline:
                return False
            time.sleep(delay)
            delay = min(_MAX_POLL_S, delay * 2)
        return True

    def verify(self) -> None:
        """Raise (a database error) unless the lock is still held: its connection may have been cut, and with it
        the lock."""
        if self._conn is None:
            raise RuntimeError(f"lock {self.name!r} is not held")
        hi, lo = divmod(self.key, 1 << 32)
        found = self._conn.execute(
            text(
                "SELECT count(*) FROM pg_locks WHERE pid = pg_backend_pid() AND locktype = 'advisory' AND granted "
                "AND objsubid = 1 AND classid = CAST(:hi AS oid) AND objid = CAST(:lo AS oid)"
            ),
            {"hi": hi, "lo": lo},
        ).scalar()
        self._conn.commit()
        if not found:
            raise RuntimeError(f"lock {self.name!r} was lost")

    def release(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": self.key})
            conn.commit()
            _reset(conn)
        except Exception:
            conn.invalidate()  # a broken connection is never pooled; the server dropped its lock with it
            conn.close()


def holder(engine: Engine, name: str) -> Holder | None:
    """Who holds the lock `name` now, or None if nobody does. Looking never disturbs the holder."""
    hi, lo = divmod(lock_key(name), 1 << 32)
    with engine.connect() as conn:
        app = conn.execute(_HOLDERS, {"hi": hi, "lo": lo}).scalar()
    if app is None:
        return None
    parts = str(app).split(" ", 2)
    if len(parts) == 3 and parts[0] == _TAG and parts[1].isdigit():
        return Holder(int(parts[1]), parts[2])
    return Holder(-1, "unknown host")


def _reset(conn: Connection) -> None:
    conn.execute(text("RESET application_name"))
    conn.commit()
    conn.close()
