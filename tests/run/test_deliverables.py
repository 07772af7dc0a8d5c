"""Deliverable trials end to end: read-only inputs, output/ graded by typed checks, anchors with sibling probes."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from worktrial.run import JobConfig, JobRunner
from worktrial.store import Home, Store

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
SUITE = Path(__file__).resolve().parents[1] / "fixtures" / "deliverables"


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    dest = tmp_path / "deliverables"
    shutil.copytree(SUITE, dest)
    return dest


def _run(suite: Path, home: Home, agents: list[str]) -> dict[str, dict[str, object]]:
    runner = JobRunner(Store(home.db_url), home)
    config = JobConfig(suites=[str(suite)], agents=agents, tasks=["sales_totals/base"])
    job = runner.create(config)
    return {
        r.agent: {"status": r.status, "score": r.score, "card": r.scorecard, "run_dir": r.run_dir}
        for r in asyncio.run(runner.run(job, config))
    }


def test_reference_scores_one_with_evidence_per_check(suite: Path, tmp_path: Path) -> None:
    res = _run(suite, Home(tmp_path / "h").ensure(), ["reference", "shortcut:placeholders"])
    ref = res["reference"]["card"]
    assert res["reference"]["status"] == "done" and res["reference"]["score"] == 1.0
    assert [c["name"] for c in ref["components"]] == [
        "totals_exists",
        "no_placeholders",
        "totals_match",
        "grand_total",
    ]  # type: ignore[index]
    custom = next(c for c in ref["components"] if c["name"] == "grand_total")  # type: ignore[index]
    assert custom["value"] == 1.0 and custom["evidence"] == "grand total 23.75, expected 23.75"
    bad = res["shortcut:placeholders"]["card"]
    assert res["shortcut:placeholders"]["score"] == 0.0
    assert bad["details"]["gates_failed"] == ["no_placeholders"]  # type: ignore[index]
    placeholder = next(c for c in bad["components"] if c["name"] == "no_placeholders")  # type: ignore[index]
    assert "TODO" in placeholder["evidence"]


def test_inputs_are_read_only_inside_the_sandbox(suite: Path, tmp_path: Path) -> None:
    res = _run(suite, Home(tmp_path / "h").ensure(), ["shortcut:edit_inputs"])["shortcut:edit_inputs"]
    events = [json.loads(x) for x in (Path(str(res["run_dir"])) / "trajectory.jsonl").read_text().splitlines()]
    out = next(e for e in events if e["type"] == "tool_result")["stdout"]
    assert "input is read-only" in out
    delivered = Path(str(res["run_dir"])) / "delivered" / "input" / "sales.csv"
    assert "north,10.5" in delivered.read_text()


def test_validate_covers_deliverables(suite: Path, tmp_path: Path) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "validate", str(suite), "--json", "--home", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    rows = {(r["instance"], r["agent"]): r for r in map(json.loads, res.stdout.splitlines())}
    assert res.returncode == 0, res.stdout
    assert rows[("sales_totals/base", "sibling@q2")]["score"] == 0.0
    assert rows[("sales_totals/q2", "noop")]["expected"] == "= 0"
    # Inputs that no longer agree with their reference must make validation fail.
    (suite / "sales_totals/variants/q2/workspace/input/sales.csv").write_text(
        (suite / "sales_totals/workspace/input/sales.csv").read_text()
    )
    bad = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "validate", str(suite), "--home", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert bad.returncode == 1


def test_a_broken_custom_check_voids_the_trial(suite: Path, tmp_path: Path) -> None:
    # Parses, so lint passes it (a syntax error is refused before the job); it fails only when imported.
    (suite / "sales_totals/hidden/checks.py").write_text(
        "import no_such_module_anywhere\n\ndef grand_total(output, reference, params):\n    return 1\n"
    )
    res = _run(suite, Home(tmp_path / "h").ensure(), ["reference"])["reference"]
    assert res["status"] == "error" and res["score"] is None
    assert "hidden/checks.py:grand_total() import failed: ModuleNotFoundError" in res["card"]["error"]  # type: ignore[index]


def test_two_identical_runs_give_identical_score_cards(tmp_path: Path) -> None:
    from worktrial.run import AnchorCache, TrialContext, TrialSpec, run_trial
    from worktrial.sandbox import get_sandbox, with_toolbox
    from worktrial.tasks import load_family

    family = load_family(Path(__file__).resolve().parents[2] / "suites/deliverables/survey_weights")
    instance = family.instance("base")
    home = Home(tmp_path / "h").ensure()
    ctx = TrialContext(with_toolbox(get_sandbox("bwrap")), home.cache, AnchorCache(home.anchors))
    cards = []
    for n in range(2):
        if n:
            time.sleep(2.1)  # past the resolution of zip timestamps, were the clock inside the host's
        card = asyncio.run(run_trial(TrialSpec(f"t{n}", "j", instance, "reference"), ctx, tmp_path / f"a{n}"))
        cards.append(card.model_dump(mode="json"))
    # The workbooks' bytes may differ (zip timestamps) or not (the clock inside starts at the task's date); office
    # files hash by content either way (tests/grading/test_safetree.py shows differing bytes hashing the same).
    assert cards[0]["status"] == "done" and cards[0]["score"] == 1.0
    assert cards[0] == cards[1]
