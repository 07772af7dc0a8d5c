"""Running the `worktrial` command as a user does: a real subprocess of this interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from worktrial.store import Home, Store


def wt(*args: str, env: Mapping[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "worktrial.cli", *args], capture_output=True, text=True, timeout=timeout, env=full
    )


def popen(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "worktrial.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def clean(res: subprocess.CompletedProcess[str]) -> None:
    """A refusal a person can act on: exit 2, a message, no traceback."""
    assert res.returncode == 2, res.stdout + res.stderr
    assert res.stderr.strip() and "Traceback" not in res.stderr + res.stdout


def no_jobs(home: Path) -> bool:
    return not (home / "worktrial.db").exists() or not Store(Home(home).db_url).jobs()


def skip_without(tool: str) -> pytest.MarkDecorator:
    import shutil

    return pytest.mark.skipif(shutil.which(tool) is None, reason=f"{tool} is not installed")
