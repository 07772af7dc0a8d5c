"""Tasks built from workplace sessions (the EnterpriseClawBench protocol): the archive schema, the gated funnel,
the offline reviewer and the families it writes."""

from .archive import ROLE_CLASSES, Archive, ArchiveError, ArchiveInfo, Session
from .build import STAGES, Decision, Funnel, build
from .model_review import ModelReviewer, ReviewUnavailable
from .review import OfflineReviewer, Reviewer

__all__ = [
    "ROLE_CLASSES",
    "STAGES",
    "Archive",
    "ArchiveError",
    "ArchiveInfo",
    "Decision",
    "Funnel",
    "ModelReviewer",
    "OfflineReviewer",
    "ReviewUnavailable",
    "Reviewer",
    "Session",
    "build",
]
