"""Bad input and damaged state give a clear message and a non-zero exit, never a traceback, and nothing is recorded
for a job that cannot run."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from worktrial.run import MAX_REPEATS, MAX_TRIALS
from worktrial.store import Home, Store, StoreError

from .wtcli import clean, no_jobs, skip_without, wt

pytestmark = skip_without("bwrap")
REPO = Path(__file__).resolve().parents[2]


def _run(suite: Path, home: Path, *extra: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return wt("run", "--suite", str(suite), "--home", str(home), "--task", "tiny/base/L3", *extra, env=env)


def test_plans_that_cannot_run_are_refused_before_anything_is_recorded(tiny_suite: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    no_keys = {"OPENAI_API_KEY": "", "XDG_CONFIG_HOME": str(tmp_path / "no-config")}
    cases = {
        ("--sandbox", "foo", "--agent", "noop"): "--sandbox:foo: unknown sandbox 'foo'",
        ("--agent", "shortcut:nope"): "tiny has no hidden/solutions/shortcuts/nope.py",
        ("--agent", "react:openai/gpt-5"): "no API key for openai: set OPENAI_API_KEY",
        ("--agent", "noop", "--judge", "openai/gpt-4o"): "--judge:openai/gpt-4o: no API key for openai",
        ("--repeats", "100000000"): f"between 1 and MAX_REPEATS = {MAX_REPEATS}",
        ("--concurrency", "100000", "--agent", "noop"): "MAX_CONCURRENCY",
    }
    for args, message in cases.items():
        res = _run(tiny_suite, home, *args, env=no_keys)
        clean(res)
        assert message in res.stderr, (args, res.stderr)
        assert no_jobs(home), args
    # The size of the whole plan is bounded too, and the bound is named.
    res = wt("run", "--home", str(home), "--repeats", str(MAX_REPEATS))
    clean(res)
    assert f"above MAX_TRIALS = {MAX_TRIALS} per job" in res.stderr and no_jobs(home)
    assert stat.S_IMODE(home.stat().st_mode) == 0o700  # a new state folder is private


def test_a_state_folder_that_is_a_file_or_read_only_is_named(tiny_suite: Path, tmp_path: Path) -> None:
    res = _run(tiny_suite, Path("/etc/passwd"), "--agent", "noop")
    clean(res)
    assert "/etc/passwd: the state folder is not a folder" in res.stderr
    for command in (["jobs"], ["report"]):
        res = wt(*command, "--home", "/etc/passwd")
        clean(res)
        assert "not a folder" in res.stderr
    ro = tmp_path / "ro"
    ro.mkdir()
    # A read-only mount of the folder, in a private mount namespace, is unwritable even for root.
    script = (
        f"mount --bind {ro} {ro} && mount -o remount,bind,ro {ro} && "
        f"exec {sys.executable} -m worktrial.cli run --suite {tiny_suite} --home {ro}/state --agent noop"
    )
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("cannot make a mount namespace here")
    res = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, timeout=300)
    clean(res)
    assert f"{ro}/state: the state folder cannot be written (Read-only file system)" in res.stderr


def _store_with_a_job(tiny_suite: Path, home: Path) -> None:
    res = _run(tiny_suite, home, "--agent", "noop")
    assert res.returncode == 0, res.stderr


def test_damaged_stores_are_named_with_a_fix(tiny_suite: Path, tmp_path: Path) -> None:
    good = tmp_path / "good"
    _store_with_a_job(tiny_suite, good)
    db = good / "worktrial.db"
    corrupt, truncated = tmp_path / "corrupt", tmp_path / "truncated"
    for home in (corrupt, truncated):
        home.mkdir()
        with sqlite3.connect(db) as src, sqlite3.connect(home / "worktrial.db") as dst:
            src.backup(dst)
    data = bytearray((corrupt / "worktrial.db").read_bytes())
    data[:100] = bytes(range(100))
    (corrupt / "worktrial.db").write_bytes(bytes(data))
    size = (truncated / "worktrial.db").stat().st_size
    os.truncate(truncated / "worktrial.db", size // 2)
    for home, message in ((corrupt, "the store is damaged (file is not a database)"), (truncated, "the store is ")):
        for command in (["jobs"], ["report"], ["run", "--suite", str(tiny_suite), "--agent", "noop"]):
            res = wt(*command, "--home", str(home))
            clean(res)
            assert f"{home / 'worktrial.db'}: {message}" in res.stderr and "move the file aside" in res.stderr
            assert "damaged" in res.stderr or "truncated" in res.stderr


def test_a_locked_store_fails_fast_for_writers_and_still_reads(tiny_suite: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    _store_with_a_job(tiny_suite, home)
    holder = sqlite3.connect(home / "worktrial.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        t0 = time.monotonic()
        with pytest.raises(StoreError, match="locked by another process"):
            Store(Home(home).db_url).check_writable()
        assert time.monotonic() - t0 < 30  # the busy timeout, not a minute per statement
        res = _run(tiny_suite, home, "--agent", "noop")
        clean(res)
        assert "the store is locked by another process (waited 5 s)" in res.stderr
        listing = wt("jobs", "--home", str(home), "--json")  # readers are not blocked by a writer
        assert listing.returncode == 0 and len(listing.stdout.splitlines()) == 1
    finally:
        holder.rollback()
        holder.close()


def test_resume_refuses_planning_flags_and_unknown_jobs(tiny_suite: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    _store_with_a_job(tiny_suite, home)
    [job] = Store(Home(home).db_url).jobs()
    before = [(t.id, t.status, t.attempt) for t in Store(Home(home).db_url).trials(job.id)]
    for flags in (["--repeats", "5"], ["--agent", "reference"], ["--suite", str(tiny_suite), "--level", "L0"]):
        res = wt("run", "--home", str(home), "--resume", job.id, *flags)
        clean(res)
        assert f"--resume:{job.id}: conflicts with {flags[0]}" in res.stderr
    assert [(t.id, t.status, t.attempt) for t in Store(Home(home).db_url).trials(job.id)] == before
    res = wt("run", "--home", str(home), "--resume", "20990101-000000-000000")
    clean(res)
    assert "no job '20990101-000000-000000'" in res.stderr


def test_void_trials_exit_non_zero_with_their_reasons(tiny_suite: Path, tmp_path: Path) -> None:
    grader = tiny_suite / "tiny/hidden/grader.py"
    broken = "def kpi(ctx):\n    raise RuntimeError('disk on fire')"
    grader.write_text(grader.read_text().replace("def kpi(ctx):", broken))
    home = tmp_path / "home"
    for mode in (["--json"], []):
        res = _run(tiny_suite, home, "--agent", "noop", *mode)
        assert res.returncode == 3, res.stderr
        assert "Traceback" not in res.stderr
        # A broken grader is the task's error: the reason is printed and a rerun is not suggested.
        assert "[task]" in res.stderr and "disk on fire" in res.stderr
        assert "a rerun cannot help" in res.stderr and "--resume" not in res.stderr
    records = [json.loads(line) for line in _run(tiny_suite, home, "--agent", "noop", "--json").stdout.splitlines()]
    assert [(r["status"], r["error_kind"]) for r in records] == [("error", "task")]
    # Reports and comparisons read a store that holds only void trials: counted as errors, no figure made up.
    jobs = [json.loads(line)["job"] for line in wt("jobs", "--home", str(home), "--json").stdout.splitlines()]
    rep = wt("report", jobs[0], "--home", str(home), "--json")
    assert rep.returncode == 0, rep.stderr
    headline = json.loads(rep.stdout)["headline"]
    assert [(h["agent"], h["errors"], h["done"], h["mean"]) for h in headline] == [("noop", 1, 0, None)]
    assert "nan" not in rep.stdout.lower()
    cmp = wt("compare", jobs[0], jobs[1], "--home", str(home))
    assert cmp.returncode == 1 and "share no (agent, instance) pair" in cmp.stderr and "Traceback" not in cmp.stderr


def test_the_advice_after_void_trials_depends_on_whose_failure_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    import typer

    from worktrial.cli.run import report_errors
    from worktrial.store import TrialRow

    def row(n: int, kind: str | None, error: str) -> TrialRow:
        card = {"status": "error", "error": error, **({"error_kind": kind} if kind else {})}
        return TrialRow(id=f"J/t{n}", job_id="J", instance="fam/base/L3", agent=f"a{n}", status="error", error=error,
                        scorecard=card)  # fmt: skip

    outage = [row(0, "infrastructure", "agent: provider unreachable"), row(1, None, "SandboxError: bwrap died")]
    with pytest.raises(typer.Exit) as exit_:
        report_errors("J", outage)
    assert exit_.value.exit_code == 3
    text = capsys.readouterr().err
    assert "agent: provider unreachable" in text and "SandboxError: bwrap died" in text  # stores from before kinds
    assert "2 failed for infrastructure reasons: run them again with `worktrial run --resume J`" in text
    assert "rerun cannot help" not in text
    with pytest.raises(typer.Exit):
        report_errors("J", [*outage, row(2, "spec", "UnknownAgent: gone"), row(3, "task", "grader kpi() failed")])
    text = capsys.readouterr().err
    assert "2 failed for infrastructure reasons" in text and "2 failed because of the task" in text
    assert "[spec] fam/base/L3 a2: UnknownAgent: gone" in text
    report_errors("J", [])  # nothing void: no advice, no exit
    assert capsys.readouterr().err == ""
