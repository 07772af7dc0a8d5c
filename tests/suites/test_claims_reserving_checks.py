"""claims_reserving: the checks score the reference fully and specific wrong deliveries low on the specific check; in
the hard instance (q4_review) six facts held by the client's staff change the figures, each by its own slice (four
hinted nowhere: the Committee's motor loss ratio, Claims' 2026 motor reserving basis, Finance's premium correction,
the large motor claim notified after the extract); only the hard instance has staff."""

from __future__ import annotations

import json
import os
import runpy
import shutil
import sys
from pathlib import Path

import pytest

from .deliverable_harness import Family, Tree, inputs_text, load_module, needs_bwrap

FAM = Family("claims_reserving", ("reference",))
FAMILY = FAM.root
_checks, _grade = FAM.checks, FAM.grade
HARD = FAMILY / "variants/q4_review"


def _reserves(root: Path) -> dict:
    return json.loads((root / "hidden/reference/reserves.json").read_text(encoding="utf-8"))


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "motor initial expected loss ratio of 64% for accident years 2024 to 2026" in people
    assert "MV-2019-00520 settled at the mediation on 8 January 2027 for £718,000" in people
    assert "£718,000 is the claim's total cost: the £143,616 we have already paid plus £574,384 still to pay" in people
    assert "one-off change in our reserving practice" in people
    assert "it lifts the motor incurred movements of calendar 2026 only" in people
    assert "The corrected 2026 household gross earned premium is £2,811,000" in people
    assert "I opened it as MV-2023-00626 and set its reserve at £1,375,000" in people
    text = inputs_text(HARD, xlsx=False).casefold()
    for word in (
        "64%",
        "718,000",
        "case reserve review",
        "escape of water",
        "revised",
        "rate increases",
        "2,811,000",
        "harbourside",
        "credit note",
        "reserving guide",
        "re-set",
        "mv-2023-00626",
        "1,375,000",
        "letter of claim",
        "llandrindod",
    ):
        assert word not in text, word
    # the hints that are there: the mediation on the claim and in the large-loss list, the June 2025 movements
    assert "mediation listed 08/01/2027" in text and "listed for mediation on 8 january" in text
    assert text.count("12/06/2025") > 100


