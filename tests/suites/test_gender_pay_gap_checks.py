"""gender_pay_gap: the checks score the reference fully and specific wrong deliveries low on the specific check; in
the hard instance (april_2026) four facts held by the client's staff change the figures, each by its own slice (two
hinted nowhere: Normanton's 37.5-hour week and the parent's share plan); a malformed delivery scores 0 with
evidence; only the hard instance has staff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .deliverable_harness import Family, Tree, inputs_text, load_module, needs_bwrap, ref_bytes

FAM = Family("gender_pay_gap", ("_gpg_calc", "_gpg_note", "_gpg_read", "reference"))
FAMILY = FAM.root
_checks, _deliver, _grade = FAM.checks, FAM.deliver, FAM.grade
HARD = FAMILY / "variants/april_2026"


def _figures(root: Path) -> dict:
    return json.loads(ref_bytes(root, "gpg_figures.json"))


def _reference_tree(root: Path) -> Tree:
    return Tree({n: ref_bytes(root, n) for n in ("gpg_figures.json", "gpg_employees.csv", "issues.json")})


def test_the_people_know_what_the_inputs_do_not_say() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "moved from 40 to 37.5 hours a week on 1 March 2026" in people
    assert "Aldermoor Performance Share Plan 2023 award vested on 20 March 2026" in people
    assert "in employment under a contract personally to do work" in people
    assert "8 are women: HUL-0107" in people
    text = inputs_text(HARD).casefold()
    for word in ("share plan", "vested", "personally to do work", "37.5 hours", "are women", "legal's view"):
        assert word not in text, word
    # the hints that are there: the owner-drivers' agreements, the Hull staff with no gender
    assert "substitution" in text and "not permitted" in text
    assert "gender not held (transferor data)" in text
    # and the fair instance says it all in its e-mails
    fair = inputs_text(FAMILY).casefold()
    assert "performance share plan" in fair and "37.5 hours" in fair and "personally to do work" in fair


def test_the_figures_hang_on_the_rules_of_the_regulations() -> None:
    import csv
    import io

    for root in (FAMILY, HARD):
        fig = _figures(root)
        assert fig["full_pay_relevant_employees"] % 4 == 0
        assert fig["relevant_employees"] > fig["full_pay_relevant_employees"]
        rows = list(csv.DictReader(io.StringIO(ref_bytes(root, "gpg_employees.csv").decode())))
        counted = [r for r in rows if r["relevant"] == "yes"]
        # those on reduced pay for leave are out of the hourly figures but keep their bonus
        assert any(r["full_pay"] == "no" and float(r["bonus_12m"]) > 0 for r in counted)
        # the commission paid in April enters hourly pay pro-rated, so some rows carry bonus in the period
        assert any(float(r["bonus_in_period"] or 0) > 0 for r in counted)
        # flex operatives' hours are a 12-week average, owner-drivers are counted, agency temps are not
        assert any("12-week average" in r["notes"] for r in counted)
        assert any(r["payroll"].startswith("owner-driver") for r in counted)
        assert not any(r["employee_id"].startswith("SL") for r in counted)
    assert _figures(FAMILY) != _figures(HARD)


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("april_2026")
    assert not has_world(base) and has_world(hard)
    assert "Kerry Lund" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists()


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = _reference_tree(FAMILY)
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "Agency temps from StaffLink are excluded: they are employed by the agency.",
            "Ordinary pay is taken after salary sacrifice (the reduced amount).",
        ]
    )
    value, evidence = checks.note_issues(Tree({"note_to_hr_director.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / sum(m.get("weight", 1) for m in issues)), evidence
    vague = "\n\n".join(["Agency.", "Salary sacrifice.", "Overtime.", "Commission.", "Hull."])
    assert checks.note_issues(Tree({"note_to_hr_director.md": vague.encode()}), ref, {})[0] == 0.0


def test_each_figure_check_takes_its_figures_on_their_own() -> None:
    checks = _checks()
    ref = _reference_tree(FAMILY)
    names = (
        "mean_hourly_gap",
        "median_hourly_gap",
        "mean_bonus_gap",
        "median_bonus_gap",
        "bonus_proportions",
        "pay_quartiles",
        "headcounts",
        "employee_rows",
    )
    for fn in names:
        assert getattr(checks, fn)(ref, ref, {})[0] == 1.0, fn
    got = _figures(FAMILY)
    got["mean_hourly_pay_gap_pct"] += 0.3
    got["female_bonus_pct"] = str(got["female_bonus_pct"]) + "%"  # a figure written as text still counts
    got["quartiles"]["upper"]["male_pct"] -= 1.0
    got["relevant_employees"] += 1
    out = Tree({"gpg_figures.json": json.dumps(got).encode()})
    assert checks.mean_hourly_gap(out, ref, {})[0] == 0.0
    assert checks.median_hourly_gap(out, ref, {})[0] == 1.0
    assert checks.bonus_proportions(out, ref, {})[0] == 1.0
    assert checks.pay_quartiles(out, ref, {})[0] == pytest.approx(7 / 8)
    assert checks.headcounts(out, ref, {})[0] == pytest.approx(1 / 2)
    nan = _figures(FAMILY)
    nan["median_bonus_gap_pct"] = "NaN"
    assert checks.median_bonus_gap(Tree({"gpg_figures.json": json.dumps(nan).encode()}), ref, {})[0] == 0.0


def test_the_working_file_check_counts_wrong_rows_and_people_who_are_not_relevant() -> None:
    checks = _checks()
    ref = _reference_tree(FAMILY)
    lines = ref_bytes(FAMILY, "gpg_employees.csv").decode().splitlines()
    head, body = lines[0], lines[1:]
    counted = [ln for ln in body if ",yes," in ln]
    n = len(counted)
    cols = head.split(",")
    first = counted[0].split(",")
    first[cols.index("gender")] = "M" if first[cols.index("gender")] == "F" else "F"
    agency = next(ln for ln in body if ln.startswith("SL")).replace(",no,", ",yes,", 1)
    changed = [head, ",".join(first), *counted[1:], agency]
    value, evidence = checks.employee_rows(Tree({"gpg_employees.csv": "\n".join(changed).encode()}), ref, {})
    assert value == pytest.approx((n - 1) / (n + 1)), evidence
    assert "not relevant employees" in evidence


def test_a_malformed_delivery_scores_zero_with_evidence() -> None:
    checks = _checks()
    ref = _reference_tree(FAMILY)
    garbage = Tree({"gpg_figures.json": b"[1, 2", "gpg_employees.csv": b"\x00\x01 nothing here"})
    for fn in ("mean_hourly_gap", "pay_quartiles", "headcounts", "employee_rows"):
        value, evidence = getattr(checks, fn)(garbage, ref, {})
        assert value == 0.0 and evidence, fn
    value, evidence = checks.note_issues(Tree({}), ref, {})
    assert value == 0.0 and "cannot read" in evidence
    value, evidence = checks.mean_bonus_gap(Tree({"gpg_figures.json": b'{"mean_bonus_gap_pct": [1]}'}), ref, {})
    assert value == 0.0 and "wrong or missing" in evidence


def _staff_facts() -> dict:
    build = load_module("gender_pay_gap_build_inputs", FAMILY / "hidden/build_inputs.py")
    return build.staff_facts(build.model.simulate(build.INSTANCES["april_2026"]))


HINTED = ("owner_drivers", "hull_women")  # hinted by the files: the agreements' terms, the blank genders
NOWHERE = ("normanton_hours", "ltip")  # hinted nowhere


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert _grade(tmp_path, "april_2026", _deliver(tmp_path, "april_2026", known, "all"))[0] == 1.0
    lost = {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        out = _deliver(tmp_path, "april_2026", without, f"no-{fact}")
        lost[fact] = 1.0 - _grade(tmp_path, "april_2026", out)[0]
    assert all(0.15 <= v <= 0.55 for v in lost.values()), lost
    assert lost["ltip"] >= 0.15 and lost["normanton_hours"] >= 0.3, lost  # the facts hinted nowhere are material
    hinted = {k: v for k, v in known.items() if k in HINTED}
    assert _grade(tmp_path, "april_2026", _deliver(tmp_path, "april_2026", hinted, "hinted"))[0] <= 0.5
    assert _grade(tmp_path, "april_2026", _deliver(tmp_path, "april_2026", None, "nobody"))[0] <= 0.4
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "base"))[0] == 1.0


@needs_bwrap
def test_the_wrong_methods_lose_on_their_own_checks(tmp_path: Path) -> None:
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "careless", "shortcuts/careless_rules.py"))
    assert parts["mean_hourly_gap"] == 0 and parts["median_hourly_gap"] == 0 and parts["employee_rows"] < 0.3, parts
    assert parts["mean_bonus_gap"] == 0 and parts["pay_quartiles"] < 1 and score <= 0.4, parts
    score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", None, "face", "shortcuts/face_value.py"))
    assert parts["median_hourly_gap"] == 0 and parts["mean_bonus_gap"] == 0 and parts["headcounts"] < 1, parts
    assert parts["employee_rows"] > 0.7 and score <= 0.6, parts
