"""The store: jobs and trials in SQLite (default) or PostgreSQL, through SQLAlchemy 2."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, create_engine, event, func, make_url, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from .errors import StoreError
from .home import FIX_HOME
from .url import location

T = TypeVar("T")
# How long one statement waits for another process's write lock. Writes are short transactions, so a wait this long
# means the store is held by something else, and a user should hear so within seconds.
BUSY_TIMEOUT_S = 5.0
WRITE_ATTEMPTS = 6  # during a job a busy store is waited for up to WRITE_ATTEMPTS × BUSY_TIMEOUT_S
FIX_DAMAGED = "move the file aside (a new store is made in its place) or restore it from a backup"
FIX_SERVER = "start the PostgreSQL server, or correct the URL given with --store or $WORKTRIAL_STORE"
CONNECT_TIMEOUT_S = 10
# PostgreSQL errors that mean "another transaction was in the way": the write is tried again, as a busy SQLite is.
# serialization_failure, deadlock_detected, lock_not_available (lock_timeout).
_PG_BUSY = {"40001", "40P01", "55P03"}


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class JobRow(Base):
    __tablename__ = "jobs"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created: Mapped[datetime] = mapped_column(default=_now)
    # running | finished, as last written; `worktrial jobs` derives the live state from the job's lock and trials.
    status: Mapped[str] = mapped_column(String(16), default="running")
    config: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class TrialRow(Base):
    __tablename__ = "trials"
    __table_args__ = (UniqueConstraint("job_id", "instance", "agent", "repeat"),)
    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    job_id: Mapped[str] = mapped_column(ForeignKey("jobs.id"), index=True)
    instance: Mapped[str] = mapped_column(String(200))
    agent: Mapped[str] = mapped_column(String(200))
    repeat: Mapped[int] = mapped_column(default=0)
    # pending | running | done | error, or abandoned (a workspace stopped before hand-in: never scored)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    attempt: Mapped[int] = mapped_column(default=0)
    score: Mapped[float | None] = mapped_column(default=None)
    solved: Mapped[bool | None] = mapped_column(default=None)
    uplift: Mapped[float | None] = mapped_column(default=None)
    contact_cost: Mapped[float | None] = mapped_column(default=None)
    incidents: Mapped[list[str]] = mapped_column(JSON, default=list)
    scorecard: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    content_hash: Mapped[str] = mapped_column(String(64), default="")
    run_dir: Mapped[str] = mapped_column(String(500), default="")
    error: Mapped[str | None] = mapped_column(default=None)
    started: Mapped[datetime | None] = mapped_column(default=None)
    finished: Mapped[datetime | None] = mapped_column(default=None)
    # What the instance is (family, variant, level, kind, industry, …), recorded when the job is planned so
    # reports can break results down without loading the task files again.
    meta: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=dict)


class Store:
    """Thin access layer; every write is one short transaction so a kill never leaves half a result.

    Any failure of the database (damaged file, held lock, unreachable server) is raised as `StoreError`, naming the
    store and what to do.
    """

    def __init__(self, url: str, busy_timeout_s: float = BUSY_TIMEOUT_S) -> None:
        from . import migrate  # Alembic is loaded by what opens a store, not by every import of the models

        self.url = url
        self.location = location(url)
        self.sqlite_file = Path(self.location) if url.startswith("sqlite") else None
        if self.sqlite_file is not None:
            _check_sqlite_path(self.location)
        self.engine: Engine = self._engine(busy_timeout_s)
        with self.errors():
            if self.sqlite_file is not None:
                event.listen(self.engine, "connect", _sqlite_pragmas)
                if self.sqlite_file.exists():
                    _check_sqlite_size(self.engine, self.location)
            else:
                self._check_reachable()
            migrate.upgrade(self.engine, self.sqlite_file)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def _engine(self, busy_timeout_s: float) -> Engine:
        if self.sqlite_file is not None:
            return create_engine(self.url, connect_args={"timeout": busy_timeout_s})
        busy_ms = int(busy_timeout_s * 1000)
        # A row another transaction holds is waited for as long as a busy SQLite is, then the write is retried;
        # options and a timeout the URL gives itself are kept.
        query = make_url(self.url).query
        given = query.get("options")
        options = " ".join([*([given] if isinstance(given, str) else given or []), f"-c lock_timeout={busy_ms}"])
        connect: dict[str, Any] = {"options": options}
        if "connect_timeout" not in query:
            connect["connect_timeout"] = CONNECT_TIMEOUT_S
        try:
            return create_engine(self.url, pool_pre_ping=True, connect_args=connect)
        except ImportError as e:
            raise StoreError(
                self.location, f"the PostgreSQL driver is missing ({e})", "pip install 'psycopg[binary]'"
            ) from None

    def _check_reachable(self) -> None:
        try:
            with self.engine.connect():
                pass
        except DBAPIError as e:
            said = str(e.orig or e).strip()
            reason = said.splitlines()[0] if said else type(e).__name__
            password = self.engine.url.password
            if password:
                reason = reason.replace(str(password), "***")
            raise StoreError(self.location, f"cannot connect to the store ({reason})", FIX_SERVER) from None

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def errors(self) -> Iterator[None]:
        """Turn database failures inside the block into a `StoreError` that names this store."""
        try:
            yield
        except (DBAPIError, sqlite3.Error) as e:  # raw driver errors too: reports read through the driver
            raise _store_error(self.location, e) from None

    def check_writable(self) -> None:
        """Take the store's write lock for an instant: a store another process keeps locked fails here, within the
        busy timeout, before a job records anything."""
        with self.errors(), self.engine.connect() as conn:
            if self.sqlite_file is not None:
                conn.exec_driver_sql("BEGIN IMMEDIATE")
                conn.exec_driver_sql("ROLLBACK")
            else:  # the lock every write takes: refused without write permission, waits out a migration's lock
                conn.exec_driver_sql("LOCK TABLE jobs, trials IN ROW EXCLUSIVE MODE")
                conn.rollback()

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.errors(), self._session.begin() as s:
            yield s

    def _write(self, fn: Callable[[Session], T]) -> T:
        """One write transaction; a store busy with other processes' writes is tried again for a while."""
        for attempt in range(WRITE_ATTEMPTS):
            try:
                with self._session.begin() as s:
                    return fn(s)
            except OperationalError as e:
                if attempt == WRITE_ATTEMPTS - 1 or not _is_busy(e):
                    raise _store_error(self.location, e) from None
            except DBAPIError as e:
                raise _store_error(self.location, e) from None
        raise AssertionError("unreachable")

    def create_job(self, job_id: str, config: dict[str, Any], trials: list[TrialRow]) -> None:
        def add(s: Session) -> None:
            s.add(JobRow(id=job_id, config=json.loads(json.dumps(config))))
            s.add_all(trials)

        self._write(add)

    def job(self, job_id: str) -> JobRow | None:
        with self.session() as s:
            return s.get(JobRow, job_id)

    def jobs(self) -> list[JobRow]:
        with self.session() as s:
            return list(s.scalars(select(JobRow).order_by(JobRow.created)))

    def job_overview(self) -> dict[str, JobOverview]:
        """Per job: trials by status, and the agents and instances it covers (two grouped queries)."""
        c = TrialRow.__table__.c
        out: dict[str, JobOverview] = {}
        with self.session() as s:
            for job_id, status, n in s.execute(select(c.job_id, c.status, func.count()).group_by(c.job_id, c.status)):
                out.setdefault(job_id, JobOverview()).counts[status] = n
            for job_id, agent, instance in s.execute(select(c.job_id, c.agent, c.instance).distinct()):
                ov = out.setdefault(job_id, JobOverview())
                ov.agents.add(agent)
                ov.instances.add(instance)
        return out

    def trials(self, job_id: str) -> list[TrialRow]:
        with self.session() as s:
            return list(s.scalars(select(TrialRow).where(TrialRow.job_id == job_id).order_by(TrialRow.id)))

    def trial(self, trial_id: str) -> TrialRow:
        with self.session() as s:
            return s.get_one(TrialRow, trial_id)

    def start_trial(self, trial_id: str, run_dir: str) -> int | None:
        """Claim a trial that is not done: mark it running with the next attempt number, and return that number;
        None if it is done already.

        One UPDATE … RETURNING, so two claims of one trial get distinct attempts on any database (a read followed
        by a write would let two PostgreSQL transactions both read attempt n and both write n + 1).
        """
        c = TrialRow.__table__.c
        claim = (
            update(TrialRow)
            .where(c.id == trial_id, c.status != "done")
            .values(
                attempt=c.attempt + 1,
                status="running",
                run_dir=run_dir,
                started=_now(),
                finished=None,
                score=None,
                solved=None,
                uplift=None,
                contact_cost=None,
                scorecard=None,
                error=None,
                incidents=[],
            )
            .returning(c.attempt)
        )
        return self._write(lambda s: s.execute(claim).scalar_one_or_none())

    def finish_trial(self, trial_id: str, attempt: int, card: dict[str, Any], run_dir: str) -> bool:
        """Record the result of `attempt`; False (and nothing written) if the trial has moved on to another
        attempt or is done, so a result is never counted twice nor overwrites a newer one."""
        c = TrialRow.__table__.c
        values: dict[str, Any] = {
            "status": card["status"],
            "run_dir": run_dir,
            "scorecard": card,
            "error": card.get("error"),
            "content_hash": card.get("content_hash", ""),
            "finished": _now(),
        }
        if card["status"] == "done":
            values |= {
                "score": card["score"],
                "solved": card["solved"],
                "uplift": card.get("uplift"),
                "contact_cost": card.get("contact_cost"),
                "incidents": card.get("incidents", []),
            }
        record = (
            update(TrialRow)
            .where(c.id == trial_id, c.attempt == attempt, c.status == "running")
            .values(**values)
            .returning(c.id)
        )
        return self._write(lambda s: s.execute(record).scalar_one_or_none() is not None)

    def abandon_trial(self, trial_id: str, reason: str, run_dir: str) -> None:
        """Record a trial its worker gave up before hand-in: status `abandoned`, no score, no score card."""

        def abandon(s: Session) -> None:
            row = s.get_one(TrialRow, trial_id)
            row.status, row.error, row.run_dir, row.finished = "abandoned", reason, run_dir, _now()

        self._write(abandon)

    def finish_job(self, job_id: str) -> None:
        def finish(s: Session) -> None:
            s.get_one(JobRow, job_id).status = "finished"

        self._write(finish)


