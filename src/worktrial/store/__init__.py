"""Store: SQLAlchemy models of jobs and trials, their migrations, the store's URL and the state folder layout."""

from .db import BUSY_TIMEOUT_S, Base, JobOverview, JobRow, Store, TrialRow
from .errors import StoreError
from .home import Home
from .server_lock import ServerLock, holder
from .url import STORE_ENV, store_url

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
