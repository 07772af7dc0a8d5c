"""Reading a family's files: text and TOML as UTF-8, with every failure a `Problem` naming the file."""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .errors import Problem, TaskFormatError

SKIP_NAMES = {"__pycache__", ".DS_Store", ".pytest_cache"}


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise TaskFormatError([Problem(str(path), "", "file is missing", "create it")]) from None
    except IsADirectoryError:
        raise TaskFormatError([Problem(str(path), "", "is a folder, not a file", "make it a file")]) from None
    except OSError as e:
        raise TaskFormatError(
            [Problem(str(path), "", f"cannot be read: {e.strerror}", "fix its permissions")]
        ) from None


def decode(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise TaskFormatError(
            [Problem(str(path), f"line {line}", f"not UTF-8 text (byte {data[e.start]:#04x})", "save it as UTF-8")]
        ) from None


def read_text(path: Path) -> str:
    """The file as UTF-8 text; a missing, unreadable or non-UTF-8 file is a TaskFormatError naming it."""
    return decode(path, read_bytes(path))


def parse_toml(path: Path, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TaskFormatError([Problem(str(path), "", f"not valid TOML: {e}", "fix the TOML syntax")]) from None


def read_toml(path: Path) -> dict[str, Any]:
    return parse_toml(path, read_text(path))


def skipped(rel: Path) -> bool:
    """Caches and editor droppings, which are no part of a family."""
    return any(part in SKIP_NAMES for part in rel.parts) or rel.suffix == ".pyc"


def hash_files(h: hashlib._Hash, prefix: str, files: dict[str, Path]) -> None:
    """Feed `files` (relative path → path, as `walk_files` yields them) into `h` in their order: each path, then
    its content's sha256, `<link>` for a link, `<unreadable>` for a file that cannot be read."""
    for rel, p in files.items():
        h.update(f"\0{prefix}{rel}\0".encode())
        try:
            h.update(hashlib.sha256(p.read_bytes()).digest() if p.is_file() else b"<link>")
        except OSError:
            h.update(b"<unreadable>")


def walk_files(root: Path) -> Iterator[tuple[str, Path]]:
    """Yield (relative posix path, path) for every file and link under root, sorted, skipping caches.

    Links are yielded as they are and never followed, so a linked folder's content is not part of the tree.
    """
    if not root.is_dir() or root.is_symlink():
        return
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        if skipped(rel):
            continue
        if p.is_symlink() or p.is_file():
            yield rel.as_posix(), p
