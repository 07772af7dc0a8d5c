"""marking_scheme's hard instance (chem): seven facts held by the school's staff change the marks, each by its own
slice; their gates are proved by the gate checks; only the hard instance has staff."""

from __future__ import annotations

import csv
import importlib.util
import re
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


def _class_list() -> list[dict[str, str]]:
    with open(CHEM / "workspace/input/class_list.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _class_ids() -> dict[str, str]:
    return {f"{r['given_name']} {r['surname']}": r["student_id"] for r in _class_list()}


def _staff_facts() -> dict:
    build = _build_inputs()
    arrangements = {f"{r['given_name']} {r['surname']}": r["access_arrangements"] for r in _class_list()}
    return build.staff_facts(build.INSTANCES["chem"], _class_ids(), arrangements)


def _text(path: Path) -> str:
    from worktrial.kit.solution.documents import document_text

    return document_text(path) if path.suffix == ".docx" else path.read_text(encoding="utf-8")


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
    classes = {r["student_id"]: r["class"] for r in _class_list()}
    assert all(classes[ids[s]] == "10D" for s in moved)
    # the scheme's printed boundaries are the old ones: the re-basing is hinted nowhere in the inputs
    assert dict(inst["bands"]) != dict(inst["rebased_bands"])
    # the misprint, where the students with access arrangements sat and the error carried forward: hinted nowhere
    for word in ("misprint", "250 dm3", "withdrawn", "carried forward", "follow-through", "learning support base",
                 "printed cop", "moderat", "exams office"):  # fmt: skip
        assert word not in text, word
    assert "read '250 dm3 of solution' instead of '250 cm3'" in people
    ecf = inst["ecf"]
    assert f"{ecf['numerator']:g} divided by their Mr, times {ecf['times']}" in people
    with_arrangements = [f"{r['given_name']} {r['surname']}" for r in _class_list() if r["access_arrangements"]]
    assert ", ".join(with_arrangements[:-1]) + " and " + with_arrangements[-1] + " - sat it in the learning" in people
    # the count Yvonne asks for is the number of papers in the folder that divide by the misprinted 250, whichever
    # files a marker counts, and her gate wants exactly that number
    divide = re.compile(r"/\s*250(?![\d.])")
    dividing = [p.name for p in (CHEM / "workspace/input/submissions").iterdir() if divide.search(_text(p))]
    assert len(dividing) == len(inst["misprint"]["followers"]) == 2, dividing
    assert not set(inst["misprint"]["followers"]) & set(with_arrangements)


def test_the_reference_grades_follow_the_rebased_boundaries_and_the_withdrawn_question() -> None:
    inst = _build_inputs().INSTANCES["chem"]
    bands = sorted(inst["rebased_bands"], key=lambda b: -b[1])
    q, full = f"q{inst['void']['question']}", inst["void"]["full"]
    printed = set(_staff_facts()["printed"])
    with open(CHEM / "hidden/reference/marks.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        if r["grade"] == "ABS":
            continue
        # question 3 is blank for the students who sat from the portal copy, their grade read from the total scaled
        # to the full paper (x 20 / 17); the students on printed copies keep question 3
        assert (r[q] == "") == (r["student_id"] not in printed), r
        scaled = int(int(r["total"]) * full / (full - 3) + 0.5) if r[q] == "" else int(r["total"])
        want = next(g for g, m in bands if scaled >= m)
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


HINTED = ("sitting", "concession")  # hinted by the folder: second files after everyone else, misspelt keywords
NOWHERE = ("bands", "moved", "void", "printed", "ecf")  # hinted nowhere in the inputs
FOUND_BY_THE_LAST_PLAYTEST = ("sitting", "concession", "bands", "moved")


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert set(known) == {*HINTED, *NOWHERE}

    def score(facts: tuple[str, ...] | None, name: str) -> float:
        given = None if facts is None else {k: known[k] for k in facts}
        return _grade(tmp_path, "chem", _deliver(tmp_path, "chem", given, name))

    assert score(tuple(known), "all") == 1.0
    lost = {fact: 1.0 - score(tuple(k for k in known if k != fact), f"no-{fact}") for fact in known}
    assert all(0.1 <= v <= 0.3 for v in lost.values()), lost
    # every fact hinted nowhere is worth more than either hinted one, each 0.2-0.3
    assert min(lost[f] for f in NOWHERE) >= max(lost[f] for f in HINTED), lost
    assert all(0.2 <= lost[f] <= 0.3 for f in NOWHERE), lost
    # the new facts (the misprinted question, who sat from printed copies, error carried forward) decide the score:
    # a worker who finds everything the last playtest found and none of them scores about 0.5-0.6
    assert 0.5 <= score(FOUND_BY_THE_LAST_PLAYTEST, "last-playtest") <= 0.6
    assert score(HINTED, "hinted-only") <= 0.45
    # the open questions of the asks_everybody shortcut reach the set changes and the moderator's ruling, nothing else
    assert score(("moved", "ecf"), "open-questions") <= 0.5
    assert score(None, "nobody") <= 0.4
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base")) == 1.0


def test_open_questions_alone_do_not_open_the_evidence_gates(tmp_path: Path) -> None:
    """What asks_everybody gets: every person asked the same open questions of diligence, nothing worked out."""
    import sys

    from worktrial.tasks import load_family
    from worktrial.world import Ledger, Router, World

    sys.path.insert(0, str(FAMILY / "hidden/solutions"))
    from staff_questions import OPEN_QUESTIONS

    instance = load_family(FAMILY).instance("chem")
    router = Router(instance.people())
    world = World(router.people, instance.config.world, Ledger(tmp_path / "ledger.jsonl"), router)
    for person in instance.people().people:
        for question in OPEN_QUESTIONS:
            world.ask(person.id, question)
    facts = world.facts
    assert {"students_moved_set", "ecf_q5", "rebasing_pending", "q3_misprint"} <= facts, facts
    for held_back in ("boundaries_rebased", "q3_withdrawn", "printed_copies", "late_files_not_marked",
                      "spelling_concession"):  # fmt: skip
        assert held_back not in facts, held_back
    # with the figures the scripts give, the same people answer
    world.ask("yvonne", "2 students worked question 3 from 250 dm3: Sofia Reyes-Grant and Reuben Stanfield.")
    world.ask("niamh", "10D's mean mark over the students who sat is 9.9.")
    assert {"q3_withdrawn", "boundaries_rebased"} <= world.facts
