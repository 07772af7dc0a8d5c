"""A worker toolbox: the Python environment worktrial runs in, offered read-only inside every sandbox.

Deliverable work means reading and writing xlsx, docx, pptx and pdf files; the system's bare Python cannot.
worktrial's own environment already carries those libraries (openpyxl, python-docx, python-pptx, pypdf), so a
sandbox wrapped with a toolbox sees it at the same path, first on PATH: `python3` inside is that interpreter.
Nothing secret lives there — it is installed packages only.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from .base import ExecResult, ExecSpec, Mount, Sandbox
from .session import Session, SessionSpec

SANDBOX_PATH = "/workspace/bin:{bin}:/usr/local/bin:/usr/bin:/bin"
S = TypeVar("S", ExecSpec, SessionSpec)


def default_toolbox() -> Path | None:
    """The running virtual environment, if worktrial runs in one."""
    return Path(sys.prefix) if sys.prefix != sys.base_prefix else None


@dataclass
class WithToolbox:
    """Wraps a sandbox so every command also sees the toolbox environment (read-only, first on PATH)."""

    inner: Sandbox
    toolbox: Path
    name: str = field(init=False)

    def __post_init__(self) -> None:
        self.name = self.inner.name

    def check(self) -> None:
        self.inner.check()

    def run(self, spec: ExecSpec) -> ExecResult:
        return self.inner.run(self._add(spec))

    def session(self, spec: SessionSpec) -> Session:
        return self.inner.session(self._add(spec))

    def _add(self, spec: S) -> S:
        env = {"PATH": SANDBOX_PATH.format(bin=self.toolbox / "bin"), **spec.env}
        return replace(spec, env=env, mounts=[*spec.mounts, Mount(self.toolbox, str(self.toolbox))])


def with_toolbox(sandbox: Sandbox, toolbox: Path | None = None) -> Sandbox:
    box = toolbox or default_toolbox()
    return WithToolbox(sandbox, box) if box is not None else sandbox
