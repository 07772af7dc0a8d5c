"""The web app: catalog, run viewer, leaderboard and accounts (`worktrial serve`, docs/web.md)."""

from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
