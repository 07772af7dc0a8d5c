"""SIGKILL a running job at several moments, resume it, and compare with an uninterrupted job."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from worktrial.store import Home, Store

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")

AGENTS = ["--agent", "noop", "--agent", "reference", "--agent", "shortcut:guess", "--agent", "literal"]


def _cmd(suite: Path, home: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "worktrial.cli",
        "run",
        "--suite",
        str(suite),
        "--home",
        str(home),
        "--level",
        "L3",
        "--concurrency",
        "2",
        "--repeats",
        "2",
        *AGENTS,
        *extra,
    ]


def _results(home: Path) -> dict[tuple[str, str, int], tuple[str, float | None]]:
    store = Store(Home(home).db_url)
    [job] = store.jobs()
    return {(t.instance, t.agent, t.repeat): (t.status, t.score) for t in store.trials(job.id)}


def _wait_for_a_started_trial(home: Path, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if (home / "worktrial.db").exists():
            store = Store(Home(home).db_url)
            jobs = store.jobs()
            if jobs and any(t.status != "pending" for t in store.trials(jobs[0].id)):
                return
        time.sleep(0.05)


def test_sigkill_then_resume_matches_uninterrupted(tiny_suite: Path, tmp_path: Path) -> None:
    full = tmp_path / "full"
    done = subprocess.run(_cmd(tiny_suite, full), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    expected = _results(full)
    assert len(expected) == 2 * 4 * 2 and all(s == "done" for s, _ in expected.values())

    killed = 0
    for delay in (0.0, 0.7):
        home = tmp_path / f"killed-{delay}"
        proc = subprocess.Popen(
            _cmd(tiny_suite, home),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        _wait_for_a_started_trial(home, proc)
        time.sleep(delay)
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:  # on a very loaded machine the job can finish first: nothing to resume
            proc.wait()
            continue
        proc.wait()
        killed += 1
        store = Store(Home(home).db_url)
        [job] = store.jobs()
        before = {t.id: t.status for t in store.trials(job.id)}
        assert any(s != "done" for s in before.values()), "the job finished before it could be killed"
        resumed = subprocess.run(
            [sys.executable, "-m", "worktrial.cli", "run", "--home", str(home), "--resume", job.id],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert resumed.returncode == 0, resumed.stderr
        assert _results(home) == expected
        assert "reference" in resumed.stdout  # the summary table
    assert killed >= 1, "no job could be killed while running"
