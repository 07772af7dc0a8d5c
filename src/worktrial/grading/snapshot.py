"""Hashed snapshots of a delivered workspace. Symlinks are kept as links, never followed."""

from __future__ import annotations

import hashlib
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

SKIP_DIRS = {"__pycache__"}


@dataclass(frozen=True)
class Snapshot:
    path: Path
    hash: str


def tree_hash(root: Path) -> str:
    """sha256 over relative paths, file bytes and link targets, in sorted order."""
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        base = Path(dirpath)
        for name in sorted(filenames + [d for d in dirnames if (base / d).is_symlink()]):
            p = base / name
            rel = p.relative_to(root).as_posix()
            if p.is_symlink():
                h.update(f"L\0{rel}\0{os.readlink(p)}\0".encode())
            elif p.is_file():
                h.update(f"F\0{rel}\0".encode())
                with p.open("rb") as f:
                    for chunk in iter(lambda: f.read(1 << 20), b""):
                        h.update(chunk)
    return h.hexdigest()


def take_snapshot(workspace: Path, dest: Path) -> Snapshot:
    """Copy the delivered workspace to `dest` (without caches) and hash the copy."""
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(workspace, dest, symlinks=True, ignore=shutil.ignore_patterns(*SKIP_DIRS))
    return Snapshot(dest, tree_hash(dest))


def copy_snapshot(snapshot: Path, dest: Path) -> None:
    shutil.copytree(snapshot, dest, symlinks=True)
