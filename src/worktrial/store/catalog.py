"""What the web app's administrators did to the catalog, in the store: families moved between the public and the
private pool, and family uploads with their lint and validate results.

A family's pool is its task.toml `visibility` until an administrator moves it; every move is kept, so a board can
say which rotation of the pools it was computed on (`revision`).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import ForeignKey, String, Text, func, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from .db import Base, Store

POOLS = ("public", "private")
# An upload's life: checked and unpacked, then `lint`, then `validate`, then published (or stopped at a failure).
UPLOAD_STATES = ("linting", "validating", "validated", "failed", "published")


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class PoolMoveRow(Base):
    __tablename__ = "pool_moves"
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    family: Mapped[str] = mapped_column(String(128), index=True)
    pool: Mapped[str] = mapped_column(String(16))
    moved: Mapped[datetime] = mapped_column(default=_now)
    moved_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)


class UploadRow(Base):
    __tablename__ = "family_uploads"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    family: Mapped[str] = mapped_column(String(128), index=True)
    uploader: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    created: Mapped[datetime] = mapped_column(default=_now)
    sha256: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(String(16))
    report: Mapped[str] = mapped_column(Text, default="")


class CatalogRecords:
    """The store's record of pool moves and family uploads."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ pools

    def move(self, family: str, pool: str, user_id: int | None) -> None:
        if pool not in POOLS:
            raise ValueError(f"unknown pool {pool!r}: one of {', '.join(POOLS)}")
        self.store._write(lambda s: s.add(PoolMoveRow(family=family, pool=pool, moved_by=user_id)))

    def pools(self) -> dict[str, str]:
        """Each moved family's pool now (its latest move)."""
        with self.store.session() as s:
            return {row.family: row.pool for row in s.scalars(select(PoolMoveRow).order_by(PoolMoveRow.id))}

    def revision(self) -> int:
        """How many moves have been made: 0 while every family is where its task.toml puts it."""
        with self.store.session() as s:
            return int(s.scalar(select(func.count()).select_from(PoolMoveRow)) or 0)

    # ------------------------------------------------------------------ uploads

    def add_upload(self, upload_id: str, family: str, uploader: int | None, sha256: str) -> None:
        row = UploadRow(id=upload_id, family=family, uploader=uploader, sha256=sha256, state="linting", report="")
        self.store._write(lambda s: s.add(row))

    def set_upload(self, upload_id: str, state: str, report: str | None = None) -> None:
        if state not in UPLOAD_STATES:
            raise ValueError(f"unknown upload state {state!r}")

        def put(s: Session) -> None:
            row = s.get_one(UploadRow, upload_id)
            row.state = state
            if report is not None:
                row.report = report

        self.store._write(put)

    def upload(self, upload_id: str) -> UploadRow | None:
        with self.store.session() as s:
            return s.get(UploadRow, upload_id)

    def uploads(self) -> list[UploadRow]:
        with self.store.session() as s:
            return list(s.scalars(select(UploadRow).order_by(UploadRow.created.desc())))


__all__ = ["POOLS", "UPLOAD_STATES", "CatalogRecords", "PoolMoveRow", "UploadRow"]
