"""Safe access to a delivered folder: globbing without following links, reading with size limits.

Nothing here follows a symbolic link: the tree is walked with `lstat`, a linked folder is never entered, a
linked file is never opened (`O_NOFOLLOW`), and a path through a link is reported as such. Files are read
whole into memory only below `max_file_bytes`, checked with `fstat` on the opened descriptor, so a huge or
sparse file is refused by its size before any byte is read.
"""

from __future__ import annotations

import os
import re
import stat
import zipfile
from dataclasses import dataclass, field
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Literal

from ..safetree import TreeLimits, TreeReport, copy_tree, is_real_dir, walk

MB = 1 << 20


class FileProblem(Exception):
    """Why a delivered file cannot be used; the message is the evidence shown to people."""


@dataclass(frozen=True)
class FileLimits:
    max_file_bytes: int = 50 * MB
    max_unzipped_bytes: int = 200 * MB
    max_zip_entries: int = 20_000
    max_tree_entries: int = 100_000
    max_copy_bytes: int = 500 * MB
    max_depth: int = 64

    def tree_limits(self) -> TreeLimits:
        return TreeLimits(max_depth=self.max_depth, max_entries=self.max_tree_entries)


EntryKind = Literal["file", "dir", "symlink", "other"]


@dataclass(frozen=True)
class Entry:
    rel: str
    kind: EntryKind
    size: int
    target: str = ""  # where a symlink points (never followed)


@dataclass(frozen=True)
class Matches:
    files: list[Entry]
    links: list[Entry]  # symlinks matching the pattern, or a linked folder the pattern reaches into
    others: list[Entry]  # sockets, fifos, devices

    def link_evidence(self) -> str:
        return "; ".join(f"symlink {e.rel} -> {e.target} (not followed)" for e in self.links)


@lru_cache(maxsize=256)
def glob_regex(pattern: str) -> re.Pattern[str]:
    """`*` within a folder, `?`, `[...]`, `**` any depth (`a/**/b` also matches `a/b`)."""
    pattern = pattern.strip()
    while pattern.startswith("./"):
        pattern = pattern[2:]
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[" and (end := pattern.find("]", i + 2)) != -1:
            body = pattern[i + 1 : end]
            body = "^" + body[1:] if body.startswith("!") else body
            out.append(f"[{body.replace(chr(92), chr(92) * 2)}]")
            i = end + 1
        else:
            out.append(re.escape(c))
            i += 1
    return re.compile("".join(out) + r"\Z", re.DOTALL)


def _probe_name(pattern: str) -> str:
    """A concrete name the last part of `pattern` could match, to ask whether a linked folder is in reach."""
    tail = pattern.rstrip("/").rsplit("/", 1)[-1]
    return re.sub(r"\[[^\]]*\]", "x", tail).replace("**", "x").replace("*", "x").replace("?", "x") or "x"


