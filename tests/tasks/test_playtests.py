"""`worktrial playtests`: reading a family's playtest record and holding it to the difficulty targets."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from worktrial.cli import app
from worktrial.tasks.playtests import parse_record, suite_playtests

HEADER = "| instance id | date | worker | instance | S | minutes | found |\n|---|---|---|---|---|---|---|\n"


def _family(suite: Path, name: str, rows: list[str]) -> Path:
    root = suite / name
    (root / "hidden").mkdir(parents=True)
    (root / "task.toml").write_text("")  # a family folder is one holding task.toml; the record needs nothing else
    (root / "hidden" / "PLAYTESTS.md").write_text(f"# {name}\n\n" + HEADER + "".join(r + "\n" for r in rows))
    return root


def test_latest_run_per_instance_voids_and_unicode_minus(tmp_path: Path) -> None:
    root = _family(
        tmp_path,
        "fam",
        [
            "| fam/hard/L3 | 2026-12-01 | w | first | 0.900 | 5 | all |",
            "| fam/hard/L3 | 2026-12-02 | w | after the rework | \u22120.050 | 9 | little |",
            "| fam/hard/L3 | 2026-12-03 | w | voided | void (0.7 before) | 9 | — |",
            "| fam/base/L0 | 2026-12-02 | w | fair | **0.910** | 9 | most |",
            "| fam/base/L3 | 2026-12-02 | w | base at L3 counts as neither | 0.400 | 9 | — |",
            "| fam/other/L1 | 2026-12-02 | w | L1 counts as neither | 0.100 | 9 | — |",
        ],
    )
    record = parse_record("fam", root / "hidden" / "PLAYTESTS.md")
    assert record.problems == []
    assert len(record.runs) == 6
    assert {i: r.score for i, r in record.hard_latest.items()} == {"fam/hard/L3": -0.05}
    assert record.fair_score == 0.91
    assert record.shortfalls() == []


def test_bad_rows_are_problems_naming_the_line(tmp_path: Path) -> None:
    root = _family(
        tmp_path,
        "fam",
        [
            "| fam/hard | 2026-12-01 | w | too few cells | 0.5 |",
            "| other/hard | 2026-12-01 | w | another family | 0.5 | 1 | — |",
            "| fam/hard | 2026-12-01 | w | not a score | high | 1 | — |",
        ],
    )
    record = parse_record("fam", root / "hidden" / "PLAYTESTS.md")
    assert record.runs == []
    reasons = [(p.file.rsplit(":", 1)[1], p.reason) for p in record.problems]
    assert reasons == [
        ("5", "5 cells under a header of 7"),
        ("6", "'other/hard' is not fam/variant[/level]"),
        ("7", "'high' is not a score"),
    ]


def test_family_shortfalls(tmp_path: Path) -> None:
    easy = _family(
        tmp_path, "easy", ["| easy/base | d | w | fair | 1.0 | 1 | — |", "| easy/hard | d | w | h | 0.81 | 1 | — |"]
    )
    broken = _family(tmp_path, "broken", ["| broken/base | d | w | fair | 0.5 | 1 | — |"])
    assert parse_record("easy", easy / "hidden" / "PLAYTESTS.md").shortfalls() == ["hard mean 0.810 > 0.6 (too easy)"]
    assert parse_record("broken", broken / "hidden" / "PLAYTESTS.md").shortfalls() == [
        "fair run 0.500 < 0.75 (the task, not the worker, is broken)",
        "no hard run (a non-base variant, L3 for an engagement)",
    ]


def test_suite_targets_need_a_spread(tmp_path: Path) -> None:
    roots = [
        _family(tmp_path, "a", ["| a/base | d | w | f | 0.9 | 1 | — |", "| a/x | d | w | h | 0.55 | 1 | — |"]),
        _family(tmp_path, "b", ["| b/base | d | w | f | 0.9 | 1 | — |", "| b/x | d | w | h | 0.5 | 1 | — |"]),
    ]
    suite = suite_playtests([(r.name, r) for r in roots])
    assert suite.hard_scores == [0.55, 0.5]
    assert suite.shortfalls() == ["no hard run ≥ 0.8", "no hard run ≤ 0.2"]
    spread = _family(tmp_path, "c", ["| c/y | d | w | h | 0.85 | 1 | — |", "| c/z | d | w | h | 0.1 | 1 | — |"])
    assert suite_playtests([(r.name, r) for r in [*roots, spread]]).shortfalls() == []


def test_cli_check_and_json(tmp_path: Path) -> None:
    _family(tmp_path, "a", ["| a/base | d | w | f | 0.9 | 1 | — |", "| a/x | d | w | h | 0.85 | 1 | — |"])
    _family(tmp_path, "b", ["| b/base | d | w | f | 0.9 | 1 | — |", "| b/x | d | w | h | 0.1 | 1 | — |"])
    cli = CliRunner()
    listed = cli.invoke(app, ["playtests", "--suite", str(tmp_path), "--json"])
    assert listed.exit_code == 0, listed.output
    data = json.loads(listed.stdout)
    assert [f["family"] for f in data["families"]] == ["a", "b"]
    assert data["suite"]["hard_mean"] == 0.475 and data["suite"]["shortfalls"] == []
    # family a is too easy on its own: --check fails though the suite meets its targets
    assert cli.invoke(app, ["playtests", "--suite", str(tmp_path), "--check"]).exit_code == 1
    (tmp_path / "a" / "hidden" / "PLAYTESTS.md").write_text(
        HEADER
        + "| a/base | d | w | f | 0.9 | 1 | — |\n"
        + "| a/x | d | w | h | 0.85 | 1 | — |\n| a/y | d | w | h | 0.15 | 1 | — |\n"
    )
    checked = cli.invoke(app, ["playtests", "--suite", str(tmp_path), "--check"])
    assert checked.exit_code == 0, checked.output
    assert "meets the targets" in checked.stdout