@dataclass
class JobOverview:
    counts: dict[str, int] = field(default_factory=dict)
    agents: set[str] = field(default_factory=set)
    instances: set[str] = field(default_factory=set)


def _check_sqlite_path(path: str) -> None:
    if Path(path).is_dir():
        raise StoreError(path, "the store is a folder, not a SQLite file", FIX_DAMAGED)


def _check_sqlite_size(engine: Engine, path: str) -> None:
    """Refuse a store file cut short of the size its own header records.

    The file is never opened here except through SQLite: closing any other descriptor of it would drop the POSIX
    locks SQLite holds on it in this process. With frames in the write-ahead log the file may rightly be shorter
    than the database, so the check is made only inside a read snapshot that has none.
    """
    wal = Path(path + "-wal")
    with engine.connect() as conn:
        conn.exec_driver_sql("BEGIN")
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar() or 0
        page_size = conn.exec_driver_sql("PRAGMA page_size").scalar() or 0
        try:
            if wal.exists() and wal.stat().st_size > 0:
                return
            size = Path(path).stat().st_size
        finally:
            conn.exec_driver_sql("COMMIT")
    if size < pages * page_size:
        raise StoreError(path, f"the store is truncated ({size} of {pages * page_size} bytes)", FIX_DAMAGED)