@dataclass
class Tree:
    """A folder of delivered (or reference) files, walked once, lazily."""

    root: Path
    limits: FileLimits = field(default_factory=FileLimits)
    _entries: dict[str, Entry] | None = None
    problem: str = ""  # set when the root itself is missing, a link, or the walk was cut short

    @property
    def entries(self) -> dict[str, Entry]:
        if self._entries is None:
            self._entries = self._walk()
        return self._entries

    def _walk(self) -> dict[str, Entry]:
        found: dict[str, Entry] = {}
        if not os.path.lexists(self.root):
            self.problem = f"folder {self.root.name}/ does not exist"
            return found
        if not is_real_dir(self.root):
            self.problem = f"{self.root.name}/ is not a real folder (a symlink or a file)"
            return found
        report = TreeReport()
        for visit in walk(self.root, self.limits.tree_limits(), report):
            node = visit.node
            kind: EntryKind = "other" if node.kind == "special" else node.kind
            found[node.rel] = Entry(node.rel, kind, node.size if kind == "file" else 0, node.target)
        if report.skipped:
            self.problem = "; ".join(report.skipped[:3]) + (" ..." if len(report.skipped) > 3 else "")
        return found

    def glob(self, pattern: str) -> Matches:
        rx = glob_regex(pattern)
        probe = _probe_name(pattern)
        files, links, others = [], [], []
        for rel, e in sorted(self.entries.items()):
            hit = rx.match(rel) is not None
            if e.kind == "file" and hit:
                files.append(e)
            elif e.kind == "symlink" and (hit or rx.match(f"{rel}/{probe}") or pattern.startswith(rel + "/")):
                links.append(e)
            elif e.kind == "other" and hit:
                others.append(e)
        return Matches(files, links, others)

    def one(self, path: str) -> Entry:
        """The single regular file `path` (or glob) names; FileProblem says why there is none."""
        m = self.glob(path)
        if m.links:
            raise FileProblem(m.link_evidence())
        if not m.files:
            extra = f" ({self.problem})" if self.problem else ""
            what = "not a regular file" if m.others else "missing"
            raise FileProblem(f"{path}: {what}{extra}")
        if len(m.files) > 1:
            names = ", ".join(e.rel for e in m.files[:5])
            raise FileProblem(f"{path}: {len(m.files)} files match ({names}); expected one")
        return m.files[0]

    def read(self, entry: Entry | str) -> bytes:
        rel = entry.rel if isinstance(entry, Entry) else entry
        return read_bounded(self.root, rel, self.limits.max_file_bytes)

    def read_one(self, path: str) -> tuple[Entry, bytes]:
        entry = self.one(path)
        return entry, self.read(entry)

    def copy_to(self, dest: Path) -> list[str]:
        """Copy the regular files (never links nor special files) into `dest`; returns what was left out and why."""
        limits = self.limits.tree_limits()
        limits = TreeLimits(
            limits.max_depth, limits.max_entries, self.limits.max_copy_bytes, self.limits.max_file_bytes
        )
        report = copy_tree(self.root, dest, limits, keep_links=False)
        return report.skipped


def human(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def read_bounded(root: Path, rel: str, limit: int) -> bytes:
    """The bytes of root/rel: never through a symlink (in any component), never more than `limit`."""
    parts = [p for p in rel.split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts) or not parts:
        raise FileProblem(f"{rel}: not a path inside the folder")
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    dir_flags = flags | getattr(os, "O_DIRECTORY", 0)
    fds: list[int] = []
    try:
        try:
            fds.append(os.open(root, dir_flags))
            for part in parts[:-1]:
                fds.append(os.open(part, dir_flags, dir_fd=fds[-1]))
            fd = os.open(parts[-1], flags, dir_fd=fds[-1])
        except OSError as e:
            if e.errno == 40:  # ELOOP: a symlink where O_NOFOLLOW forbids one
                raise FileProblem(f"{rel}: symlink (not followed)") from None
            raise FileProblem(f"{rel}: cannot open ({e.strerror})") from None
        fds.append(fd)
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(f"{rel}: not a regular file")
        if st.st_size > limit:
            raise FileProblem(f"{rel}: too large ({human(st.st_size)} > limit {human(limit)})")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileProblem(f"{rel}: grew past the limit of {human(limit)} while being read")
        return b"".join(chunks)
    finally:
        for fd in reversed(fds):
            os.close(fd)


def open_zip(data: bytes, rel: str, limits: FileLimits) -> zipfile.ZipFile:
    """A zip archive from bytes, refused when it would unzip to more than the limits allow (zip bombs)."""
    try:
        archive = zipfile.ZipFile(BytesIO(data))
    except zipfile.BadZipFile as e:
        raise FileProblem(f"{rel}: not a zip-based file ({e})") from None
    infos = archive.infolist()
    if len(infos) > limits.max_zip_entries:
        raise FileProblem(f"{rel}: {len(infos)} zip entries (limit {limits.max_zip_entries})")
    total = sum(i.file_size for i in infos)
    if total > limits.max_unzipped_bytes:
        raise FileProblem(f"{rel}: unzips to {human(total)} (limit {human(limits.max_unzipped_bytes)}): refused")
    return archive
