"""Locks and uid leases between real processes: exclusion, the holder's name, recovery when the holder is killed."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from worktrial.locking import FileLock, LockBusy, atomic_write_text, is_held, live_holder, private_dir, replace_dir
from worktrial.run import lease_uids
from worktrial.run.slots import uids_in_use

REPO = Path(__file__).resolve().parents[2]


@contextmanager
def holder(*args: str) -> Iterator[tuple[subprocess.Popen[str], dict[str, object]]]:
    """A child process holding a lock or a uid lease until the block ends (SIGKILL: no clean-up of its own)."""
    env = {**os.environ, "PYTHONPATH": f"{REPO / 'src'}{os.pathsep}{REPO}"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.run.holder", *args], stdout=subprocess.PIPE, text=True, env=env, cwd=REPO
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, "the holder process died before holding anything"
        yield proc, json.loads(line)
    finally:
        proc.kill()
        proc.wait()


def test_a_lock_excludes_other_processes_names_its_holder_and_dies_with_it(tmp_path: Path) -> None:
    path = tmp_path / "locks" / "x.lock"
    with holder("lock", str(path)) as (proc, _):
        assert is_held(path)
        who = live_holder(path)
        assert who is not None and who.pid == proc.pid and who.host == os.uname().nodename
        mine = FileLock(path)
        assert not mine.try_acquire()
        with pytest.raises(LockBusy, match=f"pid {proc.pid} on host"):
            mine.acquire(timeout_s=0.3)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        # The kernel dropped the dead holder's lock: nothing to clean up, and the old text is not believed.
        assert not is_held(path) and live_holder(path) is None
        mine.acquire(timeout_s=5)
        assert live_holder(path) is not None and live_holder(path).pid == os.getpid()  # type: ignore[union-attr]
        mine.release()
    assert path.exists()  # lock files are never deleted


def test_two_lock_objects_exclude_each_other_inside_one_process(tmp_path: Path) -> None:
    a, b = FileLock(tmp_path / "l"), FileLock(tmp_path / "l")
    assert a.try_acquire()
    assert not b.try_acquire()
    a.release()
    assert b.try_acquire()
    b.release()


@pytest.mark.skipif(os.geteuid() != 0, reason="sandbox uids are leased only as root")
def test_uid_leases_are_disjoint_across_processes_and_come_back_when_the_holder_dies(tmp_path: Path) -> None:
    locks = tmp_path / "uids"
    base = 300_000 + (os.getpid() % 1000) * 64  # away from uids other tests on this machine may lease
    with holder("uids", str(locks), "3", str(base)) as (proc, held):
        theirs = set(held["uids"])  # type: ignore[call-overload]
        assert len(theirs) == 3
        mine = lease_uids(3, locks, base=base, count=64)
        assert len(set(mine.uids)) == 3 and not theirs & set(mine.uids)
        proc.kill()
        proc.wait()
        again = lease_uids(6, locks, base=base, count=64)
        assert theirs <= set(again.uids)  # the dead holder's uids are free at once
        again.release()
        mine.release()


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None, reason="needs root and setpriv")
def test_a_uid_that_still_runs_processes_is_not_leased(tmp_path: Path) -> None:
    base = 310_000 + (os.getpid() % 1000) * 64
    squatter = subprocess.Popen(["setpriv", f"--reuid={base}", f"--regid={base}", "--clear-groups", "sleep", "30"])
    try:
        deadline = time.monotonic() + 10
        while base not in uids_in_use() and time.monotonic() < deadline:
            time.sleep(0.05)
        lease = lease_uids(2, tmp_path / "uids", base=base, count=64)
        assert base not in lease.uids and len(lease.uids) == 2
        lease.release()
    finally:
        squatter.kill()
        squatter.wait()


def test_atomic_writes_and_folder_replacement_leave_nothing_half_done(tmp_path: Path) -> None:
    target = tmp_path / "a" / "record.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two" and sorted(p.name for p in target.parent.iterdir()) == ["record.json"]
    first, second = private_dir(tmp_path, ".x-"), private_dir(tmp_path, ".x-")
    assert first != second  # never shared, whoever asks
    (first / "v").write_text("1")
    replace_dir(first, tmp_path / "entry")
    (second / "v").write_text("2")
    replace_dir(second, tmp_path / "entry")
    assert (tmp_path / "entry" / "v").read_text() == "2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "entry"]
