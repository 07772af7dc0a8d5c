"""The bundled graders read /out through the kit: links are not followed, FIFOs not opened, odd values survive."""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

import pytest

from tests.task_modules import load_task_module

SUITE = Path(__file__).resolve().parents[2] / "suites/engagements"


def grader(name: str) -> ModuleType:
    return load_task_module(SUITE / name / "hidden/grader.py", f"reader_test_{name}")


def _hostile(out: Path, rel: str, good: str, outside: Path) -> None:
    """`rel` holds `good`; next to it a link to a file outside /out and a FIFO, both named like outputs."""
    target = out / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(good)
    stem, _, suffix = target.name.rpartition(".")
    (target.parent / f"{stem}_linked.{suffix}").symlink_to(outside)
    os.mkfifo(target.parent / f"{stem}_fifo.{suffix}")


CASES = {
    # scenario: (file under /out, delivered content, outside content, reader, expected)
    "app_scam_holds": (
        "decisions/hold_decisions_2026-03.csv",
        "payment_id,decision\nFP2603-00001, hold\n",
        "payment_id,decision\nFP2603-00002,HOLD\n",
        lambda g, out: g.read_decisions(out),
        ({"FP2603-00001": "HOLD"}, 1),
    ),
    "ed_triage": (
        "streams/streams_2026-03.csv",
        "attendance_id,stream\nA1,majors\nA2,nowhere\n",
        "attendance_id,stream\nA3,RESUS\n",
        lambda g, out: g.read_streams(out),
        ({"A1": "MAJORS"}, 1),
    ),
    "oil_npt": (
        "claims/claim_lines_2026-03.csv",
        'event_id,contractor_id,amount_usd\nE1,TDS,"1,200.50"\nE2,TDS,nan\nE3,TDS,inf\n',
        "event_id,contractor_id,amount_usd\nE9,TDS,99\n",
        lambda g, out: [(r["event_id"], r["amount"]) for r in g.read_claim_lines(out)],
        [("E1", 1200.5)],
    ),
    "warranty_refunds": (
        "decisions.csv",
        "claim_id,decision\nwr-2603-00001,approve\nWR-2603-00001,deny\n",
        "claim_id,decision\nWR-2603-00002,approve\n",
        lambda g, out: g.read_decisions(out),
        ({"WR-2603-00001": "approve"}, 2),
    ),
    "robot_cell": (
        "assignments.csv",
        "line_id,station_id,seq\n1,rc1,0\n2,M1,inf\n3,M2,1e999\n",
        "line_id,station_id,seq\n9,RC2,0\n",
        lambda g, out: g.read_plan(out)[0],
        {1: ("RC1", 0)},
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_reader_takes_only_regular_files_and_finite_values(name: str, tmp_path: Path) -> None:
    rel, good, bad, read, expected = CASES[name]
    outside = tmp_path / "truth.csv"
    outside.write_text(bad)
    out = tmp_path / "out"
    _hostile(out, rel, good, outside)
    assert read(grader(name), out) == expected


@pytest.mark.parametrize("name", ["warranty_refunds", "robot_cell"])
def test_an_output_that_is_a_link_or_a_fifo_reads_as_missing(name: str, tmp_path: Path) -> None:
    rel, _good, bad, read, expected = CASES[name]
    outside = tmp_path / "truth.csv"
    outside.write_text(bad)
    linked, fifo = tmp_path / "linked", tmp_path / "fifo"
    linked.mkdir()
    fifo.mkdir()
    (linked / rel).symlink_to(outside)
    os.mkfifo(fifo / rel)
    nothing = ({}, 0) if isinstance(expected, tuple) else {}
    assert read(grader(name), linked) == nothing and read(grader(name), fifo) == nothing