def _is_busy(e: DBAPIError | sqlite3.Error) -> bool:
    orig = e.orig if isinstance(e, DBAPIError) and e.orig is not None else e
    if getattr(orig, "sqlstate", None) in _PG_BUSY:
        return True
    text_ = str(orig).lower()
    return "locked" in text_ or "busy" in text_


def _store_error(location: str, e: DBAPIError | sqlite3.Error) -> StoreError:
    orig = e.orig if isinstance(e, DBAPIError) and e.orig is not None else e
    text_ = str(orig).lower()
    if _is_busy(e):
        return StoreError(
            location,
            f"the store is locked by another process (waited {BUSY_TIMEOUT_S:g} s)",
            "let that process finish or stop it, then run again",
        )
    if "not a database" in text_ or "malformed" in text_ or "corrupt" in text_:
        return StoreError(location, f"the store is damaged ({orig})", FIX_DAMAGED)
    if "unable to open" in text_ or "readonly" in text_ or "read-only" in text_:
        return StoreError(location, f"the store cannot be opened for writing ({orig})", FIX_HOME)
    if isinstance(e, DBAPIError) and e.connection_invalidated:
        return StoreError(location, f"the connection to the store was lost ({orig})", FIX_SERVER)
    return StoreError(location, f"the store failed: {orig}", "check the store, or use another with --store or --home")


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.close()
