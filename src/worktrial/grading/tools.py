"""External programs that open delivered content (LibreOffice, pdftoppm, pdftotext, Chromium), each confined.

Every run is a one-shot sandbox (`Sandbox.run`): no network, the sandbox's unprivileged uid, a private /tmp, its
input files mounted read-only, a scratch folder as /workspace, and limits on wall time, memory, processes and
file size. Results are taken back only as regular files read without following links (`harvest`), so a program
subverted by a hostile file can neither reach the network or the host's files nor hand a link back.

The sandbox is the one set with `using_sandbox(...)` for the grading under way (a trial's own sandbox, so its uid
and limits apply), else one bubblewrap sandbox for the process.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import threading
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from pathlib import Path

from ..sandbox import ExecResult, ExecSpec, Limits, Mount, Sandbox, SandboxError, get_sandbox
from .checks.files import FileProblem, read_bounded

_INSTALL = {
    "soffice": "apt-get install --no-install-recommends libreoffice-core libreoffice-calc libreoffice-writer "
    "libreoffice-impress",
    "pdftoppm": "apt-get install poppler-utils",
    "pdftotext": "apt-get install poppler-utils",
    "chromium": "apt-get install chromium",
}
_current: ContextVar[Sandbox | None] = ContextVar("worktrial_tool_sandbox", default=None)
_default: list[Sandbox] = []
_default_lock = threading.Lock()


class RenderError(RuntimeError):
    """A file could not be converted or rendered (the file's fault, or the program's limit)."""


class ToolMissing(RenderError):
    """A program is not installed, or its sandbox cannot run: an infrastructure problem, never a score."""


def find_tool(name: str, *alternatives: str) -> str:
    """The absolute path of the first program found on PATH; it must lie in a folder every sandbox shows."""
    for candidate in (name, *alternatives):
        found = shutil.which(candidate)
        if found:
            return os.path.realpath(found)
    raise ToolMissing(f"{name} not found on PATH: {_INSTALL.get(name, 'install it')}")


@contextlib.contextmanager
def using_sandbox(sandbox: Sandbox | None) -> Iterator[None]:
    """Run the programs of this grading in `sandbox` (None: the process-wide bubblewrap sandbox)."""
    token = _current.set(sandbox)
    try:
        yield
    finally:
        _current.reset(token)


def tool_sandbox() -> Sandbox:
    current = _current.get()
    if current is not None:
        return current
    with _default_lock:
        if not _default:
            _default.append(get_sandbox("bwrap"))
        return _default[0]


def etc(*names: str) -> list[Mount]:
    """Read-only mounts of host configuration folders a program needs (fonts, its own settings), where present."""
    return [Mount(Path(f"/etc/{n}"), f"/etc/{n}") for n in names if Path(f"/etc/{n}").is_dir()]


def run_tool(
    argv: list[str],
    *,
    workdir: Path,
    inputs: Sequence[Mount] = (),
    limits: Limits,
    env: dict[str, str] | None = None,
) -> ExecResult:
    """`argv` in a fresh sandbox with `workdir` as /workspace and `inputs` mounted; ToolMissing if it cannot run."""
    spec = ExecSpec(argv=argv, workspace=workdir, mounts=list(inputs), env=env or {}, limits=limits)
    try:
        return tool_sandbox().run(spec)
    except SandboxError as e:
        raise ToolMissing(f"the sandbox for {Path(argv[0]).name} failed: {e}") from e


def harvest(src: Path, dest: Path, pattern: str, max_bytes: int) -> list[Path]:
    """Regular files of `src` (not below it) whose names match `pattern`, copied into `dest`; links are ignored."""
    dest.mkdir(parents=True, exist_ok=True)
    rx = re.compile(pattern)
    taken = []
    try:
        names = sorted(os.listdir(src))
    except OSError:
        return []
    for name in names:
        if not rx.fullmatch(name) or not stat.S_ISREG(os.lstat(src / name).st_mode):
            continue
        try:
            data = read_bounded(src, name, max_bytes)
        except FileProblem:
            continue
        (dest / name).write_bytes(data)
        taken.append(dest / name)
    return taken


def last_line(result: ExecResult) -> str:
    lines = [ln for ln in result.stderr.strip().splitlines() if ln.strip()]
    return lines[-1][:200] if lines else "no message"
