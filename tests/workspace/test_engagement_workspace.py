"""A person works an engagement through `worktrial workspace`: one session, the world's clock, its people."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURES

from .helpers import ENGAGEMENTS, refused, running, shell_session, start, status, text, ws, wt

pytestmark = pytest.mark.slow


def test_a_person_works_an_engagement_from_start_to_score(tmp_path: Path) -> None:
    home = tmp_path / "home"
    state = start(home, ENGAGEMENTS, "oil_npt/base/L3", name="ada")
    ws_id = state["id"]
    assert state["state"] == "open" and state["agent"] == "human:ada" and state["instance"] == "oil_npt/base/L3"
    assert "Renata" in state["brief"] and "bin/ask" in state["brief"]  # the brief and the trial's rules
    assert state["budgets"]["max_minutes"] == 150
    assert any("workspace submit" in line for line in state["commands"])

    # One session: /tmp and background processes outlive the command that made them.
    background = ws(home, "exec", ws_id, "--", "sh", "-c", "echo hi > /tmp/x; sleep 1234 &")
    assert background.returncode == 0, text(background)
    assert ws(home, "exec", ws_id, "--", "cat", "/tmp/x").stdout == b"hi\n"
    assert running("sleep 1234")

    # The clock inside is the world's.
    date = ws(home, "exec", ws_id, "--", "date", "+%F").stdout.decode().strip()
    assert date == status(home, ws_id)["clock"][:10] == "2026-03-02"

    # The world answers, and charges for it.
    answer = ws(home, "exec", ws_id, "--", "bin/ask", "priya", "Which hourly rate do we use for each contractor's NPT?")
    assert answer.returncode == 0 and "Priya" in answer.stdout.decode(), text(answer)
    now = status(home, ws_id)
    assert now["questions_asked"] == 1 and now["contact_cost"] > 0 and now["state"] == "open", answer.stdout
    assert 0 < now["seconds_left"] <= 150 * 60

    # stdin, stdout, stderr and the exit code pass through.
    piped = ws(home, "exec", ws_id, "--", "sh", "-c", "cat; echo oops >&2; exit 7", stdin=b"abc")
    assert (piped.returncode, piped.stdout, piped.stderr) == (7, b"abc", b"oops\n")
    missing = ws(home, "exec", ws_id, "--", "no-such-program")
    assert missing.returncode == 127 and b"not found" in missing.stderr

    listing = ws(home, "files", ws_id).stdout.decode().splitlines()
    assert "system/" in listing and any(line.startswith("TASK.md\t") for line in listing)
    assert b"Nightly job" in ws(home, "files", ws_id, "system/README.md").stdout

    # An interactive shell on a real terminal, with the world reachable from it.
    seen, code = shell_session(home, ws_id, [b"bin/ask --now; echo MARK$((40+2))\r", b"exit 5\r"])
    assert "MARK42" in seen and "2026-03-02" in seen and code == 5, seen
    refused(ws(home, "shell", ws_id), "terminal")  # no terminal here: a clear refusal

    handed = ws(home, "submit", ws_id, "--json")
    assert handed.returncode == 0, text(handed)
    card = json.loads(handed.stdout)["card"]
    assert card["status"] == "done" and isinstance(card["score"], float) and card["questions_asked"] == 1
    # The worker sees the verdict, not the KPI measured on unseen data; the stored card keeps it for authors.
    assert card["kpi"] is None and card["kpi_reference"] is None and isinstance(card["uplift"], float)
    assert not running("sleep 1234")  # hand-in killed everything in the session

    refused(ws(home, "submit", ws_id), "handed in")
    refused(ws(home, "exec", ws_id, "--", "true"), "handed in")
    assert status(home, ws_id)["state"] == "submitted"
    assert status(home, ws_id)["card"]["kpi_reference"] is None

    report = wt("report", "--home", str(home))
    assert report.returncode == 0 and "human:ada" in report.stdout.decode(), text(report)
    jobs = [json.loads(line) for line in wt("jobs", "--json", "--home", str(home)).stdout.splitlines()]
    assert [(j["job"], j["state"], j["agents"], j["done"]) for j in jobs] == [(ws_id, "done", ["human:ada"], 1)]


def test_run_refuses_a_human_agent(tmp_path: Path) -> None:
    res = wt("run", "--suite", str(FIXTURES / "suite"), "--agent", "human:bob", "--home", str(tmp_path))
    refused(res, "human:bob", "worktrial workspace start")
