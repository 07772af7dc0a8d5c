"""Whole trials where the task's grader or the delivered system misbehaves: the task's faults void the trial with a
message naming the function; the worker's faults are the worker's score, with evidence; grading always ends."""

from __future__ import annotations

import asyncio
import os
import shutil
import stat
import time
from pathlib import Path

import pytest

from worktrial.grading import ScoreCard
from worktrial.run import AnchorCache, TrialContext, TrialSpec, ensure_anchors, run_trial
from worktrial.sandbox import get_sandbox
from worktrial.store import Home
from worktrial.tasks import load_family

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")

# The fixture's grader, misbehaving on demand: `mode.txt` in the delivered workspace says how.
MODES = """

def _mode(ctx):
    path = ctx.workspace / "mode.txt"
    return path.read_text().strip() if path.is_file() else ""


_kpi = kpi


def kpi(ctx):
    mode = _mode(ctx)
    if mode == "nan":
        return {"kpi": float("nan")}
    if mode == "exit":
        import sys
        sys.exit(0)
    if mode == "os_exit":
        import os
        os._exit(7)
    if mode == "loop":
        while True:
            pass
    if mode == "raise":
        raise KeyError("total")
    result = _kpi(ctx)
    result.setdefault("details", {})["seen"] = sorted(p.name for p in ctx.out_dir.iterdir())
    return result
"""


def shortcut(suite: Path, name: str, body: str) -> str:
    (suite / "tiny/hidden/solutions/shortcuts" / f"{name}.py").write_text(body)
    return f"shortcut:{name}"


def trial(suite: Path, tmp_path: Path, agent: str) -> ScoreCard:
    home = Home(tmp_path / "home").ensure()
    inst = load_family(suite / "tiny").instance("base", "L3")
    ctx = TrialContext(get_sandbox("bwrap"), home.cache, AnchorCache(home.anchors))
    asyncio.run(ensure_anchors(inst, ctx))  # the job's anchor phase: the misbehaviour is the delivery's to trigger
    return asyncio.run(run_trial(TrialSpec("t", "j", inst, agent), ctx, tmp_path / "attempt"))


@pytest.fixture
def suite(tiny_suite: Path) -> Path:
    grader = tiny_suite / "tiny/hidden/grader.py"
    grader.write_text(grader.read_text() + MODES)
    toml = tiny_suite / "tiny/task.toml"
    toml.write_text(
        toml.read_text().replace("[grader]\n", "[grader]\nbudget_s = 12\n").replace("timeout_s = 20", "timeout_s = 4")
    )
    return tiny_suite


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("nan", "hidden/grader.py:kpi() returned kpi=nan"),
        ("exit", "hidden/grader.py:kpi() called sys.exit(0)"),
        ("os_exit", "hidden/grader.py:kpi() ended the process (exit 7) without returning"),
        ("loop", "hidden/grader.py:kpi() did not finish within the task's grading budget (12 s"),
        ("raise", "hidden/grader.py:kpi() raised KeyError: 'total'"),
    ],
)
def test_a_misbehaving_grader_voids_the_trial_naming_the_function(
    suite: Path, tmp_path: Path, mode: str, message: str
) -> None:
    agent = shortcut(suite, "mode", f"open('mode.txt', 'w').write({mode!r})\n")
    started = time.monotonic()
    card = trial(suite, tmp_path, agent)
    assert card.status == "error" and card.score is None and card.error_kind == "task"
    assert card.error is not None and message in card.error, card.error
    assert time.monotonic() - started < 120


def test_out_links_and_fifos_never_reach_the_grader(suite: Path, tmp_path: Path) -> None:
    run_py = (
        "import os, sys\n"
        "out = os.path.dirname(sys.argv[2])\n"
        "os.symlink('/etc/shadow', sys.argv[2])\n"
        "os.mkfifo(os.path.join(out, 'pipe'))\n"
        "open(os.path.join(out, 'note.txt'), 'w').write('ran')\n"
    )
    agent = shortcut(suite, "out_links", f"open('system/run.py', 'w').write({run_py!r})\n")
    started = time.monotonic()
    card = trial(suite, tmp_path, agent)
    assert time.monotonic() - started < 120
    assert card.status == "done" and card.score is not None and card.score < 0  # no result: the worker's KPI
    assert card.details["grader"]["seen"] == ["note.txt"]
    assert card.details["grader"]["error"] == "no result"
    (left_out,) = [c for c in card.components if c.name == "delivery_left_out"]
    assert left_out.value is None and left_out.weight == 0
    assert "/out: skipped result.json (symlink -> /etc/shadow, not followed)" in left_out.evidence
    assert "/out: skipped pipe (fifo, never opened)" in left_out.evidence


def test_a_workspace_with_privilege_special_files_and_a_deep_chain_is_graded(suite: Path, tmp_path: Path) -> None:
    body = (
        "import json, os, shutil, socket\n"
        "shutil.copy('/bin/sh', 'system/sh')\n"
        "os.chmod('system/sh', 0o4755)\n"
        "os.mkfifo('system/pipe')\n"
        "socket.socket(socket.AF_UNIX).bind('system/sock')\n"
        "fd = os.open('docs', os.O_RDONLY)\n"
        "for _ in range(1500):\n"
        "    os.mkdir('d', dir_fd=fd)\n"
        "    fd2 = os.open('d', os.O_RDONLY, dir_fd=fd); os.close(fd); fd = fd2\n"
        "json.dump({'factor': 2}, open('system/config.json', 'w'))\n"
    )
    agent = shortcut(suite, "hostile_tree", body)
    card = trial(suite, tmp_path, agent)
    assert card.status == "done" and card.score is not None  # the worker's score, not a void
    snapshot = tmp_path / "attempt" / "delivered"
    copied = snapshot / "system" / "sh"
    assert copied.is_file() and not copied.stat().st_mode & (stat.S_ISUID | stat.S_ISGID)
    assert not os.path.lexists(snapshot / "system" / "pipe")
    (left_out,) = [c for c in card.components if c.name == "delivery_left_out"]
    for text in (
        "copied without privilege: system/sh (setuid bit dropped)",
        "skipped system/pipe (fifo, never opened)",
        "skipped system/sock (socket, never opened)",
        "levels: left out with its contents",
    ):
        assert text in left_out.evidence
    assert not (tmp_path / "attempt" / "workspace").exists()  # removed, however deep


def test_a_production_run_past_its_timeout_is_the_workers_score(suite: Path, tmp_path: Path) -> None:
    agent = shortcut(suite, "slow_system", "open('system/run.py', 'w').write('import time\\ntime.sleep(60)\\n')\n")
    started = time.monotonic()
    card = trial(suite, tmp_path, agent)
    assert time.monotonic() - started < 120
    assert card.status == "done" and card.score is not None and card.score < 0
    assert card.details["production_run"]["timed_out"] is True
