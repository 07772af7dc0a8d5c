"""The simulated clock inside sandboxes: wall clock and file times shifted, monotonic time and waits real."""

from __future__ import annotations

import json
import os
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest

from worktrial.sandbox import BwrapSandbox, ExecSpec, Limits, LiveClock, SessionSpec, epoch, with_clock

START = datetime(2026, 3, 2, 9, 0)


@pytest.fixture
def box() -> BwrapSandbox:
    sandbox = BwrapSandbox(uid=100_000 + os.getpid() % 1000 + 1)
    sandbox.check()
    return sandbox


def test_a_live_clock_moves_every_program_in_a_session(box: BwrapSandbox, trial: Path) -> None:
    clock = LiveClock(trial / "clock", START)
    session = box.session(clock.apply(SessionSpec(workspace=trial / "workspace", limits=Limits(wall_s=60))))
    try:
        dates = "date +%F; python3 -c 'import datetime, time; print(datetime.date.today()); print(time.time())'"
        first = session.exec(["sh", "-c", dates]).stdout.split()
        assert first[:2] == ["2026-03-02", "2026-03-02"]
        assert abs(float(first[2]) - epoch(START)) < 30
        # A program that is already running follows the clock file within a moment.
        watcher = (
            "import datetime, time\n"
            "seen = set()\n"
            "for _ in range(30):\n"
            "    seen.add(str(datetime.date.today())); time.sleep(0.1)\n"
            "print(sorted(seen))\n"
        )
        (trial / "workspace" / "watch.py").write_text(watcher)
        out: list[str] = []
        t = threading.Thread(target=lambda: out.append(session.exec(["python3", "watch.py"]).stdout))
        t.start()
        time.sleep(1.0)
        clock.set(datetime(2026, 3, 4, 9, 0))
        t.join()
        assert out == ["['2026-03-02', '2026-03-04']\n"]
        assert session.exec(["date", "+%F %H"]).stdout == "2026-03-04 09\n"
        # The clock never runs backwards, even when told to.
        clock.set(START)
        assert session.exec(["date", "+%F"]).stdout == "2026-03-04\n"
    finally:
        session.close()


def test_file_times_follow_the_clock_but_system_files_keep_theirs(box: BwrapSandbox, trial: Path) -> None:
    clock = LiveClock(trial / "clock", START)
    script = (
        "import json, os, datetime\n"
        "open('new.txt', 'w').write('x')\n"
        "os.utime('old.txt', (1700000000, 1700000000))\n"
        "handle = open('new.txt')\n"
        "print(json.dumps({'new': str(datetime.date.fromtimestamp(os.stat('new.txt').st_mtime)),\n"
        "                  'old': os.stat('old.txt').st_mtime, 'fd': os.fstat(handle.fileno()).st_mtime,\n"
        "                  'json': [json.__file__, os.stat(json.__file__).st_mtime],\n"
        "                  'env': os.stat('/usr/bin/env').st_mtime}))\n"
    )
    (trial / "workspace" / "old.txt").write_text("o")
    spec = clock.apply(ExecSpec(["sh", "-c", f"python3 -c \"{script}\"; ls -l --time-style=+%F new.txt"],
                                workspace=trial / "workspace"))  # fmt: skip
    r = box.run(spec)
    assert r.ok, r.stderr
    first, listing = r.stdout.splitlines()
    seen = json.loads(first)
    assert seen["new"] == "2026-03-02" and " 2026-03-02 new.txt" in listing
    assert seen["old"] == 1700000000  # explicit times read back as they were set
    assert datetime.fromtimestamp(seen["fd"]).date() == START.date()
    # The host stored real times; system files and the interpreter's modules show their real ones.
    assert abs((trial / "workspace" / "new.txt").stat().st_mtime - time.time()) < 60
    assert seen["env"] == os.stat("/usr/bin/env").st_mtime
    module, mtime = seen["json"]
    assert mtime == os.stat(module).st_mtime  # so its .pyc stays valid and is not recompiled at every start


def test_waits_and_timeouts_stay_real(box: BwrapSandbox, trial: Path) -> None:
    code = (
        "import threading, time, subprocess, asyncio\n"
        "t = time.monotonic(); time.sleep(0.3); a = time.monotonic() - t\n"
        "t = time.monotonic(); threading.Event().wait(0.3); b = time.monotonic() - t\n"
        "t = time.monotonic(); asyncio.run(asyncio.sleep(0.3)); c = time.monotonic() - t\n"
        "t = time.monotonic()\n"
        "try: subprocess.run(['sleep', '5'], timeout=0.3)\n"
        "except subprocess.TimeoutExpired: pass\n"
        "d = time.monotonic() - t\n"
        "t0 = time.time(); time.sleep(0.2); e = time.time() - t0\n"
        "print(' '.join(f'{x:.1f}' for x in (a, b, c, d, e)))\n"
    )
    r = with_clock(box, START).run(ExecSpec(["python3", "-c", code], workspace=trial / "workspace"))
    assert r.ok, r.stderr
    assert [float(x) for x in r.stdout.split()] == pytest.approx([0.3, 0.3, 0.3, 0.3, 0.2], abs=0.25)


def test_a_fixed_clock_starts_every_run_at_its_time(box: BwrapSandbox, trial: Path) -> None:
    clocked = with_clock(box, datetime(2025, 1, 31, 23, 59))
    out = clocked.run(ExecSpec(["date", "+%F %H:%M"], workspace=trial / "workspace")).stdout
    assert out in ("2025-01-31 23:59\n", "2025-02-01 00:00\n")


def test_live_clock_file_is_written_whole_and_only_forward(tmp_path: Path) -> None:
    clock = LiveClock(tmp_path / "c", START)
    first = int(clock.path.read_text())
    assert abs(first / 1e9 - (epoch(START) - time.time())) < 5
    clock.set(datetime(2026, 3, 1))
    assert int(clock.path.read_text()) == first
    clock.set(datetime(2026, 3, 5, 9, 0))
    assert int(clock.path.read_text()) - first == pytest.approx(3 * 86400e9, rel=1e-4)
    assert oct(clock.path.stat().st_mode & 0o777) == "0o644" and not list(tmp_path.glob("c/.*"))
