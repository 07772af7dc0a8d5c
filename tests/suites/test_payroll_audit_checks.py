"""payroll_audit's hard instance (q3_sites): six facts held by the client's staff change the figures, each by its
own slice, the four hinted nowhere the most; the note check finds matters raised and misses matters left out; only
the hard instance has staff."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from .deliverable_harness import Family, Tree, inputs_text, load_module, needs_bwrap

FAM = Family("payroll_audit", ("reference", "_payroll_note"))
FAMILY = FAM.root
_checks = FAM.checks
HARD = FAMILY / "variants/q3_sites"


def _grade(tmp_path: Path, variant: str, output: Path) -> float:
    return FAM.grade(tmp_path, variant, output)[0]


def _build_inputs():
    return load_module("payroll_audit_build_inputs", FAMILY / "hidden/build_inputs.py")


def test_the_people_know_what_the_inputs_only_hint_at() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "35% night premium" in people and "from Monday 13 July to Sunday 23 August" in people
    assert "re-graded to CL2 with effect from 29 June 2026" in people
    assert "under TUPE" in people and "Employee Relations Manager" in people
    assert "from the pay week beginning Monday 20 July 2026" in people and "supplementary payroll" in people
    text = inputs_text(HARD, xlsx=False).casefold()
    for word in (
        "35%",
        "appeal",
        "back-dated",
        "backdated",
        "winter time",
        "power cut",
        "6 october",
        "tupe",
        "transfer",
        "protected",
        "nandakumar",
        "side letter",
        "negotiating",
        "20 july",
        "supplementary",
        "off-cycle",
        "arrears",
        "back pay",
    ):
        assert word not in text, word
    # the hints that are there: Schedule 3 names the local agreement, the rota e-mail gives 18:00 to 00:30
    assert "la-rgh-2024" in text and "18:00 to 00:30" in text


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("q3_sites")
    assert not has_world(base) and has_world(hard)
    assert "Farah Quadri" in hard.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists()


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = Tree({"issues.json": (FAMILY / "hidden/reference/issues.json").read_bytes()})
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "The 2026 rise was due from 3 August but payroll paid it from 17 August.",
            "Night premium was not paid after midnight.",
        ]
    )
    value, evidence = checks.note_issues(Tree({"note_to_hr_director.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / len(issues)), evidence
    # naming the topics without saying what is wrong earns nothing
    vague = "Pay rise. Night work. Overpayments. Records. Glasgow."
    value, _ = checks.note_issues(Tree({"note_to_hr_director.md": vague.encode()}), ref, {})
    assert value == 0.0


def test_priya_names_the_transferees_the_generator_leaves_out_and_the_note_check_credits_the_exclusion() -> None:
    import re
    import tomllib

    build = _build_inputs()
    moved = build.staff_facts(build.INSTANCES["q3_sites"])["transferred"]
    people = tomllib.loads((HARD / "hidden/people.toml").read_text(encoding="utf-8"))
    priya = next(p for p in people["person"] if p["id"] == "priya")
    answer = next(t for t in priya["topics"] if t["id"] == "agreement_coverage")["answer"]
    assert re.findall(r"\((E\d{4})\)", answer) == moved and len(moved) == 4
    register = (HARD / "hidden/reference/underpayment_register.csv").read_text(encoding="utf-8")
    assert not any(e in register for e in moved)  # paid rightly under their own contracts: not in the register
    payroll = (HARD / "workspace/input/payroll_export_Q3_2026.csv").read_text(encoding="utf-8")
    assert all(e in payroll for e in moved)  # but they are paid, so a worker who does not know recomputes them
    # and paid exactly as their colleagues are: the same basic rate every week, so nothing in the export singles
    # them out (an earlier version paid them their own rate from July, which a playtest worker noticed)

    rows = list(csv.DictReader(io.StringIO(payroll)))
    cl1 = {r["emp_no"] for r in rows if r["cost_centre"] == "RGH"} - set(moved)
    grades = _grades(HARD)
    cl1 = {e for e in cl1 if grades[e] == ["CL1"]}
    for week in {r["week_ending"] for r in rows}:
        rates = {
            r["rate"]
            for r in rows
            if r["week_ending"] == week and r["element"] == "BAS" and r["emp_no"] in cl1 | set(moved)
        }
        assert len(rates) == 1, (week, rates)
    checks = _checks()
    ref = Tree({"issues.json": (HARD / "hidden/reference/issues.json").read_bytes()})
    n = len(json.loads(ref.files["issues.json"]))
    said = (
        "Four Ravensworth cleaners (E3148, E3150, E3152, E3153) transferred under TUPE in 2024 and keep their "
        "protected contracts, so they are excluded from the register and the totals."
    )
    value, evidence = checks.note_issues(Tree({"note_to_hr_director.md": said.encode()}), ref, {})
    assert value == pytest.approx(1 / n), evidence
    # putting them in as overpaid raises nothing
    wrong = "Ravensworth cleaners E3148 and E3150 were overpaid in July and should repay it."
    value, _ = checks.note_issues(Tree({"note_to_hr_director.md": wrong.encode()}), ref, {})
    assert value == 0.0


def _grades(root: Path) -> dict[str, list[str]]:
    import openpyxl

    ws = openpyxl.load_workbook(root / "workspace/input/hr_grade_list.xlsx", read_only=True).active
    out: dict[str, list[str]] = {}
    for row in list(ws.iter_rows(values_only=True))[1:]:
        out.setdefault(row[0], []).append(row[5])
    return out


def _reference():
    return load_module("payroll_audit_reference", FAMILY / "hidden/solutions/reference.py")


def test_the_answers_give_the_facts_the_generator_holds() -> None:
    """What the reference reads in each answer (the way a worker would) is what the generator wrote the truth from."""
    import tomllib

    build = _build_inputs()
    known = build.staff_facts(build.INSTANCES["q3_sites"])
    raw = tomllib.loads((HARD / "hidden/people.toml").read_text(encoding="utf-8"))
    read: dict = {}
    for person in raw["person"]:
        for topic in person.get("topics", []):
            read.update(_reference().read_answer(topic["answer"]))
    assert read == known


def test_owen_wants_a_count_of_the_early_shifts_that_the_terminal_export_gives() -> None:
    import tomllib
    from datetime import date

    import openpyxl

    raw = tomllib.loads((HARD / "hidden/people.toml").read_text(encoding="utf-8"))
    fact = next(f for f in raw["fact"] if f["id"] == "cwf_early_shifts_counted")
    figure = fact["evidence"]["figures"][0]
    owen = next(p for p in raw["person"] if p["id"] == "owen")
    gate = next(t for t in owen["topics"] if t["id"] == "terminal_clock")["gate"]
    assert {"fact": "cwf_early_shifts_counted"} in gate
    wb = openpyxl.load_workbook(HARD / "workspace/input/timesheets/CWF_terminal_export.xlsx", read_only=True)
    rows = [r for ws in wb.worksheets for r in list(ws.iter_rows(values_only=True))[1:]]
    window = [r for r in rows if date(2026, 7, 13) <= r[2].date() <= date(2026, 8, 23)]
    counts = {
        "rows": len(window),
        "shifts": sum(1 for r in window if r[4] == "SHIFT"),
        "17:xx": sum(1 for r in window if r[4] == "SHIFT" and r[2].hour == 17),
        "17:00": sum(1 for r in window if r[4] == "SHIFT" and (r[2].hour, r[2].minute) == (17, 0)),
    }
    assert all(figure["min"] <= n <= figure["max"] for n in counts.values()), counts
    # a count of the whole quarter, of people or of weeks is refused
    assert not figure["min"] <= len(rows) <= figure["max"] and figure["min"] > 10


def test_marcus_answers_the_starter_and_repeats_both_points_of_the_unexplained_line() -> None:
    from worktrial.tasks.loader import load_people
    from worktrial.world.routing import Router

    people = load_people(HARD / "hidden/people.toml", {})
    router = Router(people)
    for question in (
        "Why was Kofi Drummond paid nothing for his first week?",
        "The Northgate starter worked the week ending 9 August but has no pay for it - is it owed?",
    ):
        assert router.scores("marcus", question)[0][0] == "starter_first_week", question
    import tomllib

    raw = tomllib.loads((HARD / "hidden/people.toml").read_text(encoding="utf-8"))
    marcus = next(p for p in raw["person"] if p["id"] == "marcus")
    short = next(t for t in marcus["topics"] if t["id"] == "unexplained_line").get("short", "")
    assert short and "glasgow" in short.casefold() and "12" in short


def test_totals_checks_take_each_figure_on_its_own() -> None:
    checks = _checks()
    want = json.loads((FAMILY / "hidden/reference/totals.json").read_bytes())
    ref = Tree({"totals.json": json.dumps(want).encode()})
    got = json.loads(json.dumps(want))
    first = next(iter(got["by_site"]))
    got["by_site"][first] += 50
    got["by_cause"]["night"] = "NaN"
    out = Tree({"totals.json": json.dumps(got).encode()})
    site, _ = checks.by_site(out, ref, {})
    cause, _ = checks.by_cause(out, ref, {})
    head, _ = checks.headline(out, ref, {})
    assert site == pytest.approx((len(want["by_site"]) - 1) / len(want["by_site"]))
    assert cause == pytest.approx(5 / 6)
    assert head == 1.0
    bad, _ = checks.headline(Tree({"totals.json": b"[1, 2]"}), ref, {})
    assert bad == 0.0


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    build = _build_inputs()
    known = build.staff_facts(build.INSTANCES["q3_sites"])
    hinted = {"terminal", "local_night"}
    nowhere = {"backdated", "transferred", "award_from", "arrears"}
    assert set(known) == hinted | nowhere
    assert _grade(tmp_path, "q3_sites", FAM.deliver(tmp_path, "q3_sites", known, "all")) == 1.0
    lost = {}
    for fact in known:
        without = {k: v for k, v in known.items() if k != fact}
        lost[fact] = 1.0 - _grade(tmp_path, "q3_sites", FAM.deliver(tmp_path, "q3_sites", without, f"no-{fact}"))
    assert all(0.05 <= v <= 0.3 for v in lost.values()), lost
    # the facts hinted nowhere are worth the most, the two added last (the side letter moving the rise to 20 July
    # and the supplementary run that paid the late rise for two weeks) among them
    assert min(lost[f] for f in nowhere) >= max(lost[f] for f in hinted), lost
    assert lost["award_from"] >= 0.2 and lost["arrears"] >= 0.2, lost
    # a worker who handles every trap in the files and both hinted facts but none hinted nowhere lands in the middle:
    # below the hard target, above what asking nobody earns
    only_hinted = _grade(
        tmp_path, "q3_sites", FAM.deliver(tmp_path, "q3_sites", {k: known[k] for k in hinted}, "hinted")
    )
    nobody = _grade(tmp_path, "q3_sites", FAM.deliver(tmp_path, "q3_sites", None, "nobody"))
    assert 0.5 <= only_hinted <= 0.6 and nobody <= 0.5 and nobody < only_hinted, (only_hinted, nobody)
    # one fact hinted nowhere found on top keeps the worker at the hard target
    for fact in nowhere:
        one = {k: known[k] for k in hinted | {fact}}
        assert _grade(tmp_path, "q3_sites", FAM.deliver(tmp_path, "q3_sites", one, f"hinted+{fact}")) <= 0.61, fact
    assert _grade(tmp_path, "base", FAM.deliver(tmp_path, "base", None, "base")) == 1.0
