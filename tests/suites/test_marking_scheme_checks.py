"""marking_scheme's hard instance (chem): four facts held by the school's staff change the marks, each by its own
slice; their gates are proved by the gate checks; only the hard instance has staff."""

from __future__ import annotations

import csv
import importlib.util
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/marking_scheme"
CHEM = FAMILY / "variants/chem"


def _build_inputs():
    import sys

    name = "marking_build_inputs"
    if name not in sys.modules:
        if str(FAMILY / "hidden") not in sys.path:
            sys.path.insert(0, str(FAMILY / "hidden"))  # its question banks are a sibling module
        spec = importlib.util.spec_from_file_location(name, FAMILY / "hidden/build_inputs.py")
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod  # its dataclasses look their module up
        spec.loader.exec_module(mod)
    return sys.modules[name]


def _class_ids() -> dict[str, str]:
    with open(CHEM / "workspace/input/class_list.csv", newline="", encoding="utf-8") as f:
        return {f"{r['given_name']} {r['surname']}": r["student_id"] for r in csv.DictReader(f)}


def _inputs_text() -> str:
    from worktrial.kit.solution.documents import document_text

    parts = []
    for path in sorted((CHEM / "workspace/input").rglob("*")):
        if path.suffix == ".docx":
            parts.append(document_text(path))
        elif path.is_file():
            parts.append(path.read_text(encoding="utf-8"))
    return "\n".join(parts)


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    inst = _build_inputs().INSTANCES["chem"]
    people = (CHEM / "hidden/people.toml").read_text()
    bands = ", ".join(f"{g} from {m}" for g, m in inst["rebased_bands"] if g != "U")
    assert bands in people
    sitting = inst["sitting"]
    assert f"ended at {sitting['end']}" in people and f"until {sitting['extra_end']}" in people
    assert ", ".join(inst["concession"][:-1]) + " and " + inst["concession"][-1] in people
    moved = inst["moved"]
    assert ", ".join(moved[:-1]) + " and " + moved[-1] + " moved" in people
    text = _inputs_text().casefold()
    for word in ("concession", "re-based", "rebased", "standardisation", "extra time until", "ended at", "10:12"):
        assert word not in text, word
    # the students who moved set are on the class list as 10D and their papers say 10D: hinted nowhere
    for word in ("moved", "set change", "10a's", "26 february", "2026-02-26"):
        assert word not in text, word
    ids = _class_ids()
    with open(CHEM / "workspace/input/class_list.csv", newline="", encoding="utf-8") as f:
        classes = {r["student_id"]: r["class"] for r in csv.DictReader(f)}
    assert all(classes[ids[s]] == "10D" for s in moved)
    # the scheme's printed boundaries are the old ones: the re-basing is hinted nowhere in the inputs
    assert dict(inst["bands"]) != dict(inst["rebased_bands"])


def test_the_reference_grades_follow_the_rebased_boundaries() -> None:
    inst = _build_inputs().INSTANCES["chem"]
    bands = sorted(inst["rebased_bands"], key=lambda b: -b[1])
    with open(CHEM / "hidden/reference/marks.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        if r["grade"] == "ABS":
            continue
        want = next(g for g, m in bands if int(r["total"]) >= m)
        assert r["grade"] == want, r


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, chem = fam.instance("base"), fam.instance("chem")
    assert not has_world(base) and has_world(chem)
    assert "Dr Niamh Corrigan" in chem.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists() and not (FAMILY / "variants/base/hidden/people.toml").exists()


def _deliver(tmp_path: Path, variant: str, known: dict | None, name: str) -> Path:
    """Run the reference on a copy of the instance's inputs without the school's world: with `known` as the staff's
    answers, or (None) asking nobody."""
    import os
    import runpy

    root = FAMILY if variant == "base" else FAMILY / "variants" / variant
    work = tmp_path / name
    shutil.copytree(root / "workspace/input", work / "input")
    (work / "output").mkdir()
    here = Path.cwd()
    init = {"ASK": False} if known is None else {"KNOWN": known}
    try:
        os.chdir(work)
        runpy.run_path(str(FAMILY / "hidden/solutions/reference.py"), init_globals=init, run_name="__main__")
    finally:
        os.chdir(here)
    return work / "output"


def _grade(tmp_path: Path, variant: str, output: Path) -> float:
    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of
    from worktrial.tasks import load_family

    instance = load_family(FAMILY).instance(variant)
    grader = instance.config.grader
    hidden = tmp_path / f"hidden-{variant}"
    if not hidden.exists():
        instance.materialise_tree("hidden", hidden)
    result = grade_deliverable(
        output,
        hidden / grader.reference_dir.removeprefix("hidden/"),
        grader.checks,
        limits=limits_of(grader),
        hidden=hidden,
        params=dict(instance.params),
    )
    assert not result.errors, result.errors
    return result.score


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    build = _build_inputs()
    known = build.staff_facts(build.INSTANCES["chem"], _class_ids())
    assert set(known) == {"sitting", "concession", "bands", "moved"}
    assert _grade(tmp_path, "chem", _deliver(tmp_path, "chem", known, "all")) == 1.0
    lost = {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        lost[fact] = 1.0 - _grade(tmp_path, "chem", _deliver(tmp_path, "chem", without, f"no-{fact}"))
    assert all(0.1 <= v <= 0.25 for v in lost.values()), lost
    # the two facts hinted nowhere are worth the most, each 0.15-0.25
    assert min(lost["bands"], lost["moved"]) >= max(lost["sitting"], lost["concession"]), lost
    assert all(0.15 <= lost[f] <= 0.25 for f in ("bands", "moved")), lost
    # a worker who finds both hinted facts but neither of the facts hinted nowhere stays at or under the hard target
    hinted = {k: v for k, v in known.items() if k in ("sitting", "concession")}
    assert _grade(tmp_path, "chem", _deliver(tmp_path, "chem", hinted, "hinted-only")) <= 0.6
    assert _grade(tmp_path, "chem", _deliver(tmp_path, "chem", None, "nobody")) <= 0.5
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base")) == 1.0
