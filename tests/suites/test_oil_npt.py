"""The bundled oil_npt scenario: lint-clean, routable, and its admission anchors hold."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from worktrial.tasks import lint_path, load_family
from worktrial.world import Router

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/engagements/oil_npt"
PARAPHRASES = Path(__file__).parent / "oil_npt_paraphrases.toml"


def test_lint_clean() -> None:
    assert [str(p) for p in lint_path(FAMILY)] == []


def test_shape_of_the_scenario() -> None:
    fam = load_family(FAMILY)
    assert len(fam.variants) >= 4 and "base" in fam.variants
    people = fam.instance("base", "L3").people()
    assert len(people.people) >= 6
    assert any(p.off_limits for p in people.people) and any(p.away for p in people.people)
    inst = fam.instance("base", "L3")
    docs = [r for r in inst.workspace_files if r.startswith("docs/")]
    assert len(docs) >= 6
    shortcuts = [r for r in inst.hidden_files if r.startswith("solutions/shortcuts/") and r.endswith(".py")]
    assert len(shortcuts) >= 5
    assert {inst.variant_config.literal_right for inst in (fam.instance(v, "L3") for v in fam.variants)} != {False}


@pytest.mark.parametrize("variant", ["base"])
def test_routing_paraphrases(variant: str) -> None:
    cases = tomllib.loads(PARAPHRASES.read_text())["q"]
    router = Router(load_family(FAMILY).instance(variant, "L3").people())
    on_topic = [c for c in cases if c["topic"]]
    off_topic = [c for c in cases if not c["topic"]]
    assert len(on_topic) >= 20 and len(off_topic) >= 5
    misses = []
    for c in on_topic:
        routed = router.route(c["person"], c["question"])
        if not routed or routed[0][0] != c["topic"]:
            misses.append((c["question"], c["topic"], routed))
    assert len(misses) <= 0.05 * len(on_topic), misses
    wrong = [(c["person"], c["question"], r) for c in off_topic if (r := router.route(c["person"], c["question"]))]
    assert wrong == []


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_anchors_hold_for_every_variant(tmp_path: Path) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "validate", str(FAMILY), "--json", "--home", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    failed = [r for r in rows if not r["ok"]]
    assert res.returncode == 0 and not failed, failed or res.stderr
    fam = load_family(FAMILY)
    seen = {(r["instance"], r["agent"]) for r in rows}
    for variant in fam.variants:
        for agent in ("reference", "noop", "literal"):
            assert (f"oil_npt/{variant}/L3", agent) in seen
