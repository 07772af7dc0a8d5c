"""The simulated clock inside sandboxes: `date`, `datetime.now()`, `time.time()` and file times show a chosen
time instead of the host's (docs/sandbox.md, "The clock inside").

A small preloaded library (`simclock.c`, built once per machine with the system C compiler) shifts wall-clock
time by an offset; monotonic clocks are untouched, so sleeps and timeouts are real. `LiveClock` keeps the offset
in a file the host rewrites when the world clock moves; `with_clock` starts every command at a fixed time.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from .base import ExecResult, ExecSpec, Mount, Sandbox, SandboxError
from .session import Session, SessionSpec

LIBRARY = "/opt/worktrial/simclock.so"
CLOCK_DIR = "/run/worktrial-clock"
CLOCK_FILE = f"{CLOCK_DIR}/offset"
_SOURCE = Path(__file__).with_name("simclock.c")
_CFLAGS = ["-O2", "-shared", "-fPIC", "-Wno-nonnull-compare", "-fno-delete-null-pointer-checks"]
_COMPILER_HINT = "install a C compiler: apt-get install gcc libc6-dev"
# Folders whose files keep their real times inside: the system and the interpreters, whose .pyc caches record
# the real mtimes of their sources (a shifted mtime would make Python recompile every module on every start).
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt/worktrial")
S = TypeVar("S", ExecSpec, SessionSpec)


def epoch(at: datetime) -> float:
    """Seconds since the epoch of a simulated time; simulated times carry no zone and are read as UTC."""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).timestamp()


@lru_cache(maxsize=1)
def clock_library() -> Path:
    """The preload library, compiled on first use into the user's cache (one file per source version)."""
    source = _SOURCE.read_bytes()
    digest = hashlib.sha256(source + " ".join(_CFLAGS).encode()).hexdigest()[:16]
    cache = Path(os.environ.get("WORKTRIAL_CACHE") or Path.home() / ".cache" / "worktrial") / "simclock"
    lib = cache / f"simclock-{digest}.so"
    if lib.is_file():
        return lib
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise SandboxError(f"the simulated clock needs a C compiler to build {_SOURCE.name}: {_COMPILER_HINT}")
    cache.mkdir(parents=True, exist_ok=True)
    tmp = cache / f".{lib.name}.{os.getpid()}.{threading.get_ident()}"
    built = subprocess.run(
        [compiler, *_CFLAGS, "-o", str(tmp), str(_SOURCE), "-ldl"], capture_output=True, text=True, check=False
    )
    if built.returncode != 0:
        tmp.unlink(missing_ok=True)
        raise SandboxError(f"cannot build the simulated clock ({_COMPILER_HINT}): {built.stderr.strip()[-1500:]}")
    tmp.chmod(0o644)  # the sandbox uid loads it
    os.replace(tmp, lib)
    return lib


def _clocked(spec: S, env: dict[str, str], mounts: list[Mount]) -> S:
    keep = [*_SYSTEM, sys.prefix, sys.base_prefix, *(m.target for m in spec.mounts if not m.writable)]
    base = {"LD_PRELOAD": LIBRARY, "TZ": "UTC", "WORKTRIAL_CLOCK_KEEP": ":".join(dict.fromkeys(keep)), **env}
    return replace(spec, env={**base, **spec.env}, mounts=[*spec.mounts, *mounts, Mount(clock_library(), LIBRARY)])


def fixed_clock(spec: S, at: datetime) -> S:
    """`spec` with its clock starting at `at` now (and running at the normal rate from there)."""
    offset = round((epoch(at) - time.time()) * 1e9)
    return _clocked(spec, {"WORKTRIAL_CLOCK_OFFSET": str(offset)}, [])


class LiveClock:
    """A clock file in `folder` that the host moves with `set`; sandboxes that mount it follow within 0.1 s.

    Between two moves the clock inside runs at the normal rate. It never runs backwards: when the world's time
    is behind what the sandbox already showed (more real time passed than simulated), the clock keeps running.
    """

    def __init__(self, folder: Path, start: datetime) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0o755)
        self._lock = threading.Lock()
        self._offset: int | None = None
        self.set(start)

    @property
    def path(self) -> Path:
        return self.folder / "offset"

    def set(self, at: datetime) -> None:
        offset = round((epoch(at) - time.time()) * 1e9)
        with self._lock:
            if self._offset is not None and offset <= self._offset:
                return
            self._offset = offset
            tmp = self.folder / ".offset.tmp"
            tmp.write_text(f"{offset}\n", encoding="ascii")
            tmp.chmod(0o644)
            os.replace(tmp, self.path)  # readers see the old or the new file, never half of one

    def apply(self, spec: S) -> S:
        return _clocked(spec, {"WORKTRIAL_CLOCK_FILE": CLOCK_FILE}, [Mount(self.folder, CLOCK_DIR)])


@dataclass
class WithClock:
    """Wraps a sandbox so that every command (or session) it starts sees the clock start at `at`."""

    inner: Sandbox
    at: datetime
    name: str = field(init=False)

    def __post_init__(self) -> None:
        self.name = self.inner.name

    def check(self) -> None:
        self.inner.check()

    def run(self, spec: ExecSpec) -> ExecResult:
        return self.inner.run(fixed_clock(spec, self.at))

    def session(self, spec: SessionSpec) -> Session:
        return self.inner.session(fixed_clock(spec, self.at))


def with_clock(sandbox: Sandbox, at: datetime) -> Sandbox:
    return WithClock(sandbox, at)
