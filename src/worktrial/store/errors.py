"""Errors of the state folder and the store, worded for the person who has to fix them."""

from __future__ import annotations


class StoreError(RuntimeError):
    """The state folder or the store cannot be used: `where: reason (fix)`."""

    def __init__(self, where: str, reason: str, fix: str) -> None:
        super().__init__(f"{where}: {reason} ({fix})")
        self.where, self.reason, self.fix = where, reason, fix
