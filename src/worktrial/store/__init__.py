"""Store: SQLAlchemy models of jobs and trials, their migrations, the store's URL and the state folder layout.

The database layer is imported on first use: the state folder's layout (`Home`) is needed by quick commands
(`worktrial workspace exec`) that never open the store.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import StoreError
from .home import Home

if TYPE_CHECKING:
    from .db import BUSY_TIMEOUT_S, Base, JobOverview, JobRow, Store, TrialRow
    from .server_lock import ServerLock, holder
    from .url import STORE_ENV, store_url

_LAZY = {
    "BUSY_TIMEOUT_S": "db",
    "Base": "db",
    "JobOverview": "db",
    "JobRow": "db",
    "Store": "db",
    "TrialRow": "db",
    "ServerLock": "server_lock",
    "holder": "server_lock",
    "STORE_ENV": "url",
    "store_url": "url",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(name)


__all__ = [
    "BUSY_TIMEOUT_S",
    "STORE_ENV",
    "Base",
    "Home",
    "JobOverview",
    "JobRow",
    "ServerLock",
    "Store",
    "StoreError",
    "TrialRow",
    "holder",
    "store_url",
]
