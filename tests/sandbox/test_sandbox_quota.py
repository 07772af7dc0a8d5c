"""Disk quotas (`Limits.disk_mb`): a command or session that fills its writable folders is stopped, with the reason."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from worktrial.sandbox import BwrapSandbox, ExecSpec, Limits, Mount, SessionSpec
from worktrial.sandbox.quota import disk_used

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
FILL = "i=0; while [ $i -lt 200 ]; do head -c 4000000 /dev/zero > {dir}/f$i; i=$((i+1)); sleep 0.01; done; echo done"


@pytest.fixture(scope="module")
def sandbox() -> BwrapSandbox:
    sb = BwrapSandbox()
    sb.check()
    return sb


def test_a_command_filling_its_workspace_is_stopped(sandbox: BwrapSandbox, tmp_path: Path) -> None:
    started = time.monotonic()
    spec = ExecSpec(["sh", "-c", FILL.format(dir=".")], tmp_path, limits=Limits(wall_s=60, disk_mb=40))
    result = sandbox.run(spec)
    assert time.monotonic() - started < 20
    assert not result.ok and "done" not in result.stdout
    assert result.stopped.startswith("disk quota exceeded") and "limit of 40 MB" in result.stopped
    assert disk_used([tmp_path]) < 800 << 20  # 200 × 4 MB were asked for


def test_a_writable_mount_counts_and_a_read_only_one_does_not(sandbox: BwrapSandbox, tmp_path: Path) -> None:
    ws, out, data = tmp_path / "ws", tmp_path / "out", tmp_path / "data"
    for d in (ws, out, data):
        d.mkdir()
    (data / "big.bin").write_bytes(b"\1" * (30 << 20))  # larger than the quota, but not the command's to write
    data.chmod(0o755)
    (data / "big.bin").chmod(0o644)
    mounts = [Mount(out, "/out", writable=True), Mount(data, "/data")]
    fine = sandbox.run(ExecSpec(["sh", "-c", "cat /data/big.bin | wc -c"], ws, mounts=mounts,
                                limits=Limits(wall_s=30, disk_mb=20)))  # fmt: skip
    assert fine.ok and fine.stdout.strip() == str(30 << 20)
    full = sandbox.run(ExecSpec(["sh", "-c", FILL.format(dir="/out")], ws, mounts=mounts,
                                limits=Limits(wall_s=60, disk_mb=20)))  # fmt: skip
    assert "disk quota exceeded" in full.stopped and "done" not in full.stdout


def test_a_sparse_file_costs_what_it_holds(sandbox: BwrapSandbox, tmp_path: Path) -> None:
    code = "f = open('sparse', 'wb'); f.truncate(400 << 20); f.close(); print('ok')"
    result = sandbox.run(ExecSpec(["python3", "-c", code], tmp_path, limits=Limits(wall_s=30, disk_mb=20)))
    assert result.ok and not result.stopped, result


def test_a_session_past_its_quota_is_stopped_and_says_why(sandbox: BwrapSandbox, tmp_path: Path) -> None:
    session = sandbox.session(SessionSpec(workspace=tmp_path, limits=Limits(wall_s=60, disk_mb=30)))
    try:
        assert session.exec(["sh", "-c", "head -c 1000000 /dev/zero > small"], wall_s=10).ok
        assert session.stopped == ""
        filled = session.exec(["sh", "-c", FILL.format(dir=".")], wall_s=40)
        assert "done" not in filled.stdout
        deadline = time.monotonic() + 10
        while session.alive and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not session.alive and "disk quota exceeded" in session.stopped
        assert session.exec(["true"]).exit_code == 125  # ended: never an exception
    finally:
        session.close()
