"""The `worktrial` command as a user runs it: JSON Lines, the summary table, bad input, validate."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from worktrial.store import Home, Store, TrialRow

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


def wt(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "worktrial.cli", *args], capture_output=True, text=True, timeout=300)


def test_run_json_lines_and_table(tiny_suite: Path, tmp_path: Path) -> None:
    home = str(tmp_path / "home")
    res = wt("run", "--suite", str(tiny_suite), "--home", home, "--task", "tiny/base/L3", "--json")
    assert res.returncode == 0, res.stderr
    records = [json.loads(line) for line in res.stdout.splitlines()]
    assert {r["agent"] for r in records} == {
        "noop",
        "reference",
        "literal",
        "shortcut:guess",
        "shortcut:ask_vendor",
        "shortcut:tamper",
    }
    for r in records:
        assert {
            "trial",
            "job",
            "instance",
            "agent",
            "status",
            "score",
            "solved",
            "uplift",
            "contact_cost",
            "incidents",
        } <= set(r)
    table = wt(
        "run",
        "--suite",
        str(tiny_suite),
        "--home",
        home,
        "--task",
        "tiny/base/L3",
        "--agent",
        "reference",
        "--agent",
        "noop",
        "--repeats",
        "2",
    )
    assert table.returncode == 0, table.stderr
    assert "95% CI" in table.stdout and "reference" in table.stdout and "2/2" in table.stdout


def test_bad_task_file_fails_cleanly_and_keeps_earlier_results(tiny_suite: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert (
        wt(
            "run", "--suite", str(tiny_suite), "--home", str(home), "--task", "tiny/base/L3", "--agent", "noop"
        ).returncode
        == 0
    )
    people = tiny_suite / "tiny/hidden/people.toml"
    people.write_text(people.read_text().replace("cost = 0.01", 'cost = "cheap"', 1))
    res = wt("run", "--suite", str(tiny_suite), "--home", str(home), "--task", "tiny/base/L3", "--agent", "noop")
    assert res.returncode == 2
    assert "people.toml:person[alice].cost: " in res.stderr and "Traceback" not in res.stderr
    store = Store(Home(home).db_url)
    [job] = store.jobs()
    assert [t.status for t in store.trials(job.id)] == ["done"]


def test_unknown_agent_and_empty_selection(tiny_suite: Path, tmp_path: Path) -> None:
    res = wt("run", "--suite", str(tiny_suite), "--home", str(tmp_path), "--agent", "wizard")
    assert res.returncode == 2 and "unknown agent 'wizard'" in res.stderr
    res = wt("run", "--suite", str(tiny_suite), "--home", str(tmp_path), "--task", "nope")
    assert res.returncode == 2 and "no instance matches" in res.stderr


def test_tasks_listing(tiny_suite: Path) -> None:
    res = wt("tasks", "--suite", str(tiny_suite), "--json")
    ids = [json.loads(line)["instance"] for line in res.stdout.splitlines()]
    assert len(ids) == 8 and "tiny/double/L0" in ids


def test_validate_reports_every_anchor_and_fails_on_a_bad_one(tiny_suite: Path, tmp_path: Path) -> None:
    res = wt("validate", str(tiny_suite), "--home", str(tmp_path), "--json")
    rows = {(r["instance"], r["agent"]): r for r in map(json.loads, res.stdout.splitlines())}
    assert set(rows) >= {
        ("tiny/base/L3", "reference"),
        ("tiny/double/L3", "reference@base"),
        ("tiny/double/L3", "shortcut:guess"),
    }
    assert all({"instance", "agent", "score", "expected", "ok"} <= set(r) for r in rows.values())
    assert rows[("tiny/double/L3", "reference@base")]["ok"]  # memorised factor 3 fails on the factor-6 variant
    assert res.returncode == 0, res.stdout + res.stderr
    # A shortcut that actually solves the task must make validation fail.
    (tiny_suite / "tiny/hidden/solutions/shortcuts/cheat.py").write_text(
        (tiny_suite / "tiny/hidden/solutions/reference.py").read_text()
    )
    bad = wt("validate", str(tiny_suite / "tiny"), "--home", str(tmp_path))
    assert bad.returncode == 1 and "FAIL" in bad.stdout


def _validate_rows(suite: Path, home: Path, *flags: str) -> dict[tuple[str, str], dict]:
    res = wt("validate", str(suite), "--home", str(home), "--json", *flags)
    assert res.returncode == 0, res.stdout + res.stderr
    return {(r["instance"], r["agent"]): r for r in map(json.loads, res.stdout.splitlines())}


def test_validate_reuses_unchanged_pairs_and_reruns_what_changed(tiny_suite: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = _validate_rows(tiny_suite, home)
    assert all(r["reused_from"] is None for r in first.values())
    store = Store(Home(home).db_url)
    (job,) = store.jobs()

    again = _validate_rows(tiny_suite, home)
    assert {k: r["score"] for k, r in again.items()} == {k: r["score"] for k, r in first.items()}
    assert {r["reused_from"] for r in again.values()} == {job.id}
    assert len(store.jobs()) == 1  # nothing was left to run, so no job was recorded

    # A void trial is never reused: only that pair runs again.
    void = next(t for t in store.trials(job.id) if t.agent == "noop")
    with store.session() as s:
        s.get_one(TrialRow, void.id).status = "error"
    partial = _validate_rows(tiny_suite, home)
    rerun = {k for k, r in partial.items() if r["reused_from"] is None}
    assert rerun == {(void.instance, "noop")} and len(store.jobs()) == 2

    # Any file of the family changes every pair of it (a probe reads other variants' solutions); --fresh runs all.
    (tiny_suite / "tiny/hidden/NOTES.md").write_text("an author's note\n")
    edited = _validate_rows(tiny_suite, home)
    assert all(r["reused_from"] is None for r in edited.values())
    fresh = _validate_rows(tiny_suite, home, "--fresh")
    assert all(r["reused_from"] is None for r in fresh.values()) and len(store.jobs()) == 4


def test_harness_agents_take_models_and_budget_flags() -> None:
    from worktrial.cli.run import agent_specs
    from worktrial.tasks import TaskFormatError

    specs = agent_specs(
        ["react", "noop", "react:local/smollm2?force_tool=named"],
        ["openai/gpt-5", "local/smollm2"],
        {"max_actions": 5, "max_minutes": None, "max_usd": 0.5},
    )
    assert specs == [
        "react:openai/gpt-5?max_actions=5&max_usd=0.5",
        "react:local/smollm2?max_actions=5&max_usd=0.5",
        "noop",
        "react:local/smollm2?force_tool=named&max_actions=5&max_usd=0.5",
    ]
    with pytest.raises(TaskFormatError, match="a harness needs a model"):
        agent_specs(["codex"], [], {})
