"""Coordination between worktrial processes that share a state folder or a machine: file locks that die with
their process, and writes that readers never see half done."""

from .atomic import atomic_write_text, private_dir, remove_leftovers, replace_dir
from .flock import FileLock, Holder, LockBusy, is_held, live_holder

__all__ = [
    "FileLock",
    "Holder",
    "LockBusy",
    "atomic_write_text",
    "is_held",
    "live_holder",
    "private_dir",
    "remove_leftovers",
    "replace_dir",
]
