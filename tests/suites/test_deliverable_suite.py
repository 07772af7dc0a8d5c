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
from worktrial.world import run_gate_checks

REPO = Path(__file__).resolve().parents[2]
SUITE = REPO / "suites/deliverables"
FAMILIES = sorted(p.name for p in SUITE.iterdir() if (p / "task.toml").is_file())


def family(name: str) -> Family:
    return load_family(SUITE / name)


@pytest.mark.parametrize("name", FAMILIES)
def test_lint_clean(name: str) -> None:
    assert [str(p) for p in lint_path(SUITE / name)] == []


GATE_CHECKED = [name for name in FAMILIES if (SUITE / name / "hidden/gate_checks.toml").is_file()]


@pytest.mark.parametrize("name", GATE_CHECKED)
def test_gate_checks_meet_the_standard(name: str) -> None:
    report = run_gate_checks(family(name))
    wrong = [(r.index, r.case.note, r.detail) for r in report.results if not r.ok]
    assert report.ok, (report.shortfalls(), wrong)


@pytest.mark.parametrize("name", FAMILIES)
def test_a_workspace_says_how_to_reach_staff_exactly_when_it_has_them(name: str, tmp_path: Path) -> None:
    from worktrial.run.workspace import has_world, materialise

    fam = family(name)
    for variant in fam.variants:
        inst, ws = fam.instance(variant), tmp_path / variant
        materialise(inst, ws)
        brief = (ws / "TASK.md").read_text()
        if has_world(inst):
            assert "bin/ask --who" in brief and (ws / "bin/ask").is_file(), variant
        else:
            assert "bin/ask" not in brief and not (ws / "bin").exists(), variant


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
@pytest.mark.parametrize("name", FAMILIES)
def test_anchors_hold(name: str, tmp_path: Path) -> None:
    """Every anchor of every instance of the family, one family per test (each within the per-test time limit)."""
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "worktrial.cli",
            "validate",
            str(SUITE / name),
            "--json",
            "--home",
            str(tmp_path),
            "--concurrency",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=580,
    )
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    failed = [r for r in rows if not r["ok"]]
    assert res.returncode == 0 and not failed, failed or res.stderr[-3000:]
    seen = {(r["instance"], r["agent"]) for r in rows}
    fam = family(name)
    for v in fam.variants:
        assert (f"{name}/{v}", "reference") in seen and (f"{name}/{v}", "noop") in seen


def _empty_clean_file(path: Path, reference: Path) -> None:
    """A well-formed file with nothing in it: an empty workbook, document or deck, a table with only the reference's
    header, an empty JSON object or page."""
    import docx
    import openpyxl
    import pptx

    path.parent.mkdir(parents=True, exist_ok=True)
    kind = path.suffix.lower()
    if kind == ".xlsx":
        openpyxl.Workbook().save(path)
    elif kind == ".docx":
        docx.Document().save(str(path))
    elif kind == ".pptx":
        pptx.Presentation().save(str(path))
    elif kind == ".csv":
        ref = reference / path.name
        path.write_text(ref.read_text().splitlines()[0] + "\n" if ref.is_file() else "")
    elif kind == ".json":
        path.write_text("{}")
    elif kind in (".html", ".htm"):
        path.write_text("<!doctype html><html><body></body></html>")
    else:
        path.write_text("")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
@pytest.mark.parametrize("name", FAMILIES)
def test_an_empty_clean_delivery_earns_nothing(name: str, tmp_path: Path) -> None:
    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of

    instance = family(name).instance("base")
    grader = instance.config.grader
    hidden = tmp_path / "hidden"
    instance.materialise_tree("hidden", hidden)
    reference = hidden / grader.reference_dir.removeprefix("hidden/")
    output = tmp_path / "output"
    output.mkdir()
    for check in grader.checks:
        target = getattr(check, "path", None) or getattr(check, "pattern", None)
        if target and not any(c in target for c in "*?[") and not (output / target).exists():
            _empty_clean_file(output / target, reference)
    result = grade_deliverable(
        output, reference, grader.checks, limits=limits_of(grader), hidden=hidden, params=dict(instance.params)
    )
    assert not result.errors, result.errors
    earning = [(c.name, c.value, c.evidence[:200]) for c in result.components if not c.gate and c.weight and c.value]
    assert earning == [] and result.score == 0.0


GARBAGE = {
    "junk": b"\x00\xff\xfe garbage \x89PNG not really",
    "wrong_shape": b'[1, 2, "x", null, NaN]',
    "nan_text": b"NaN,Infinity\nnan,inf\n-inf,1e999\n",
}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
@pytest.mark.parametrize("flavour", sorted(GARBAGE))
def test_garbage_deliveries_are_the_workers_zero_never_a_void(flavour: str, tmp_path: Path) -> None:
    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of

    for name in FAMILIES:
        instance = family(name).instance("base")
        grader = instance.config.grader
        hidden = tmp_path / name / "hidden"
        instance.materialise_tree("hidden", hidden)
        output = tmp_path / name / "output"
        output.mkdir()
        for check in grader.checks:
            target = getattr(check, "path", None) or getattr(check, "pattern", None)
            if target and not any(c in target for c in "*?["):
                (output / target).parent.mkdir(parents=True, exist_ok=True)
                (output / target).write_bytes(GARBAGE[flavour])
        reference = hidden / grader.reference_dir.removeprefix("hidden/")
        result = grade_deliverable(
            output, reference, grader.checks, limits=limits_of(grader), hidden=hidden, params=dict(instance.params)
        )
        assert not result.errors, (name, result.errors)
        assert result.score == 0.0, (name, [(c.name, c.value) for c in result.components if c.value])
