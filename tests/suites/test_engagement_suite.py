"""Every bundled engagement scenario: lint-clean, deep enough, routable, and its admission anchors hold."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from worktrial.tasks import ROOT_CAUSE_PATTERNS, Family, lint_path, load_family, load_suite
from worktrial.world import Router, run_gate_checks

REPO = Path(__file__).resolve().parents[2]
SUITE = REPO / "suites/engagements"
FAMILIES = sorted(p.name for p in SUITE.iterdir() if (p / "task.toml").is_file())


def family(name: str) -> Family:
    return load_family(SUITE / name)


@pytest.mark.parametrize("name", FAMILIES)
def test_lint_clean(name: str) -> None:
    assert [str(p) for p in lint_path(SUITE / name)] == []


@pytest.mark.parametrize("name", FAMILIES)
def test_depth_of_the_scenario(name: str) -> None:
    fam = family(name)
    assert len(fam.variants) >= 4 and "base" in fam.variants  # base + at least 3 that change key facts
    inst = fam.instance("base", "L3")
    people = inst.people()
    assert len(people.people) >= 6
    assert any(p.off_limits for p in people.people) and any(p.away for p in people.people)
    assert len([r for r in inst.workspace_files if r.startswith("docs/")]) >= 6
    assert any(r.endswith((".db", ".sqlite")) for r in inst.workspace_files)
    shortcuts = [r for r in inst.hidden_files if r.startswith("solutions/shortcuts/") and r.endswith(".py")]
    assert len(shortcuts) >= 5
    assert {"solutions/reference.py", "solutions/literal.py"} <= set(inst.hidden_files)
    assert set(fam.config.levels) == {"L0", "L1", "L2", "L3"}
    for v in fam.variants:
        assert fam.variants[v].angle in ROOT_CAUSE_PATTERNS, (v, fam.variants[v].angle)


def test_no_root_cause_pattern_dominates() -> None:
    angles = Counter(v.angle for fam in load_suite(SUITE) for v in fam.variants.values())
    total = sum(angles.values())
    assert all(n <= total / 3 for n in angles.values()), angles


@pytest.mark.parametrize("name", FAMILIES)
def test_routing_paraphrases(name: str) -> None:
    path = Path(__file__).parent / f"{name}_paraphrases.toml"
    cases = tomllib.loads(path.read_text())["q"]
    fam = family(name)
    routers: dict[str, Router] = {}  # a case may name the variant whose people it is routed to (default base)

    def route(c: dict) -> list:
        variant = c.get("variant", "base")
        if variant not in routers:
            routers[variant] = Router(fam.instance(variant, "L3").people())
        return routers[variant].route(c["person"], c["question"])

    on_topic = [c for c in cases if c["topic"]]
    off_topic = [c for c in cases if not c["topic"]]
    assert len(on_topic) >= 20 and len(off_topic) >= 5
    misses = []
    for c in on_topic:
        routed = route(c)
        if not routed or routed[0][0] != c["topic"]:
            misses.append((c["question"], c["topic"], routed))
    assert len(misses) <= 0.05 * len(on_topic), misses
    wrong = [(c["person"], c["question"], r) for c in off_topic if (r := route(c))]
    assert wrong == []


GATE_CHECKED = [name for name in FAMILIES if (SUITE / name / "hidden/gate_checks.toml").is_file()]


@pytest.mark.parametrize("name", GATE_CHECKED)
def test_gate_checks_meet_the_standard(name: str) -> None:
    report = run_gate_checks(family(name))
    wrong = [(r.index, r.case.note, r.detail) for r in report.results if not r.ok]
    assert report.ok, (report.shortfalls(), wrong)


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
@pytest.mark.parametrize("name", FAMILIES)
def test_anchors_hold_for_every_variant(name: str, tmp_path: Path) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "validate", str(SUITE / name), "--json", "--home", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    failed = [r for r in rows if not r["ok"]]
    assert res.returncode == 0 and not failed, failed or res.stderr
    fam = family(name)
    seen = {(r["instance"], r["agent"]) for r in rows}
    for variant in fam.variants:
        for agent in ("reference", "noop", "literal"):
            assert (f"{name}/{variant}/L3", agent) in seen
        for other in fam.variants:  # the memorisation probe covers every ordered pair of variants
            if other != variant:
                assert (f"{name}/{variant}/L3", f"reference@{other}") in seen
