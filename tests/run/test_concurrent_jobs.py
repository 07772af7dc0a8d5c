"""Many `worktrial` processes on one state folder: fresh jobs and racing resumes share anchors, data and the store
without corrupting any score, and a killed job shows as interrupted until it is resumed."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from worktrial.run import AnchorCache, job_owner
from worktrial.store import Home, Store
from worktrial.tasks import load_family

from .wtcli import popen, skip_without, wt

pytestmark = [skip_without("bwrap"), pytest.mark.slow]

AGENTS = ["--agent", "noop", "--agent", "reference", "--agent", "shortcut:guess", "--agent", "shortcut:whoami"]
WHOAMI = "import os, time\nprint('uid', os.getuid(), flush=True)\ntime.sleep(2)\n"


def _start(suite: Path, home: Path, repeats: int = 1) -> subprocess.Popen[str]:
    return popen(
        "run", "--suite", str(suite), "--home", str(home), "--level", "L3", "--concurrency", "2",
        "--repeats", str(repeats), *AGENTS,
    )  # fmt: skip


def _jobs(home: Path) -> dict[str, dict[str, object]]:
    res = wt("jobs", "--home", str(home), "--json")
    assert res.returncode == 0, res.stderr
    return {j["job"]: j for j in map(json.loads, res.stdout.splitlines())}


def _wait_started(home: Path, proc: subprocess.Popen[str]) -> str:
    """The id of the job `proc` runs (the job whose lock it holds), once one of its trials has started."""
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        if (home / "worktrial.db").exists():
            store = Store(Home(home).db_url)
            for job in store.jobs():
                owner = job_owner(store, job.id)
                mine = owner is not None and owner.pid == proc.pid
                if mine and any(t.status != "pending" for t in store.trials(job.id)):
                    return job.id
        time.sleep(0.2)
    raise AssertionError("the job never started a trial")


def _uid_intervals(home: Path) -> list[tuple[str, int, float, float]]:
    """(job, sandbox uid, start, end) of every whoami trial, from what the script printed in its sandbox."""
    out = []
    store = Store(Home(home).db_url)
    for job in store.jobs():
        for t in store.trials(job.id):
            if t.agent != "shortcut:whoami" or t.status != "done":
                continue
            events = [json.loads(x) for x in (Path(t.run_dir) / "trajectory.jsonl").read_text().splitlines()]
            printed = next(e["stdout"] for e in events if e["type"] == "tool_result")
            uid = int(re.search(r"uid (\d+)", printed).group(1))  # type: ignore[union-attr]
            assert t.started is not None and t.finished is not None
            out.append((job.id, uid, t.started.timestamp(), t.finished.timestamp()))
    return out


def test_concurrent_jobs_and_resumes_share_one_state_folder_safely(tiny_suite: Path, tmp_path: Path) -> None:
    (tiny_suite / "tiny/hidden/solutions/shortcuts/whoami.py").write_text(WHOAMI)
    shared, clean = tmp_path / "shared", tmp_path / "clean"

    # Four fresh jobs and a fifth, longer one that is killed mid-way, all at once on one empty state folder.
    procs = [_start(tiny_suite, shared) for _ in range(4)] + [_start(tiny_suite, shared, repeats=4)]
    victim = procs[-1]
    killed = _wait_started(shared, victim)
    os.killpg(victim.pid, signal.SIGKILL)
    victim.wait()
    assert _jobs(shared)[killed]["state"] in ("interrupted", "done")

    # Two resumes of the killed job race: one runs it, the other is refused with the owner's pid and host.
    racing = [popen("run", "--home", str(shared), "--resume", killed) for _ in range(2)]
    results = [(p.wait(timeout=900), *p.communicate()) for p in racing + procs[:-1]]
    resumes, fresh = results[:2], results[2:]
    for rc, _, stderr in fresh:
        assert rc == 0, stderr
    assert sorted(rc for rc, _, _ in resumes) == [0, 2], resumes
    refused = next(stderr for rc, _, stderr in resumes if rc == 2)
    owner = next(p for p, (rc, _, _) in zip(racing, resumes, strict=True) if rc == 0)
    assert f"job {killed} is being run by pid {owner.pid} on host {os.uname().nodename}" in refused
    assert "Traceback" not in refused

    # Every job is done; every trial counted once, with a score inside what the formula allows.
    store = Store(Home(shared).db_url)
    listing = _jobs(shared)
    assert len(listing) == 5 and {j["state"] for j in listing.values()} == {"done"}
    family = load_family(tiny_suite / "tiny")
    touched = set()
    for job in store.jobs():
        rows = store.trials(job.id)
        assert len(rows) == 2 * 4 * (4 if job.id == killed else 1)
        assert all(r.status == "done" for r in rows), [(r.id, r.error) for r in rows]
        for r in rows:
            touched.add(r.instance)
            assert r.score is not None and r.contact_cost is not None
            assert -1 - r.contact_cost - 1e-9 <= r.score <= 1.0, (r.id, r.score)
            if r.agent == "noop":
                assert r.score == 0.0, r.id
            if r.agent == "reference":
                assert r.score >= 0.95, (r.id, r.score)
    assert touched == {"tiny/base/L3", "tiny/double/L3"}

    # The anchors the racing processes cached equal those of a clean single-process run.
    res = wt("run", "--suite", str(tiny_suite), "--home", str(clean), "--level", "L3", "--agent", "noop")
    assert res.returncode == 0, res.stderr
    for inst_id in sorted(touched):
        _, variant, level = inst_id.split("/")
        inst = family.instance(variant, level)
        got, want = AnchorCache(Home(shared).anchors).read(inst), AnchorCache(Home(clean).anchors).read(inst)
        assert got is not None and want is not None
        assert (got.baseline, got.reference) == (want.baseline, want.reference), inst_id
        assert got.baseline_out is not None and want.baseline_out is not None
        assert (got.baseline_out / "result.json").read_bytes() == (want.baseline_out / "result.json").read_bytes()
    assert not [p for p in Home(shared).anchors.iterdir() if p.name.startswith(".")]  # no scratch left behind

    # As root every slot of every job ran as its own uid: trials of different jobs at the same time never share one.
    if os.geteuid() == 0:
        spans = _uid_intervals(shared)
        assert len(spans) >= 8
        for a in spans:
            for b in spans:
                if a[0] != b[0] and a[2] < b[3] and b[2] < a[3]:
                    assert a[1] != b[1], (a, b)


def test_a_killed_job_is_interrupted_not_running_and_resumes(tiny_suite: Path, tmp_path: Path) -> None:
    # A slow worker keeps the job running while `jobs` and a refused resume look at it.
    (tiny_suite / "tiny/hidden/solutions/shortcuts/slow.py").write_text("import time\ntime.sleep(45)\n")
    home = tmp_path / "home"
    proc = popen(
        "run", "--suite", str(tiny_suite), "--home", str(home), "--level", "L3", "--concurrency", "2",
        "--agent", "shortcut:slow", "--agent", "noop",
    )  # fmt: skip
    job = _wait_started(home, proc)
    live = _jobs(home)[job]
    assert live["state"] == "running" and live["owner"] == {"pid": proc.pid, "host": os.uname().nodename}
    busy = wt("run", "--home", str(home), "--resume", job)
    assert busy.returncode == 2 and f"is being run by pid {proc.pid}" in busy.stderr
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    cut = _jobs(home)[job]
    assert cut["state"] == "interrupted" and cut["owner"] is None
    assert cut["running"] > 0  # rows the dead process left `running` do not make the job look alive
    assert cut["agents"] == ["noop", "shortcut:slow"] and cut["tasks"] == ["tiny/base/L3", "tiny/double/L3"]
    resumed = wt("run", "--home", str(home), "--resume", job)
    assert resumed.returncode == 0, resumed.stderr
    after = _jobs(home)[job]
    assert after["state"] == "done" and after["done"] == 4 and after["pending"] == after["running"] == 0
