"""`worktrial show`: the worker's view of a score card hides the references; `--author` shows everything."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from worktrial.grading import Component, ScoreCard, worker_view

from .wtcli import clean, wt

SUITE = Path(__file__).resolve().parents[1] / "fixtures" / "deliverables"


def _engagement_card() -> ScoreCard:
    return ScoreCard(
        status="done",
        score=-0.4,
        incidents=["total 41 reported, expected 117312.06"],
        components=[
            Component(name="uplift", kind="kpi", value=-0.4, evidence="cost=-12.5 (baseline -20, reference 0)"),
            Component(name="total", kind="numeric", value=0.0, evidence="got 41, expected 117312.06 (abs ±0.01)"),
            Component(name="rows", kind="tabular", value=0.5, evidence="1/2 reference rows matched; row 2 differs"),
            Component(name="cell", kind="xlsx_cells", value=0.0, evidence="B7 = 3, expected 4; B8 lacks 'SUM('"),
            Component(name="left", kind="delivery", value=None, weight=0, evidence="skipped out/pipe (fifo)"),
            Component(
                name="bi",
                kind="python",
                value=0.5,
                evidence="wrong: services 611309458.13 (expected 1,234,807,182.15); not raised: the X; the Y",
            ),
            Component(
                name="liab", kind="check", value=0.9, evidence="ml-p018 101952.68 ≠ 1007176.25; ml-x -≠88.1, b != 'Q'"
            ),
            Component(
                name="memo",
                kind="python",
                value=0.5,
                evidence="adjusted balance 783,394.02 not found; ledger 790,048.81 stated; "
                "failed requests (606) not stated",
            ),
        ],
        kpi=-12.5,
        kpi_baseline=-20.0,
        kpi_reference=0.0,
        details={"grader": {"truth": 117312.06}, "production_run": {"stderr_tail": "row 1: 117312.06"}, "agent": {}},
    )


def test_the_worker_view_hides_every_hidden_value() -> None:
    card = _engagement_card()
    view = worker_view(card)
    text = json.dumps(view.model_dump(mode="json"))
    for secret in (
        "117312.06",
        "12.5",
        "-20",
        "SUM(",
        "1007176.25",
        "88.1",
        "'Q'",
        "807",
        "the X",
        "the Y",
        "394",
        "606",
    ):
        assert secret not in text, secret
    assert view.score == card.score and view.status == "done" and view.kpi is None and view.kpi_reference is None
    total, rows, cell, left, bi, liab, memo = view.components[1:]
    assert (
        memo.evidence
        == "adjusted balance [hidden] not found; ledger 790,048.81 stated; failed requests ([hidden]) not stated"
    )  # the delivered one stays
    assert bi.evidence == "wrong: services 611309458.13 (expected [hidden]); not raised: [hidden]"
    assert liab.evidence == "ml-p018 101952.68 ≠ [hidden]; ml-x -≠[hidden], b != [hidden]"  # what was delivered stays
    assert total.evidence == "got 41, expected [hidden] (abs ±0.01)"
    assert rows.evidence == card.components[2].evidence  # nothing hidden in it: kept as it is
    assert cell.evidence == "B7 = 3, expected [hidden]; B8 lacks [hidden]"
    assert left.evidence == "skipped out/pipe (fifo)"
    assert view.details == {"agent": {}}
    assert card.kpi == -12.5 and "117312.06" in card.components[1].evidence  # the author's card is unchanged


def test_a_task_error_is_not_shown_to_the_worker() -> None:
    card = ScoreCard.infrastructure_error("hidden/grader.py:kpi() raised KeyError: 'secret_col'", kind="task")
    assert "secret_col" not in (worker_view(card).error or "")


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_show_redacts_for_workers_and_not_for_authors(tmp_path: Path) -> None:
    suite = tmp_path / "deliverables"
    shutil.copytree(SUITE, suite)
    home = str(tmp_path / "home")
    ran = wt("run", "--suite", str(suite), "--task", "sales_totals/base", "--agent", "reference", "--home", home,
             "--json")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    (record,) = [json.loads(line) for line in ran.stdout.splitlines()]
    trial = record["trial"]
    author = wt("show", trial, "--author", "--json", "--home", home)
    assert author.returncode == 0, author.stderr
    grand = next(c for c in json.loads(author.stdout)["components"] if c["name"] == "grand_total")
    assert grand["evidence"] == "grand total 23.75, expected 23.75"
    worker = wt("show", trial.split("/", 1)[1], "--json", "--home", home)  # the tail of the id is enough
    assert worker.returncode == 0, worker.stderr
    grand = next(c for c in json.loads(worker.stdout)["components"] if c["name"] == "grand_total")
    assert grand["evidence"] == "grand total 23.75, expected [hidden]"
    table = wt("show", trial, "--home", home)
    assert table.returncode == 0 and "[hidden]" in table.stdout and "23.75, expected 23.75" not in table.stdout
    clean(wt("show", "no-such-trial", "--home", home))
