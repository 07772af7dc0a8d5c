"""incident_report's hard instance: the staff hold the facts its logs only hint at, their gates meet the standard,
and the report names what ended the impact."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/incident_report"
HARD = FAMILY / "variants/export_workers"


def _module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


class Tree:
    """The one method the checks use of a delivered or reference tree."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def read_one(self, path: str) -> tuple[str, bytes]:
        return path, (self.folder / path).read_bytes()


def _params(variant: str) -> dict[str, str]:
    family = tomllib.loads((FAMILY / "task.toml").read_text())["params"]
    return {**family, **tomllib.loads((FAMILY / f"variants/{variant}/variant.toml").read_text()).get("params", {})}


def test_the_report_must_name_what_ended_the_impact() -> None:
    checks = _module("incident_checks", FAMILY / "hidden/checks.py")
    hard, base = Tree(HARD / "hidden/reference"), Tree(FAMILY / "variants/base/hidden/reference")
    assert checks.mitigation_named(hard, hard, _params("export_workers"))[0] == 1.0
    assert checks.mitigation_named(base, base, _params("base"))[0] == 1.0
    # the base report credits its rollback; under the hard instance's terms a report that credits the revert fails
    assert checks.mitigation_named(base, hard, _params("export_workers"))[0] == 0.0


def test_the_report_must_state_the_customers_charged_without_an_order() -> None:
    checks = _module("incident_checks", FAMILY / "hidden/checks.py")
    hard, base = Tree(HARD / "hidden/reference"), Tree(FAMILY / "variants/base/hidden/reference")
    assert checks.customer_impact(hard, hard, _params("export_workers"))[0] == 1.0
    assert checks.customer_impact(base, base, _params("base"))[0] == 1.0
    # a report that states only what the logs show fails the hard instance's customer impact
    assert checks.customer_impact(base, hard, _params("export_workers"))[0] == 0.0


def test_the_people_know_what_the_logs_only_hint_at() -> None:
    build = _module("incident_build", FAMILY / "hidden/build_inputs.py")
    sc = build.SCENARIOS["export_workers"]
    people = (HARD / "hidden/people.toml").read_text()
    slow = sc["node_clock_slow"]["gw-b"]
    assert f"{slow // 60} min {slow % 60} s slow ({slow} seconds)" in people
    assert f"At {sc['termination']} UTC" in people
    first, last = build.LOAD_TEST_IPS[0], build.LOAD_TEST_IPS[-1]
    assert f"{first} to .{last.rsplit('.', 1)[1]}" in people
    charged = sc["charged_no_order"]
    assert f"{charged['orders']} customers were charged {charged['amount']}" in people
    # none of the four is stated in any input; nothing in them points at the settlement (the one refund
    # webhook error at 18:44 is an unrelated distractor)
    inputs = HARD / "workspace/input"
    texts = [p.read_text() for p in inputs.rglob("*") if p.is_file() and p.suffix in (".log", ".txt")]
    for said in (
        "187 s",
        "terminat",
        "soak",
        "load test",
        "clock",
        "ntp",
        "nologin",
        "settlement",
        "charged",
        "captured",
        f"{charged['orders']} customers",
        charged["amount"].split()[-1],
    ):
        assert not any(said in t.casefold() for t in texts), said


def test_only_the_hard_instance_has_staff(tmp_path: Path) -> None:
    from worktrial.run.workspace import has_world, materialise
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("export_workers")
    assert not has_world(base) and has_world(hard)
    assert not (FAMILY / "variants/base/hidden/people.toml").exists()
    materialise(hard, tmp_path / "hard")
    materialise(base, tmp_path / "base")
    assert "bin/ask --who" in (tmp_path / "hard/TASK.md").read_text() and (tmp_path / "hard/bin/ask").is_file()
    assert "bin/ask" not in (tmp_path / "base/TASK.md").read_text() and not (tmp_path / "base/bin").exists()


def test_without_the_staff_the_figures_are_wrong(tmp_path: Path) -> None:
    """The analysis run on the hard inputs with no staff facts (the asks_nobody shortcut) misses each fact's figures."""
    import json
    import shutil
    import subprocess

    shutil.copytree(HARD / "workspace/input", tmp_path / "input")
    (tmp_path / "output").mkdir()
    script = FAMILY / "hidden/solutions/_analysis.py"
    subprocess.run([sys.executable, str(script)], cwd=tmp_path, check=True, capture_output=True)
    got = json.loads((tmp_path / "output/impact.json").read_text())
    want = json.loads((HARD / "hidden/reference/impact.json").read_text())
    assert got["start"] < want["start"] and got["end"] != want["end"]  # gw-b's slow clock
    assert got["failed_requests"] > 1.1 * want["failed_requests"]  # the soak test counted as users
    checks = _module("incident_checks", FAMILY / "hidden/checks.py")
    out, ref = Tree(tmp_path / "output"), Tree(HARD / "hidden/reference")
    assert checks.mitigation_named(out, ref, _params("export_workers"))[0] == 0.0  # the revert credited
    assert checks.customer_impact(out, ref, _params("export_workers"))[0] == 0.0  # the settlement unknown
    score, evidence = checks.timeline_events(out, ref, {})
    assert score == 0.7 and "database 19:39:52" in evidence
