"""Accounts of the web app in the store: users, login sessions, invitations, and who owns or published a job.

The store keeps only hashes: of passwords (argon2, made by the web layer), of session tokens and of invitation
codes (SHA-256, so a copy of the database opens no session). A job without an access row was run from the command
line: only administrators see it until one of them publishes it.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import ForeignKey, String, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from .db import Base, JobRow, Store
from .errors import StoreError

ROLES = ("admin", "author", "user")
SESSION_TTL = timedelta(hours=12)


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class UserRow(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(16))
    created: Mapped[datetime] = mapped_column(default=_now)


class WebSessionRow(Base):
    __tablename__ = "web_sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(default=_now)
    expires: Mapped[datetime] = mapped_column()


class InviteRow(Base):
    __tablename__ = "invites"
    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    role: Mapped[str] = mapped_column(String(16))
    created: Mapped[datetime] = mapped_column(default=_now)
    used_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)


class JobAccessRow(Base):
    __tablename__ = "job_access"
    job_id: Mapped[str] = mapped_column(ForeignKey("jobs.id"), primary_key=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None, index=True)
    published: Mapped[bool] = mapped_column(default=False)


class AccountError(ValueError):
    """A request the accounts cannot grant (a taken name, an unknown role); the message says which."""


class Accounts:
    """The web app's view of the store's account tables."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ users

    def add_user(self, name: str, password_hash: str, role: str = "user") -> UserRow:
        if role not in ROLES:
            raise AccountError(f"unknown role {role!r}: one of {', '.join(ROLES)}")

        def add(s: Session) -> UserRow:
            row = UserRow(name=name, password_hash=password_hash, role=role)
            s.add(row)
            s.flush()
            return row

        try:
            return self.store._write(add)
        except StoreError as e:
            if isinstance(e.__cause__, IntegrityError) or "UNIQUE" in str(e).upper() or "unique" in str(e):
                raise AccountError(f"the name {name!r} is taken") from None
            raise

    def user(self, user_id: int) -> UserRow | None:
        with self.store.session() as s:
            return s.get(UserRow, user_id)

    def user_by_name(self, name: str) -> UserRow | None:
        with self.store.session() as s:
            return s.scalars(select(UserRow).where(UserRow.name == name)).first()

    def user_count(self) -> int:
        with self.store.session() as s:
            return int(s.scalar(select(func.count()).select_from(UserRow)) or 0)

    def set_password(self, user_id: int, password_hash: str) -> None:
        def change(s: Session) -> None:
            s.get_one(UserRow, user_id).password_hash = password_hash

        self.store._write(change)

    # ------------------------------------------------------------------ sessions

    def new_session(self, user_id: int, ttl: timedelta = SESSION_TTL) -> tuple[str, str]:
        """A login: (the token for the cookie, the session's CSRF token)."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)

        def add(s: Session) -> None:
            s.execute(delete(WebSessionRow).where(WebSessionRow.expires < _now()))
            s.add(WebSessionRow(token_hash=digest(token), user_id=user_id, csrf=csrf, expires=_now() + ttl))

        self.store._write(add)
        return token, csrf

    def session_user(self, token: str) -> tuple[UserRow, str] | None:
        """The user of a live session and its CSRF token; None for an unknown or expired token."""
        with self.store.session() as s:
            row = s.get(WebSessionRow, digest(token))
            if row is None or row.expires < _now():
                return None
            user = s.get(UserRow, row.user_id)
            return (user, row.csrf) if user is not None else None

    def end_session(self, token: str) -> None:
        self.store._write(lambda s: s.execute(delete(WebSessionRow).where(WebSessionRow.token_hash == digest(token))))

    # ------------------------------------------------------------------ invitations

    def new_invite(self, role: str = "user") -> str:
        if role not in ROLES:
            raise AccountError(f"unknown role {role!r}: one of {', '.join(ROLES)}")
        code = secrets.token_urlsafe(12)
        self.store._write(lambda s: s.add(InviteRow(code_hash=digest(code), role=role)))
        return code

    def open_invite(self, code: str) -> InviteRow | None:
        with self.store.session() as s:
            row = s.get(InviteRow, digest(code))
            return row if row is not None and row.used_by is None else None

    def use_invite(self, code: str, user_id: int) -> None:
        def use(s: Session) -> None:
            row = s.get(InviteRow, digest(code))
            if row is None or row.used_by is not None:
                raise AccountError("this invitation is unknown or already used")
            row.used_by = user_id

        self.store._write(use)

    # ------------------------------------------------------------------ jobs

    def own_job(self, job_id: str, owner_id: int | None, published: bool = False) -> None:
        def put(s: Session) -> None:
            row = s.get(JobAccessRow, job_id)
            if row is None:
                s.add(JobAccessRow(job_id=job_id, owner_id=owner_id, published=published))
            else:
                row.owner_id, row.published = owner_id, published

        self.store._write(put)

    def publish(self, job_id: str, published: bool = True) -> None:
        def put(s: Session) -> None:
            if s.get(JobRow, job_id) is None:
                raise AccountError(f"no job {job_id!r}")
            row = s.get(JobAccessRow, job_id)
            if row is None:
                s.add(JobAccessRow(job_id=job_id, owner_id=None, published=published))
            else:
                row.published = published

        self.store._write(put)

    def access(self) -> dict[str, JobAccessRow]:
        with self.store.session() as s:
            return {row.job_id: row for row in s.scalars(select(JobAccessRow))}

    def can_see(self, user: UserRow | None, job_id: str) -> bool:
        """Administrators see every job; others their own and published ones; nobody logged out sees any."""
        if user is None:
            return False
        if user.role == "admin":
            return True
        with self.store.session() as s:
            row = s.get(JobAccessRow, job_id)
        return row is not None and (row.published or row.owner_id == user.id)

    def visible_jobs(self, user: UserRow | None) -> list[str]:
        if user is None:
            return []
        jobs = [j.id for j in self.store.jobs()]
        if user.role == "admin":
            return jobs
        access = self.access()
        return [j for j in jobs if j in access and (access[j].published or access[j].owner_id == user.id)]
