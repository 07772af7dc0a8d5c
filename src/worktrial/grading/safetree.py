"""Safe trees: walking and copying delivered folders without trusting anything in them.

Every copy and hash of delivered content goes through this module (the snapshot of a workspace, its copy into a
grading sandbox, `/out` before a grader reads it, a deliverable's `output/`, the copies renderers see):

- **Nothing is followed.** Each folder is opened component by component with `O_NOFOLLOW`; a symlink is read
  with `readlink` and then kept as a link or left out, never resolved.
- **No privilege survives.** Copies get plain modes (0755 for folders and executables, 0644 otherwise): setuid,
  setgid and sticky bits are dropped, and the copy belongs to whoever copies. Device files, FIFOs and sockets
  are left out without being opened.
- **Names are bytes.** A name that is not UTF-8 is carried as `os.fsdecode` gives it (surrogate escapes), so it
  round-trips to the same bytes; `display` makes it printable for evidence.
- **Bounded and iterative.** Depth, entry count and total bytes have limits, and the walk keeps its own stack, so
  a chain of 1,500 folders is cut at the depth limit instead of exhausting Python's. What exceeds a limit is left
  out and reported, never an exception.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_PRIVILEGE_BITS = stat.S_ISUID | stat.S_ISGID | stat.S_ISVTX
_CHUNK = 1 << 20
MAX_REPORTED = 200  # evidence keeps this many entries per list; the rest is counted

Kind = Literal["file", "dir", "symlink", "special"]


@dataclass(frozen=True)
class TreeLimits:
    """How much of a tree is walked; what lies beyond is left out and reported."""

    max_depth: int = 100
    max_entries: int = 200_000
    max_bytes: int = 4 << 30  # regular-file bytes of the whole tree
    max_file_bytes: int | None = None  # a larger file is left out


@dataclass(frozen=True)
class Node:
    rel: str  # "/"-separated path below the root, as os.fsdecode gives it
    kind: Kind
    mode: int
    size: int
    target: str = ""  # a symlink's target, never followed
    what: str = ""  # a special file's type: fifo, socket, character device, block device

    @property
    def name(self) -> str:
        return self.rel.rsplit("/", 1)[-1]


@dataclass
class Visit:
    """One entry of a walk; `dir_fd` is its parent folder, open until the walk moves on."""

    node: Node
    dir_fd: int


@dataclass
class TreeReport:
    """What a walk left out (and why), and privilege bits a copy dropped."""

    skipped: list[str] = field(default_factory=list)
    stripped: list[str] = field(default_factory=list)
    files: int = 0
    bytes: int = 0
    _more: dict[str, int] = field(default_factory=dict)

    def skip(self, rel: str, why: str) -> None:
        self._add(self.skipped, "skipped", f"{display(rel) or '.'} ({why})")

    def strip(self, rel: str, mode: int) -> None:
        bits = [n for bit, n in ((stat.S_ISUID, "setuid"), (stat.S_ISGID, "setgid"), (stat.S_ISVTX, "sticky"))
                if mode & bit]  # fmt: skip
        self._add(self.stripped, "stripped", f"{display(rel)} ({', '.join(bits)} bit dropped)")

    def _add(self, items: list[str], key: str, text: str) -> None:
        if len(items) < MAX_REPORTED:
            items.append(text)
        else:
            self._more[key] = self._more.get(key, 0) + 1

    def evidence(self) -> list[str]:
        """One line per entry left out or changed, for the score card."""
        lines = [f"skipped {s}" for s in self.skipped] + [f"copied without privilege: {s}" for s in self.stripped]
        lines += [f"... and {n} more {key}" for key, n in self._more.items()]
        return lines


def display(rel: str) -> str:
    """A printable form of a name that may hold bytes that are not UTF-8 (shown as \\xNN)."""
    return rel.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _special(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    return "special file"


def _open_dir(root_fd: int, rel: str) -> int:
    """The folder `rel` below `root_fd`, opened one component at a time, never through a link."""
    fd = os.dup(root_fd)
    try:
        for part in rel.split("/") if rel else []:
            child = os.open(part, _DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def is_real_dir(path: Path) -> bool:
    """True for a folder that is not a symlink (nor reached through one at its last component)."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def walk(
    root: Path,
    limits: TreeLimits | None = None,
    report: TreeReport | None = None,
    skip_dirs: frozenset[str] = frozenset(),
) -> Iterator[Visit]:
    """Every entry below `root` (which must be a real folder), a folder before its contents, names sorted as bytes.

    Entries beyond the limits are reported and not visited. Folders named in `skip_dirs` are passed over silently.
    """
    limits = limits or TreeLimits()
    report = report if report is not None else TreeReport()
    root_fd = os.open(root, _DIR_FLAGS)
    try:
        pending: list[tuple[str, int]] = [("", 0)]
        entries = total = 0
        while pending:
            rel_dir, depth = pending.pop()
            try:
                fd = _open_dir(root_fd, rel_dir)
            except OSError as e:
                report.skip(rel_dir, f"cannot be opened: {e.strerror}")
                continue
            try:
                subdirs: list[str] = []
                for name in sorted(os.listdir(fd), key=os.fsencode):
                    rel = f"{rel_dir}/{name}" if rel_dir else name
                    if entries >= limits.max_entries:
                        report.skip(
                            rel_dir, f"more than {limits.max_entries} entries in the tree: the rest is left out"
                        )
                        return
                    try:
                        st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                    except OSError as e:
                        report.skip(rel, f"cannot be read: {e.strerror}")
                        continue
                    mode = st.st_mode
                    if stat.S_ISDIR(mode):
                        if name in skip_dirs:
                            continue
                        if depth + 1 > limits.max_depth:
                            report.skip(rel, f"deeper than {limits.max_depth} levels: left out with its contents")
                            continue
                        entries += 1
                        subdirs.append(rel)
                        yield Visit(Node(rel, "dir", mode, 0), fd)
                    elif stat.S_ISREG(mode):
                        if limits.max_file_bytes is not None and st.st_size > limits.max_file_bytes:
                            report.skip(rel, f"{st.st_size} bytes, over the limit of {limits.max_file_bytes}")
                            continue
                        if total + st.st_size > limits.max_bytes:
                            report.skip(rel, f"over the limit of {limits.max_bytes} bytes for the whole tree")
                            continue
                        entries += 1
                        total += st.st_size
                        yield Visit(Node(rel, "file", mode, st.st_size), fd)
                    elif stat.S_ISLNK(mode):
                        entries += 1
                        yield Visit(Node(rel, "symlink", mode, 0, target=os.readlink(name, dir_fd=fd)), fd)
                    else:
                        entries += 1
                        yield Visit(Node(rel, "special", mode, 0, what=_special(mode)), fd)
                pending.extend((d, depth + 1) for d in reversed(subdirs))
            finally:
                os.close(fd)
    finally:
        os.close(root_fd)


