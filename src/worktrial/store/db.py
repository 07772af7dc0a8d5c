"""The store: jobs and trials in SQLite (default) or PostgreSQL, through SQLAlchemy 2."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, create_engine, event, inspect, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class JobRow(Base):
    __tablename__ = "jobs"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created: Mapped[datetime] = mapped_column(default=_now)
    status: Mapped[str] = mapped_column(String(16), default="running")  # running | finished
    config: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class TrialRow(Base):
    __tablename__ = "trials"
    __table_args__ = (UniqueConstraint("job_id", "instance", "agent", "repeat"),)
    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    job_id: Mapped[str] = mapped_column(ForeignKey("jobs.id"), index=True)
    instance: Mapped[str] = mapped_column(String(200))
    agent: Mapped[str] = mapped_column(String(200))
    repeat: Mapped[int] = mapped_column(default=0)
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending | running | done | error
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
    """Thin access layer; every write is one short transaction so a kill never leaves half a result."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url, connect_args={"timeout": 60} if url.startswith("sqlite") else {})
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._create_tables()
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def _create_tables(self) -> None:
        # Two processes may open a new store at once (a job and `worktrial jobs`); the loser retries.
        for attempt in range(5):
            try:
                Base.metadata.create_all(self.engine)
                self._add_missing_columns()
                return
            except OperationalError:
                if attempt == 4:
                    raise
                time.sleep(0.1 * (attempt + 1))

    def _add_missing_columns(self) -> None:
        """A store made before a column existed gets it here (no migration tooling yet); old rows read NULL."""
        have = {c["name"] for c in inspect(self.engine).get_columns("trials")}
        if "meta" not in have:
            with self.engine.begin() as conn:
                conn.execute(text("ALTER TABLE trials ADD COLUMN meta JSON"))

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._session.begin() as s:
            yield s

    def create_job(self, job_id: str, config: dict[str, Any], trials: list[TrialRow]) -> None:
        with self.session() as s:
            s.add(JobRow(id=job_id, config=json.loads(json.dumps(config))))
            s.add_all(trials)

    def job(self, job_id: str) -> JobRow | None:
        with self.session() as s:
            return s.get(JobRow, job_id)

    def jobs(self) -> list[JobRow]:
        with self.session() as s:
            return list(s.scalars(select(JobRow).order_by(JobRow.created)))

    def trials(self, job_id: str) -> list[TrialRow]:
        with self.session() as s:
            return list(s.scalars(select(TrialRow).where(TrialRow.job_id == job_id).order_by(TrialRow.id)))

    def trial(self, trial_id: str) -> TrialRow:
        with self.session() as s:
            return s.get_one(TrialRow, trial_id)

    def start_trial(self, trial_id: str, run_dir: str) -> int:
        """Mark running and bump the attempt number; returns the new attempt."""
        with self.session() as s:
            row = s.get_one(TrialRow, trial_id)
            row.attempt += 1
            row.status, row.run_dir, row.started = "running", run_dir, _now()
            row.score = row.solved = row.uplift = row.contact_cost = row.scorecard = row.error = None
            row.incidents = []
            return row.attempt

    def finish_trial(self, trial_id: str, card: dict[str, Any], run_dir: str) -> None:
        with self.session() as s:
            row = s.get_one(TrialRow, trial_id)
            row.status = card["status"]
            row.run_dir = run_dir
            row.scorecard = card
            row.error = card.get("error")
            row.content_hash = card.get("content_hash", "")
            row.finished = _now()
            if card["status"] == "done":
                row.score, row.solved = card["score"], card["solved"]
                row.uplift, row.contact_cost = card.get("uplift"), card.get("contact_cost")
                row.incidents = card.get("incidents", [])

    def finish_job(self, job_id: str) -> None:
        with self.session() as s:
            s.get_one(JobRow, job_id).status = "finished"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.close()
