"""Alembic's entry point: migrate the connection `store/migrate.py` hands over, against the store's models."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from worktrial.store.db import Base

connection: Connection = context.config.attributes["connection"]
# Batch mode lets SQLite, which cannot alter a column in place, take the same migrations as PostgreSQL.
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
