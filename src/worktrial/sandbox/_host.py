"""Host-side helpers of the bwrap backend: what to bind, path checks, ownership, bwrap's status."""

from __future__ import annotations

import errno
import json
import os
import posixpath
import sys
from pathlib import Path

from worktrial.sandbox.base import SandboxError

NOBODY = 65534
# What python3, sh, coreutils and sqlite3 read from /etc; Debian's python sitecustomize is in /etc/python3*.
_ETC = (
    "alternatives",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "nsswitch.conf",
    "fonts",
    "libreoffice",
)
HOSTS = "127.0.0.1\tlocalhost sandbox\n::1\tlocalhost ip6-localhost\n"


def system_binds() -> tuple[list[tuple[str, str]], list[str]]:
    """(symlink target, path) pairs for /bin-style links, and host paths to bind read-only as they are."""
    links: list[tuple[str, str]] = []
    binds = ["/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            links.append((os.readlink(top), top))
        elif os.path.isdir(top):
            binds.append(top)
    etc = [f"/etc/{name}" for name in _ETC] + sorted(str(p) for p in Path("/etc").glob("python3*"))
    binds += [path for path in etc if os.path.exists(path)]
    prefix = os.path.normpath(sys.base_prefix)
    # The running interpreter's own installation, so that it also works inside, unless /usr has it.
    if prefix != "/usr" and not prefix.startswith("/usr/") and os.path.isdir(prefix):
        binds.append(prefix)
    return links, binds


def server_python() -> str:
    """The interpreter that runs a session server: the system's, which every sandbox has."""
    for candidate in ("/usr/bin/python3", os.path.join(sys.base_prefix, "bin", "python3")):
        if os.access(candidate, os.X_OK):
            return candidate
    raise SandboxError("no python3 for the session server: install python3 (apt-get install python3)")


def passwd(uid: int, gid: int) -> tuple[str, str]:
    """Minimal /etc/passwd and /etc/group naming the sandbox user, instead of the host's user list."""
    users = ["root:x:0:0:root:/root:/usr/sbin/nologin", f"worker:x:{uid}:{gid}:worker:/tmp:/bin/sh"]
    groups = ["root:x:0:", f"worker:x:{gid}:"]
    if uid != NOBODY:
        users.append(f"nobody:x:{NOBODY}:{NOBODY}:nobody:/nonexistent:/usr/sbin/nologin")
    if gid != NOBODY:
        groups.append(f"nogroup:x:{NOBODY}:")
    return "\n".join(users) + "\n", "\n".join(groups) + "\n"


def existing(path: Path, what: str) -> Path:
    """`path` made absolute (bwrap does not run in our cwd), if it exists."""
    if not path.exists():
        raise SandboxError(f"source for {what} does not exist: {path}")
    return path.absolute()


def mount_target(target: str) -> str:
    norm = posixpath.normpath(target)
    if not target.startswith("/") or norm != target or norm == "/":
        raise SandboxError(f"mount target must be a normalised absolute path below /: {target!r}")
    return target


def readonly_source(workspace: Path, rel: str) -> tuple[Path, str] | None:
    """(host path, sandbox path) of a read-only part of the workspace; None if it does not exist."""
    norm = posixpath.normpath(rel)
    if posixpath.isabs(norm) or norm == ".." or norm.startswith("../"):
        raise SandboxError(f"readonly path must be relative to the workspace: {rel!r}")
    sub = workspace / norm
    if not sub.exists() and not sub.is_symlink():
        return None
    # A symlink planted by an earlier command must not turn a host path into a mount source.
    if norm != "." and (sub.is_symlink() or not sub.resolve().is_relative_to(workspace.resolve())):
        raise SandboxError(f"readonly path is a symlink or leaves the workspace: {rel!r}")
    return sub, "/workspace" if norm == "." else f"/workspace/{norm}"


def chown_tree(root: Path, uid: int, gid: int) -> None:
    """Give the sandbox uid the tree; links are never followed, so nothing outside can be reached."""
    if len(root.resolve().parts) < 3:
        raise SandboxError(f"refusing to hand a top-level directory to the sandbox uid: {root}")

    def own(path: str) -> None:
        st = os.lstat(path)
        if st.st_uid != uid or st.st_gid != gid:
            os.chown(path, uid, gid, follow_symlinks=False)

    own(str(root))
    if root.is_symlink() or not root.is_dir():
        return
    # An explicit stack: os.walk recurses, and a worker can nest folders deeper than Python's recursion limit.
    # Paths longer than PATH_MAX can only have been made by the sandbox uid, so they already belong to it.
    stack = [str(root)]
    while stack:
        try:
            with os.scandir(stack.pop()) as entries:
                for entry in entries:
                    own(entry.path)
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
        except OSError as e:
            if e.errno != errno.ENAMETOOLONG:
                raise


def read_status(fd: int) -> dict[str, object]:
    """Merge the JSON documents bwrap wrote to --json-status-fd (every writer has exited by now)."""
    os.set_blocking(fd, False)
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    text = b"".join(chunks).decode("utf-8", errors="replace")
    merged: dict[str, object] = {}
    decoder = json.JSONDecoder()
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return merged
        try:
            doc, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError:
            return merged
        if isinstance(doc, dict):
            merged.update(doc)
