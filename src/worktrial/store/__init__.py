"""Store: SQLAlchemy models of jobs and trials, and the state folder layout."""

from .db import BUSY_TIMEOUT_S, Base, JobOverview, JobRow, Store, TrialRow
from .errors import StoreError
from .home import Home

__all__ = ["BUSY_TIMEOUT_S", "Base", "Home", "JobOverview", "JobRow", "Store", "StoreError", "TrialRow"]
