"""Deliverable instances through a workspace: the same grading as `worktrial run`, the deadline, stop, a dead
daemon, and the refusals a person can act on."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from worktrial.store import Home, Store

from .helpers import DELIVERABLES, refused, running, start, status, text, wait_for, ws, wt

pytestmark = pytest.mark.slow
TASK = "sales_totals/base"


def deliver(home: Path, ws_id: str, files: dict[str, bytes]) -> None:
    """Write files into the workspace through exec, as a person piping them in would."""
    for rel, data in files.items():
        put = ws(
            home, "exec", ws_id, "--", "sh", "-c", 'mkdir -p "$(dirname "$1")" && cat > "$1"', "sh", rel, stdin=data
        )
        assert put.returncode == 0, text(put)


def test_a_workspace_grades_like_the_calibration_agent_it_copies(tmp_path: Path) -> None:
    home = tmp_path / "home"
    ran = wt("run", "--suite", str(DELIVERABLES), "--task", TASK, "--agent", "reference", "--home", str(home), "--json")
    assert ran.returncode == 0, text(ran)
    reference = json.loads(ran.stdout.splitlines()[-1])
    delivered = Path(reference["run_dir"]) / "delivered"
    outputs = {str(p.relative_to(delivered)): p.read_bytes() for p in (delivered / "output").rglob("*") if p.is_file()}
    assert outputs

    state = start(home, DELIVERABLES, TASK, name="bea")
    assert state["kind"] == "deliverable" and "output/" in state["brief"]
    deliver(home, state["id"], outputs)
    handed = ws(home, "submit", state["id"], "--json")
    assert handed.returncode == 0, text(handed)
    card = json.loads(handed.stdout)["card"]

    store = Store(Home(home).db_url)
    ref_card = store.trial(reference["trial"]).scorecard
    assert ref_card is not None
    assert card["score"] == ref_card["score"] == reference["score"]
    assert [(c["name"], c["value"]) for c in card["components"]] == [
        (c["name"], c["value"]) for c in ref_card["components"]
    ]
    (row,) = store.trials(state["id"])
    assert (row.agent, row.status, row.score) == ("human:bea", "done", card["score"])

    # A second workspace delivering nothing: two jobs of one person compare like any others.
    empty = start(home, DELIVERABLES, TASK, name="bea")
    assert ws(home, "submit", empty["id"]).returncode == 0
    compared = wt("compare", state["id"], empty["id"], "--json", "--home", str(home))
    assert compared.returncode == 0, text(compared)
    assert "human:bea" in compared.stdout.decode()
    printed = ws(home, "status", state["id"])
    assert b"score" in printed.stdout and b"totals_match" in printed.stdout


def test_the_deadline_hands_in_what_is_there(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(DELIVERABLES, suite)
    toml = suite / "sales_totals" / "task.toml"
    toml.write_text(toml.read_text().replace("max_minutes = 2", "max_minutes = 0.15"))
    home = tmp_path / "home"
    state = start(home, suite, TASK)
    deliver(home, state["id"], {"output/totals.csv": b"region,total\n"})
    wait_for(lambda: status(home, state["id"])["state"] == "expired", timeout=60)
    final = status(home, state["id"])
    assert final["card"]["status"] == "done" and final["card"]["details"]["agent"]["termination"] == "max_minutes"
    refused(ws(home, "exec", state["id"], "--", "true"), "graded at its deadline")
    (row,) = Store(Home(home).db_url).trials(state["id"])
    assert row.status == "done" and row.score == final["card"]["score"]


def test_the_action_budget_hands_in_after_the_last_command(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(DELIVERABLES, suite)
    toml = suite / "sales_totals" / "task.toml"
    toml.write_text(toml.read_text().replace("max_minutes = 2", "max_minutes = 2\nmax_actions = 2"))
    home = tmp_path / "home"
    state = start(home, suite, TASK)
    first = ws(home, "exec", state["id"], "--", "sh", "-c", "mkdir -p output && echo region,total > output/totals.csv")
    assert first.returncode == 0 and b"max_actions" not in first.stderr, text(first)
    assert status(home, state["id"])["actions"] == 1
    last = ws(home, "exec", state["id"], "--", "echo", "second")
    assert last.returncode == 0 and last.stdout == b"second\n", text(last)
    assert b"max_actions 2" in last.stderr and b"handed in" in last.stderr
    wait_for(lambda: status(home, state["id"])["state"] == "submitted", timeout=60)
    card = status(home, state["id"])["card"]
    assert card["status"] == "done" and card["details"]["agent"]["termination"] == "max_actions"
    assert any(c["name"] == "totals_exists" and c["value"] == 1.0 for c in card["components"]), card
    refused(ws(home, "exec", state["id"], "--", "true"))


def test_interrupting_exec_kills_the_command_inside(tmp_path: Path) -> None:
    home = tmp_path / "home"
    state = start(home, DELIVERABLES, TASK)
    argv = [sys.executable, "-m", "worktrial.cli", "workspace", "exec", "--home", str(home), state["id"], "--"]
    # a shell's background job inherits SIGINT ignored, and Python then keeps it ignored: give ^C its default back
    proc = subprocess.Popen(
        [*argv, "sh", "-c", "echo started; exec sleep 4321"],
        stdout=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None and proc.stdout.readline() == b"started\n"
    assert running("sleep 4321")
    proc.send_signal(signal.SIGINT)  # ^C
    assert proc.wait(timeout=60) == 130
    wait_for(lambda: not running("sleep 4321"), timeout=30)
    after = ws(home, "exec", state["id"], "--", "echo", "still open")
    assert after.returncode == 0 and after.stdout == b"still open\n", text(after)
    assert ws(home, "stop", state["id"]).returncode == 0


def test_stop_abandons_and_nothing_is_graded(tmp_path: Path) -> None:
    home = tmp_path / "home"
    state = start(home, DELIVERABLES, TASK)
    stopped = ws(home, "stop", state["id"])
    assert stopped.returncode == 0 and b"abandoned" in stopped.stdout, text(stopped)
    (row,) = Store(Home(home).db_url).trials(state["id"])
    assert (row.status, row.score, row.scorecard) == ("abandoned", None, None)
    assert not (Path(status(home, state["id"])["attempt_dir"]) / "workspace").exists()
    refused(ws(home, "submit", state["id"]), "stopped")
    report = wt("report", state["id"], "--json", "--home", str(home))
    assert json.loads(report.stdout)["unfinished"] == 1  # counted in no mean
    (job,) = [json.loads(line) for line in wt("jobs", "--json", "--home", str(home)).stdout.splitlines()]
    assert (job["abandoned"], job["done"], job["error"]) == (1, 0, 0)


def test_a_dead_daemon_is_reported_and_can_be_recorded(tmp_path: Path) -> None:
    home = tmp_path / "home"
    state = start(home, DELIVERABLES, TASK)
    os.kill(state["pid"], signal.SIGKILL)
    wait_for(lambda: status(home, state["id"])["state"] == "dead", timeout=30)
    began = time.monotonic()
    refused(ws(home, "exec", state["id"], "--", "true"), "no daemon", "workspace stop")
    assert time.monotonic() - began < 10  # no hang
    listed = [json.loads(line) for line in ws(home, "list", "--json").stdout.splitlines()]
    assert [(w["id"], w["state"]) for w in listed] == [(state["id"], "dead")]
    jobs = [json.loads(line) for line in wt("jobs", "--json", "--home", str(home)).stdout.splitlines()]
    assert jobs[0]["state"] == "interrupted"
    assert ws(home, "stop", state["id"]).returncode == 0
    (row,) = Store(Home(home).db_url).trials(state["id"])
    assert row.status == "abandoned"
    refused(wt("run", "--resume", state["id"], "--home", str(home)), "workspace")


def test_refusals_name_the_problem(tmp_path: Path) -> None:
    home = tmp_path / "home"
    refused(ws(home, "status", "20990101-000000-abcdef"), "no workspace")
    refused(ws(home, "exec", "../../etc", "--", "true"), "not a workspace id")
    refused(wt("workspace", "start", "sales_totals", "--suite", str(DELIVERABLES), "--home", str(home)), "2 instances")
    refused(wt("workspace", "start", "nope/x", "--suite", str(DELIVERABLES), "--home", str(home)), "no instance")
    bad_name = wt("workspace", "start", TASK, "--suite", str(DELIVERABLES), "--name", "a b", "--home", str(home))
    refused(bad_name, "--name")
