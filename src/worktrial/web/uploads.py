"""Family uploads: an administrator's `.tar.gz` is checked, unpacked, linted, validated and, once every anchor
holds, published into the server's suite of uploaded families.

The archive is untrusted until validated. It must hold exactly one top-level folder, named as a family id, with a
task.toml; only regular files and folders are unpacked (no links, devices, absolute paths or `..`), within bounds on
size and count. `lint` and `validate` run as separate `worktrial` processes over the unpacked copy (the family's
code runs only inside the sandbox, as for every family), and their output is the upload's report. Publishing
copies the validated folder into the served suite `<home>/suites/uploaded/<family>` under a temporary name and
renames it into place, so the catalog never sees half a family.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..locking.atomic import private_dir, replace_dir
from ..store.catalog import CatalogRecords, UploadRow

MAX_ARCHIVE_BYTES = 64 * 1024 * 1024
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
MAX_MEMBERS = 5000
MAX_REPORT_CHARS = 60_000
FAMILY_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
FIX = "pack one family folder: `tar czf NAME.tar.gz NAME` from the folder holding it"


class UploadError(ValueError):
    """An archive that cannot be taken; the message says what is wrong and how to fix it."""


@dataclass(frozen=True)
class Unpacked:
    family: str
    folder: Path  # the family folder inside the upload's private folder
    sha256: str


def _members(archive: tarfile.TarFile) -> tuple[str, list[tarfile.TarInfo]]:
    members: list[tarfile.TarInfo] = []
    total, tops = 0, set()
    for m in archive:
        if len(members) >= MAX_MEMBERS:
            raise UploadError(f"the archive has more than {MAX_MEMBERS} entries: {FIX}")
        name = m.name.removeprefix("./")
        parts = Path(name).parts
        if not name or name.startswith("/") or ".." in parts or "\\" in name or "\x00" in name:
            raise UploadError(f"the archive entry {m.name!r} leaves its folder: {FIX}")
        if not (m.isfile() or m.isdir()):
            raise UploadError(
                f"the archive entry {m.name!r} is a link or special file; only files and folders are taken"
            )
        total += m.size
        if total > MAX_UNPACKED_BYTES:
            raise UploadError(f"the archive unpacks to more than {MAX_UNPACKED_BYTES // 2**20} MiB")
        tops.add(parts[0])
        members.append(m)
    if len(tops) != 1:
        raise UploadError(f"the archive must hold exactly one top-level folder, not {sorted(tops) or 'none'}: {FIX}")
    (top,) = tops
    if not FAMILY_ID.match(top):
        raise UploadError(f"the top-level folder {top!r} is not a family id (lower-case letters, digits, _ and -)")
    if not any(m.isfile() and m.name.removeprefix("./") == f"{top}/task.toml" for m in members):
        raise UploadError(f"the archive has no {top}/task.toml: {FIX}")
    return top, members


def unpack(data: bytes, into: Path) -> Unpacked:
    """Check the archive and unpack it into the new private folder `into`; UploadError when it cannot be taken."""
    if len(data) > MAX_ARCHIVE_BYTES:
        raise UploadError(f"the archive is larger than {MAX_ARCHIVE_BYTES // 2**20} MiB")
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            family, members = _members(archive)
            into.mkdir(mode=0o700, parents=True)
            archive.extractall(into, members=members, filter="data")
    except (tarfile.TarError, EOFError, OSError, ValueError) as e:
        if isinstance(e, UploadError):
            raise
        raise UploadError(f"the file is not a readable .tar.gz ({e}): {FIX}") from None
    return Unpacked(family, into / family, hashlib.sha256(data).hexdigest())


def _run(argv: list[str], env: dict[str, str]) -> tuple[int, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", *argv], capture_output=True, text=True, env=env, timeout=3 * 3600
    )
    text = (proc.stdout + proc.stderr).strip()
    if len(text) > MAX_REPORT_CHARS:
        text = text[:MAX_REPORT_CHARS] + "\n… (cut)"
    return proc.returncode, text


def check(records: CatalogRecords, upload_id: str, folder: Path, home: Path, store_url: str) -> None:
    """Lint, then validate the unpacked family, recording each step's state and output."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    code, lint = _run(["lint", str(folder)], env)
    report = f"$ worktrial lint {folder.name}\n{lint or 'clean'}\n"
    if code != 0:
        records.set_upload(upload_id, "failed", report + "\nlint failed: fix the problems above and upload again")
        return
    records.set_upload(upload_id, "validating", report)
    code, validated = _run(["validate", str(folder), "--home", str(home), "--store", store_url], env)
    report += f"\n$ worktrial validate {folder.name}\n{validated}\n"
    if code != 0:
        records.set_upload(upload_id, "failed", report + "\nvalidate failed: an anchor does not hold (table above)")
        return
    records.set_upload(upload_id, "validated", report)


def check_in_background(run: Callable[[], None], records: CatalogRecords, upload_id: str) -> threading.Thread:
    def guarded() -> None:
        try:
            run()
        except Exception as e:  # the upload must end in a state, whatever broke
            records.set_upload(upload_id, "failed", f"the check could not run: {type(e).__name__}: {e}")

    thread = threading.Thread(target=guarded, name=f"upload-{upload_id}", daemon=True)
    thread.start()
    return thread


def publish(folder: Path, suite: Path) -> Path:
    """Copy the validated family folder into the served suite, atomically; an earlier version is replaced."""
    staging = private_dir(suite, f".{folder.name}.incoming-")
    shutil.copytree(folder, staging / folder.name, symlinks=True)
    target = suite / folder.name
    replace_dir(staging / folder.name, target)
    staging.rmdir()
    return target


__all__ = ["Unpacked", "UploadError", "UploadRow", "check", "check_in_background", "publish", "unpack"]
