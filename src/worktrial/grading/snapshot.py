"""Hashed snapshots of a delivered workspace, copied and hashed through the safe-tree rules (safetree.py).

The tree hash covers every path (as bytes), each regular file's content, each symlink's target and each special
file's name. Office files (xlsx, docx, pptx) are hashed by content rather than by their zip bytes: the member
names and the bytes of each member, in name order, with the creation and modification dates of
`docProps/core.xml` blanked, so two identical deliverables written at different times hash the same
(docs/scoring.md). An archive that cannot be read, or that would unzip past the limits, is hashed by its bytes.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import zipfile
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

from .checks.detect import office_kind
from .safetree import TreeLimits, TreeReport, Visit, copy_tree, is_real_dir, open_file, read_chunks, walk

SKIP_DIRS = frozenset({"__pycache__"})
OFFICE_MAX_BYTES = 64 << 20  # larger office files are hashed by their bytes
OFFICE_MAX_UNZIPPED = 256 << 20
OFFICE_MAX_MEMBERS = 20_000
_CORE_DATES = re.compile(rb"(<dcterms:(created|modified)\b[^>]*>)[^<]*(</dcterms:\2>)")


@dataclass(frozen=True)
class Snapshot:
    path: Path
    hash: str
    left_out: tuple[str, ...] = field(default=())  # entries skipped or changed by the copy (evidence)


def office_digest(data: bytes) -> bytes | None:
    """The content digest of an Office Open XML file, or None when `data` is not one that can be read safely."""
    try:
        with zipfile.ZipFile(BytesIO(data)) as archive:
            infos = [i for i in archive.infolist() if not i.is_dir()]
            if office_kind({i.filename for i in infos}) is None or len(infos) > OFFICE_MAX_MEMBERS:
                return None
            if sum(i.file_size for i in infos) > OFFICE_MAX_UNZIPPED:
                return None
            h = hashlib.sha256(b"office\0")
            for info in sorted(infos, key=lambda i: i.filename):
                body = archive.read(info)
                if info.filename == "docProps/core.xml":
                    body = _CORE_DATES.sub(rb"\1\3", body)
                name = info.filename.encode("utf-8", "surrogateescape")
                h.update(len(name).to_bytes(8, "big") + name + hashlib.sha256(body).digest())
            return h.digest()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError, NotImplementedError):
        return None


def _file_digest(visit: Visit) -> bytes:
    fd = open_file(visit)
    try:
        size = visit.node.size
        if size <= OFFICE_MAX_BYTES:
            data = b"".join(read_chunks(fd, size))
            if data.startswith(b"PK\x03\x04") and (digest := office_digest(data)) is not None:
                return digest
            return hashlib.sha256(data).digest()
        h = hashlib.sha256()
        for chunk in read_chunks(fd, size):
            h.update(chunk)
        return h.digest()
    finally:
        os.close(fd)


def tree_hash(root: Path, limits: TreeLimits | None = None) -> str:
    """sha256 over the tree below `root` (see the module text); an unreadable file counts by its name only."""
    h = hashlib.sha256()
    if not is_real_dir(root):
        return h.hexdigest()
    for visit in walk(root, limits, TreeReport(), SKIP_DIRS):
        node = visit.node
        rel = os.fsencode(node.rel)
        if node.kind == "file":
            try:
                digest = _file_digest(visit)
            except OSError:
                digest = b"unreadable"
            h.update(b"F\0" + rel + b"\0" + digest)
        elif node.kind == "symlink":
            h.update(b"L\0" + rel + b"\0" + os.fsencode(node.target) + b"\0")
        elif node.kind == "dir":
            h.update(b"D\0" + rel + b"\0")
        else:
            h.update(b"S\0" + rel + b"\0")
    return h.hexdigest()


def take_snapshot(workspace: Path, dest: Path, limits: TreeLimits | None = None) -> Snapshot:
    """Copy the delivered workspace to `dest` (without caches, links kept as links) and hash the copy."""
    if dest.exists():
        shutil.rmtree(dest)
    report = copy_tree(workspace, dest, limits, keep_links=True, skip_dirs=SKIP_DIRS)
    return Snapshot(dest, tree_hash(dest, limits), tuple(report.evidence()))


def copy_snapshot(snapshot: Path, dest: Path) -> TreeReport:
    return copy_tree(snapshot, dest, keep_links=True)
