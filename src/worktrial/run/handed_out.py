"""What the worker was handed: a record of the materialised workspace, kept in the attempt folder so that a viewer
can show what the worker changed.

`handed_out.json` lists every regular file (path, size, sha256); small files (≤ KEEP_BYTES each, KEEP_TOTAL
together) are also copied into `handed_out/`, so a changed text file can be shown as a line diff. The record is
written before the agent starts, from worktrial's own materialised tree (no worker has touched it yet).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

MANIFEST = "handed_out.json"
COPIES = "handed_out"
KEEP_BYTES = 256 * 1024
KEEP_TOTAL = 16 * 1024 * 1024


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def record_handed_out(workspace: Path, attempt_dir: Path) -> None:
    files: dict[str, dict[str, object]] = {}
    kept = 0
    for here, dirs, names in os.walk(workspace, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")  # as the delivered snapshot leaves them out
        for name in sorted(names):
            path = Path(here, name)
            if path.is_symlink() or not path.is_file():
                continue
            rel = str(path.relative_to(workspace))
            size = path.stat().st_size
            files[rel] = {"size": size, "sha256": file_sha256(path)}
            if size <= KEEP_BYTES and kept + size <= KEEP_TOTAL:
                target = attempt_dir / COPIES / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
                kept += size
    (attempt_dir / MANIFEST).write_text(json.dumps({"files": files}, indent=0, sort_keys=True), encoding="utf-8")


__all__ = ["COPIES", "MANIFEST", "file_sha256", "record_handed_out"]