def open_file(visit: Visit) -> int:
    """A read-only descriptor of the visited regular file; OSError if it changed into anything else."""
    fd = os.open(visit.node.name, _FILE_FLAGS, dir_fd=visit.dir_fd)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(f"{display(visit.node.rel)} is no longer a regular file")
    return fd


def read_chunks(fd: int, limit: int) -> Iterator[bytes]:
    """At most `limit` bytes of `fd`, in chunks (a file that grew since it was listed is cut there)."""
    left = limit
    while left > 0:
        chunk = os.read(fd, min(_CHUNK, left))
        if not chunk:
            return
        left -= len(chunk)
        yield chunk


def plain_mode(mode: int, kind: Kind) -> int:
    return 0o755 if kind == "dir" or mode & 0o111 else 0o644


def copy_tree(
    src: Path,
    dest: Path,
    limits: TreeLimits | None = None,
    *,
    keep_links: bool = True,
    skip_dirs: frozenset[str] = frozenset(),
) -> TreeReport:
    """Copy `src` into the new folder `dest` under the rules above; returns what was left out or changed.

    With `keep_links` symlinks are copied as links (their targets unchanged, never resolved); without, they are
    left out and reported. A `src` that is missing, a link or not a folder gives an empty `dest` and a report.
    """
    report = TreeReport()
    dest.mkdir(parents=True)
    os.chmod(dest, 0o755)
    if not is_real_dir(src):
        report.skip(".", f"{src.name}/ is missing or not a real folder")
        return report
    for visit in walk(src, limits, report, skip_dirs):
        node = visit.node
        if node.kind == "symlink" and not keep_links:
            report.skip(node.rel, f"symlink -> {display(node.target)}, not followed")
        elif node.kind == "special":
            report.skip(node.rel, f"{node.what}, never opened")
        else:
            try:
                _copy_entry(visit, dest / node.rel, report)
            except OSError as e:  # e.g. a path longer than the system allows
                report.skip(node.rel, f"cannot be copied: {e.strerror or e}")
    return report


def _copy_entry(visit: Visit, target: Path, report: TreeReport) -> None:
    node = visit.node
    if node.mode & _PRIVILEGE_BITS and node.kind != "symlink":
        report.strip(node.rel, node.mode)
    if node.kind == "dir":
        os.mkdir(target, 0o755)
        os.chmod(target, 0o755)
    elif node.kind == "file":
        _copy_file(visit, target, report)
    else:
        os.symlink(node.target, target)


def _copy_file(visit: Visit, target: Path, report: TreeReport) -> None:
    node = visit.node
    try:
        src_fd = open_file(visit)
    except OSError as e:
        report.skip(node.rel, f"cannot be read: {e.strerror or e}")
        return
    try:
        mode = plain_mode(node.mode, "file")
        out_fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
        try:
            for chunk in read_chunks(src_fd, node.size):
                view = memoryview(chunk)
                while view:
                    view = view[os.write(out_fd, view) :]
                report.bytes += len(chunk)
            os.fchmod(out_fd, mode)
        finally:
            os.close(out_fd)
        report.files += 1
    finally:
        os.close(src_fd)


def remove_tree(path: Path) -> None:
    """Delete `path` and everything below it without recursion and without following a link.

    Each folder's subfolders are first moved up to the top level under fresh names, so the walk never goes
    deeper than one level, however deep the tree was.
    """
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISDIR(mode):
        os.unlink(path)
        return
    root_fd = os.open(path, _DIR_FLAGS)
    try:
        taken = set(os.listdir(root_fd))
        pending, serial = [""], 0
        while pending:
            rel = pending.pop()
            fd = _open_dir(root_fd, rel)
            try:
                with contextlib.suppress(OSError):
                    os.fchmod(fd, 0o700)  # a folder its owner made read-only must still be emptied
                for name in os.listdir(fd):
                    if stat.S_ISDIR(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode):
                        while f".rm{serial}" in taken:
                            serial += 1
                        flat = f".rm{serial}"
                        taken.add(flat)
                        os.rename(name, flat, src_dir_fd=fd, dst_dir_fd=root_fd)
                        pending.append(flat)
                    else:
                        os.unlink(name, dir_fd=fd)
            finally:
                os.close(fd)
            if rel:
                os.rmdir(rel, dir_fd=root_fd)
    finally:
        os.close(root_fd)
    os.rmdir(path)
