"""Files and folders that appear whole or not at all, and scratch folders no other process shares."""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from pathlib import Path


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to a private temporary file next to `path`, flush it to disk, then rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def private_dir(parent: Path, prefix: str) -> Path:
    """A new, empty folder under `parent` whose name no other process or thread can be given."""
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=prefix, dir=parent))


def replace_dir(ready: Path, dest: Path) -> None:
    """Move the finished folder `ready` to `dest`, first moving aside whatever `dest` holds.

    Callers hold the lock that guards `dest`; a reader that does not lock sees either the old folder, no folder,
    or the new one, never a half-written folder.
    """
    if dest.exists() or dest.is_symlink():
        trash = dest.with_name(f".{dest.name}.old-{secrets.token_hex(4)}")
        os.replace(dest, trash)
        shutil.rmtree(trash, ignore_errors=True)
    os.replace(ready, dest)


def remove_leftovers(parent: Path, prefix: str) -> None:
    """Delete what killed processes left under `parent` with names starting with `prefix` (their private folders).

    Only safe under the lock that every maker of such folders holds while it works: then none of them is in use.
    """
    if not parent.is_dir():
        return
    for entry in parent.iterdir():
        if entry.name.startswith(prefix):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
