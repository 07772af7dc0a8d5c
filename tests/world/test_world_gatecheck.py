"""Gate checks: the file format, the runner and `worktrial world check`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from worktrial.tasks import TaskFormatError, lint_path, load_family
from worktrial.world import run_gate_checks

FACT = """
[[fact]]
id = "factor_confirmed"
about = "The nightly total uses the contract factor."

[[fact.evidence.claims]]
describe = "which factor the total must use"
missing = "Which factor, and says who?"
concepts = [['factor'], ['contract', 'agreed', 'signed']]

[[fact.evidence.figures]]
describe = "the factor itself"
min = 3
max = 3
unit = "x"
near = [['factor', 'multipl']]
"""
PASSING = [
    "Please approve: the factor in the signed contract is 3x, so the total must use it.",
    "Can you sign off the factor change? Per the contract the factor is three times.",
]
FAILING = [
    "Please approve changing the factor.",
    "Please approve: the factor might be in the contract, perhaps 3x.",
    "Please approve: the factor in the contract is 2x.",
]


def cases(messages: list[str], expect: str) -> str:
    rows = [f'[[case]]\nperson = "bob"\ntopic = "approve"\nexpect = "{expect}"\nmessage = "{m}"\n' for m in messages]
    return "\n".join(rows)


@pytest.fixture
def family_dir(tiny_suite: Path) -> Path:
    root = tiny_suite / "tiny"
    people = root / "hidden/people.toml"
    people.write_text(people.read_text() + FACT)
    (root / "hidden/gate_checks.toml").write_text(cases(PASSING, "pass") + "\n" + cases(FAILING, "fail"))
    return root


def test_runner_judges_like_the_world(family_dir: Path) -> None:
    report = run_gate_checks(load_family(family_dir))
    assert [r.ok for r in report.results] == [True] * 5, [(r.case.message, r.detail) for r in report.results]
    assert report.accuracy == 1.0
    tally = report.targets["base:bob/topic:approve"]
    assert (tally.passing, tally.failing, tally.right) == (2, 3, 5)
    # five cases are too few: the standard asks for ten of each
    assert not report.ok and "2 passing and 3 failing cases (need 10 of each)" in report.shortfalls()[0]
    assert lint_path(family_dir) == []  # requires_facts given by a [[fact]] is fine


def test_wrong_expectations_are_reported(family_dir: Path) -> None:
    path = family_dir / "hidden/gate_checks.toml"
    path.write_text(
        cases(PASSING[:1], "fail") + "\n" + cases(["can you approve it? the factor is 3x per contract"], "pass")
    )
    results = run_gate_checks(load_family(family_dir)).results
    assert [(r.got, r.ok) for r in results] == [("pass", False), ("pass", True)]


def test_expected_pass_must_also_reach_the_topic(family_dir: Path) -> None:
    path = family_dir / "hidden/gate_checks.toml"
    path.write_text(cases(["The factor is 3x, as the contract says."], "pass"))
    [result] = run_gate_checks(load_family(family_dir)).results
    assert result.got == "pass" and not result.ok and "routed to" in result.detail


def test_fact_cases_and_follow_ups(family_dir: Path) -> None:
    path = family_dir / "hidden/gate_checks.toml"
    path.write_text(
        '[[case]]\nperson = "bob"\nfact = "factor_confirmed"\nexpect = "pass"\n'
        'message = "The contract factor is 3x; it was agreed in January."\n\n'
        '[[case]]\nperson = "bob"\ntopic = "approve"\nexpect = "pass"\n'
        'before = ["Can you approve changing the factor?"]\n'
        'message = "Here you go: the factor in the signed contract is 3x."\n'
    )
    assert [r.ok for r in run_gate_checks(load_family(family_dir)).results] == [True, True]


def test_bad_case_names_the_field(family_dir: Path) -> None:
    path = family_dir / "hidden/gate_checks.toml"
    path.write_text('[[case]]\nperson = "zed"\ntopic = "approve"\nexpect = "pass"\nmessage = "hi"\n')
    with pytest.raises(TaskFormatError) as err:
        run_gate_checks(load_family(family_dir))
    assert "gate_checks.toml:case[1].person: no person 'zed' (use one of: alice, bob, carol)" in str(err.value)
    path.write_text('[[case]]\nperson = "bob"\nexpect = "maybe"\nmessage = "hi"\n')
    with pytest.raises(TaskFormatError, match="expect"):
        run_gate_checks(load_family(family_dir))


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "world", "check", *args], capture_output=True, text=True
    )


@pytest.mark.slow  # two CLI start-ups
def test_cli_reports_and_exits(family_dir: Path) -> None:
    res = cli(str(family_dir), "--json")
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert res.returncode == 1  # too few cases for the standard
    assert [r["ok"] for r in rows[:-1]] == [True] * 5 and rows[-1]["summary"]["accuracy"] == 1.0
    missing = cli(str(family_dir), "--file", str(family_dir / "nope.toml"))
    assert (
        missing.returncode == 2 and "nope.toml: file is missing" in missing.stderr and "Traceback" not in missing.stderr
    )


def test_lint_checks_the_new_fields(family_dir: Path) -> None:
    people = family_dir / "hidden/people.toml"
    text = people.read_text().replace(
        'blurb = "Approves changes."', 'blurb = "Approves changes."\nrefer = "Ask someone."\nfallback = "Try {who}."'
    )
    people.write_text(text.replace('requires_facts = ["factor_confirmed"]', 'gate = [{ fact = "nobody_shows_this" }]'))
    problems = [str(p) for p in lint_path(family_dir)]
    assert any("person[bob].refer: the template has no {who}" in p for p in problems)
    assert any("person[bob].fallback: {who} is only filled in `refer`" in p for p in problems)
    assert any(
        "topics[approve].gate[0].fact: no topic, message or [[fact]] gives 'nobody_shows_this'" in p for p in problems
    )
