"""Store: SQLAlchemy models of jobs and trials, and the state folder layout.

The database layer is imported on first use: the state folder's layout (`Home`) is needed by quick commands
(`worktrial workspace exec`) that never open the store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import StoreError
from .home import Home

if TYPE_CHECKING:
    from .db import BUSY_TIMEOUT_S, Base, JobOverview, JobRow, Store, TrialRow

_DB = ("BUSY_TIMEOUT_S", "Base", "JobOverview", "JobRow", "Store", "TrialRow")


def __getattr__(name: str) -> Any:
    if name in _DB:
        from . import db

        return getattr(db, name)
    raise AttributeError(name)


__all__ = ["BUSY_TIMEOUT_S", "Base", "Home", "JobOverview", "JobRow", "Store", "StoreError", "TrialRow"]