def test_the_2026_motor_rebasing_is_in_the_data_and_moves_only_the_motor_ratios() -> None:
    hard = _reserves(HARD)
    assert hard["classes"]["motor"]["excluded_calendar_years"] == [2026]
    assert hard["classes"]["household"]["excluded_calendar_years"] == [2025]
    assert hard["classes"]["household"]["accident_years"]["2026"]["earned_premium"] == 2_811_000.0
    assert _reserves(FAMILY)["classes"]["motor"]["excluded_calendar_years"] == []


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("q4_review")
    assert not has_world(base) and has_world(hard)
    assert "Priya Raman" in hard.brief() and "Nadia Farrow" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists()


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = Tree({"issues.json": (FAMILY / "hidden/reference/issues.json").read_bytes()})
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "The migration's posting date of 1 July 2025 was replaced by each transaction's own date.",
            "Large losses are capped at GBP 250,000 as the policy now requires.",
        ]
    )
    value, evidence = checks.note_issues(Tree({"note_to_reserving_committee.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / len(issues)), evidence
    vague = "\n\n".join(["Migration.", "Large losses.", "Reopened claims.", "Recoveries.", "Duplicates."])
    value, _ = checks.note_issues(Tree({"note_to_reserving_committee.md": vague.encode()}), ref, {})
    assert value == 0.0


def test_the_ibnr_check_weighs_each_year_by_its_ibnr() -> None:
    checks = _checks()
    want = _reserves(FAMILY)
    ref = Tree({"reserves.json": json.dumps(want).encode()})
    years = [(c, ay, a["ibnr"]) for c, b in want["classes"].items() for ay, a in b["accident_years"].items()]
    big = max(years, key=lambda y: abs(y[2]))
    small = min(years, key=lambda y: abs(y[2]))

    def off(year: tuple[str, str, float]) -> float:
        got = json.loads(json.dumps(want))
        got["classes"][year[0]]["accident_years"][year[1]]["ibnr"] += 50_000
        value, _ = checks.ibnr(Tree({"reserves.json": json.dumps(got).encode()}), ref, {})
        return value

    assert checks.ibnr(ref, ref, {})[0] == 1.0
    assert off(big) < 0.8 < 0.99 < off(small)
    nan = json.loads(json.dumps(want))
    nan["classes"]["motor"]["accident_years"]["2026"]["ibnr"] = "NaN"
    assert checks.ibnr(Tree({"reserves.json": json.dumps(nan).encode()}), ref, {})[0] < 1.0


def test_totals_and_link_ratios_take_each_figure_on_its_own() -> None:
    checks = _checks()
    want = _reserves(FAMILY)
    ref = Tree({"reserves.json": json.dumps(want).encode()})
    got = json.loads(json.dumps(want))
    got["classes"]["household"]["total_ibnr"] += 25_000
    got["classes"]["motor"]["link_ratios"]["1-2"] += 0.01
    out = Tree({"reserves.json": json.dumps(got).encode()})
    assert checks.totals(out, ref, {})[0] == pytest.approx(8 / 9)
    n = sum(len(b["link_ratios"]) for b in want["classes"].values())
    assert checks.link_ratios(out, ref, {})[0] == pytest.approx((n - 1) / n)
    assert checks.totals(Tree({"reserves.json": b"[1, 2]"}), ref, {})[0] == 0.0


def _deliver(tmp_path: Path, variant: str, known: dict | None, name: str, script: str = "reference.py") -> Path:
    """Run a solution on a copy of the instance's inputs without the client's world: with `known` as the staff's
    answers, or (None) asking nobody."""
    root = FAMILY if variant == "base" else FAMILY / "variants" / variant
    work = tmp_path / name
    shutil.copytree(root / "workspace/input", work / "input")
    for path in (FAMILY / "workspace/input").rglob("*"):  # the variant's inputs overlay the family's file by file
        target = work / "input" / path.relative_to(FAMILY / "workspace/input")
        if path.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    (work / "output").mkdir()
    here = Path.cwd()
    init = {"ASK": False} if known is None else {"KNOWN": known}
    solutions = FAMILY / "hidden/solutions"
    sys.path.insert(0, str(solutions))
    try:
        os.chdir(work)
        if script == "reference.py":
            runpy.run_path(str(solutions / script), init_globals=init, run_name="__main__")
        else:  # a shortcut patches the reference module it imports
            sys.modules.pop("reference", None)
            runpy.run_path(str(solutions / script), run_name="__main__")
    finally:
        os.chdir(here)
        sys.path.remove(str(solutions))
        sys.modules.pop("reference", None)
    return work / "output"


def _staff_facts() -> dict:
    build = load_module("claims_reserving_build_inputs", FAMILY / "hidden/build_inputs.py")
    inst = build.INSTANCES["q4_review"]
    _, story = build.model.simulate(inst)
    story["post"]["amount"] = 718_000.0
    story["premium_correction"] = {"cls": "household", "ay": 2026, "amount": 2_811_000.0}
    return build.staff_facts(inst, story)


HINTED = ("strengthening", "post_settlement")  # hinted by the files: the June 2025 movements, the mediation listed
NOWHERE = ("elr_revision", "rebasing", "premium_correction", "late_large_loss")  # hinted nowhere


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert set(known) == set(HINTED + NOWHERE)
    assert _grade(tmp_path, "q4_review", _deliver(tmp_path, "q4_review", known, "all"))[0] == 1.0
    lost = {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        lost[fact] = 1.0 - _grade(tmp_path, "q4_review", _deliver(tmp_path, "q4_review", without, f"no-{fact}"))[0]
    print(lost)
    assert all(0.12 <= v <= 0.32 for v in lost.values()), lost
    # a worker who finds the hinted facts and the loss ratio (the one an open question to its obvious owner gets)
    found = {k: v for k, v in known.items() if k in (*HINTED, "elr_revision")}
    assert _grade(tmp_path, "q4_review", _deliver(tmp_path, "q4_review", found, "found"))[0] <= 0.6
    # the last blind playtest's finds (the hinted facts and Claims' 2026 basis): the late-notified claim costs it too
    seen = {k: v for k, v in known.items() if k in (*HINTED, "rebasing")}
    assert _grade(tmp_path, "q4_review", _deliver(tmp_path, "q4_review", seen, "seen"))[0] <= 0.6
    with_late = {**seen, "late_large_loss": known["late_large_loss"]}
    assert _grade(tmp_path, "q4_review", _deliver(tmp_path, "q4_review", with_late, "seen-late"))[0] > 0.6
    assert _grade(tmp_path, "q4_review", _deliver(tmp_path, "q4_review", None, "nobody"))[0] <= 0.5
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base"))[0] == 1.0


@needs_bwrap
def test_the_naive_reading_fails_on_the_triangles_and_the_old_basis_on_the_reserves(tmp_path: Path) -> None:
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "naive", "shortcuts/naive_reading.py"))
    assert score <= 0.3 and parts["paid_triangle"] < 0.2 and parts["incurred_triangle"] < 0.2, parts
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "old", "shortcuts/last_year_basis.py"))
    assert parts["paid_triangle"] < 0.9 and parts["ibnr_by_accident_year"] < 0.5 and score <= 0.6, parts
