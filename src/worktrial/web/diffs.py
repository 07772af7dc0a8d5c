"""What the worker changed: the delivered snapshot against the record of what was handed out (run/handed_out.py).

Files are compared by sha256; a changed file both of whose versions are small UTF-8 text is shown as a unified
diff, cut to MAX_DIFF_LINES. Nothing is followed through a link and nothing outside the attempt folder is read.
"""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..run.handed_out import COPIES, KEEP_BYTES, MANIFEST, file_sha256

MAX_DIFF_LINES = 400
MAX_CHANGES = 500


@dataclass(frozen=True)
class FileChange:
    path: str
    status: str  # added | removed | changed
    before: int | None  # sizes in bytes
    after: int | None
    diff: str = ""


def _delivered(root: Path) -> dict[str, Path]:
    out: dict[str, Path] = {}
    if not root.is_dir() or root.is_symlink():
        return out
    for here, dirs, names in os.walk(root, followlinks=False):
        dirs.sort()
        for name in sorted(names):
            p = Path(here, name)
            if not p.is_symlink() and p.is_file():
                out[str(p.relative_to(root))] = p
    return out


def _text(path: Path) -> list[str] | None:
    if path.is_symlink() or not path.is_file() or path.stat().st_size > KEEP_BYTES:
        return None
    try:
        return path.read_text(encoding="utf-8").splitlines(keepends=True)
    except (UnicodeDecodeError, OSError):
        return None


def _diff(rel: str, before: Path | None, after: Path) -> str:
    """The unified diff; `before` None for an added file."""
    old, new = ([] if before is None else _text(before)), _text(after)
    if old is None or new is None:
        return ""
    lines = list(difflib.unified_diff(old, new, f"handed out/{rel}", f"delivered/{rel}", n=2))
    if len(lines) > MAX_DIFF_LINES:
        lines = [*lines[:MAX_DIFF_LINES], f"… {len(lines) - MAX_DIFF_LINES} more lines\n"]
    return "".join(lines)


def workspace_changes(attempt: Path) -> list[FileChange] | None:
    """The changes, added and removed files first by path; None when the trial kept no record of what it handed out."""
    manifest = attempt / MANIFEST
    if manifest.is_symlink() or not manifest.is_file():
        return None
    handed = json.loads(manifest.read_text(encoding="utf-8")).get("files", {})
    delivered = _delivered(attempt / "delivered")
    out: list[FileChange] = []
    for rel in sorted(set(handed) | set(delivered)):
        if len(out) >= MAX_CHANGES:
            break
        was, now = handed.get(rel), delivered.get(rel)
        if was is None and now is not None:
            out.append(FileChange(rel, "added", None, now.stat().st_size, _diff(rel, None, now)))
        elif now is None and was is not None:
            out.append(FileChange(rel, "removed", int(was["size"]), None))
        elif was is not None and now is not None and file_sha256(now) != was["sha256"]:
            out.append(
                FileChange(
                    rel, "changed", int(was["size"]), now.stat().st_size, _diff(rel, attempt / COPIES / rel, now)
                )
            )
    return out


__all__ = ["FileChange", "workspace_changes"]
