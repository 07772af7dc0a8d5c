"""Store: SQLAlchemy models of jobs and trials, and the state folder layout."""

from .db import Base, JobRow, Store, TrialRow
from .home import Home

__all__ = ["Base", "Home", "JobRow", "Store", "TrialRow"]
