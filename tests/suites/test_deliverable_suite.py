"""Every bundled deliverable family: lint-clean, real input formats, calibrated, and the suite is broad."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from worktrial.grading.checks.detect import detect
from worktrial.tasks import Family, lint_path, load_family, load_suite

REPO = Path(__file__).resolve().parents[2]
SUITE = REPO / "suites/deliverables"
FAMILIES = sorted(p.name for p in SUITE.iterdir() if (p / "task.toml").is_file())


def family(name: str) -> Family:
    return load_family(SUITE / name)


@pytest.mark.parametrize("name", FAMILIES)
def test_lint_clean(name: str) -> None:
    assert [str(p) for p in lint_path(SUITE / name)] == []


@pytest.mark.parametrize("name", FAMILIES)
def test_shape_of_the_family(name: str) -> None:
    fam = family(name)
    cfg = fam.config
    assert cfg.kind == "deliverable" and len(fam.variants) >= 2
    assert cfg.domain and cfg.subdomain and cfg.role_class and cfg.industry and cfg.tier
    inst = fam.instance("base")
    shortcuts = [r for r in inst.hidden_files if r.startswith("solutions/shortcuts/") and r.endswith(".py")]
    assert len(shortcuts) >= 3
    assert any(r.startswith("input/") for r in inst.workspace_files)


def test_inputs_come_in_real_formats() -> None:
    kinds = set()
    for fam in load_suite(SUITE):
        for v in fam.variants:
            inputs = [p for r, p in fam.instance(v).workspace_files.items() if r.startswith("input/")]
            kinds |= {detect(p.read_bytes()) for p in inputs}
    assert {"xlsx", "docx", "pdf", "csv"} <= kinds, kinds


def test_breadth_of_the_suite() -> None:
    families = load_suite(SUITE)
    assert len(families) >= 8
    assert len({f.config.domain for f in families}) >= 5
    assert len({f.config.role_class for f in families}) >= 4


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_anchors_hold(tmp_path: Path) -> None:
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "worktrial.cli",
            "validate",
            str(SUITE),
            "--json",
            "--home",
            str(tmp_path),
            "--concurrency",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=3000,
    )
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    failed = [r for r in rows if not r["ok"]]
    assert res.returncode == 0 and not failed, failed or res.stderr[-3000:]
    seen = {(r["instance"], r["agent"]) for r in rows}
    for name in FAMILIES:
        fam = family(name)
        for v in fam.variants:
            assert (f"{name}/{v}", "reference") in seen and (f"{name}/{v}", "noop") in seen
