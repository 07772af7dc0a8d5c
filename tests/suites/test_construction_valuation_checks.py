"""construction_valuation: the checks score the reference fully and specific wrong deliveries low on the specific
check; in the hard instance (holme_mills) ten facts held by the client's staff change the figures, each by its own
slice (seven hinted nowhere: Section 1's practical completion, the failed Block B render, the Block A tower crane still
standing, the administration of the LI-04 bathroom pod maker, the deed of variation settling CN-14 and moving
Section 1's Completion Date, the contra-charge for the Block A flood and the loss and expense ascertained on CN-26);
the headline figures (gross valuation, sum due, sum payable, notified sum) are right only with every fact; only the
hard instance has staff."""

from __future__ import annotations

import json
import os
import re
import runpy
import shutil
import sys
from pathlib import Path

import pytest

from .deliverable_harness import Family, Tree, load_module, needs_bwrap

FAM = Family("construction_valuation", ())
FAMILY = FAM.root
_checks, _grade = FAM.checks, FAM.grade
BASE = FAMILY / "variants/base"
HARD = FAMILY / "variants/holme_mills"
TODAY = {"base": "2026-04-09", "holme_mills": "2026-04-07"}


def _reference(root: Path) -> Tree:
    ref = root / "hidden/reference"
    return Tree({p.name: p.read_bytes() for p in ref.iterdir()})


def _inputs_text(root: Path) -> str:
    from worktrial.kit.solution.documents import document_text

    parts = []
    for path in sorted((root / "workspace/input").rglob("*")):
        if path.suffix in (".docx", ".pdf"):
            parts.append(document_text(path))
        elif path.suffix in (".csv", ".eml"):
            parts.append(path.read_bytes().decode("utf-8", errors="replace"))
        elif path.suffix == ".xlsx":
            import openpyxl

            wb = openpyxl.load_workbook(path, data_only=True)
            parts += [
                " ".join(str(c) for c in row if c is not None) for ws in wb for row in ws.iter_rows(values_only=True)
            ]
    return "\n".join(parts)


def test_the_people_know_what_the_inputs_do_not_say() -> None:
    people = (HARD / "hidden/people.toml").read_text(encoding="utf-8")
    assert "Section 1 reached practical completion on 12 March 2026" in people
    assert "items B/3/02 and B/3/03, failed the pull-off adhesion tests" in people
    assert "30 of the 48 balcony units" in people and "£11,225" in people and "CVI-07 of 4 February" in people
    assert "The Block A tower crane hasn't come down" in people and "(LI-04), went into administration" in people
    assert "£18,500 in full and final settlement" in people and "moves from 27 February to 6 March 2026" in people
    assert "£64,380, as a contra-charge" in people and "£41,250 of the £58,400 they notified" in people
    text = _inputs_text(HARD).casefold()
    for word in (
        "12 march",
        "practical completion statement",
        "adhesion",
        "dn-09",
        "defect notice",
        "11,225",
        "side letter",
        "30 of the 48",
        "not been cast",
        "stands as an instruction",
        "deed",
        "18,500",
        "settle",
        "administration",
        "administrator",
        "insolven",
        "retention of title",
        "come down",
        "still standing",
        "14 april",
        "contra-charge",
        "contra charge",
        "64,380",
        "flood",
        "41,250",
        "ascertain",
    ):
        assert word not in text, word
    # what the facts are about is in the files, with nothing wrong with it: the pods as a Listed Item with their
    # vesting certificate, the crane's dismantling as achieved, CN-14 as a notification and the Completion Date
    assert "li-04 bathroom pods" in text and "calder modular" in text
    assert "p/20,tower crane block a: dismantle and remove,f,y" in text.replace("\r", "")
    assert "cn-14" in text and "27 february 2026" in text
    # the hints that are there: V21 as a notification, the inspection report to follow, the surcharge claim
    assert "cn-31" in text and "no record of an instruction" in text
    assert "report to follow" in text and "mill surcharge" in text and "22,450" in text
    # CN-26 is in the register as a notification with the Contractor's value; the application gives LI-02 block by
    # block, so the 48 units (or £99,840) the Technical Manager asks for must be added up
    assert "cn-26" in text and "58400" in text.replace(",", "")
    app = _inputs_text(HARD).split("Schedule 3")[1].splitlines()
    li02 = [ln for ln in app if ln.startswith("LI-02")]
    assert len(li02) == 2 and not any(" 48 " in ln or "99,840" in ln for ln in li02), li02


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, hard = fam.instance("base"), fam.instance("holme_mills")
    assert not has_world(base) and has_world(hard)
    assert "Helen Marsh" in hard.brief() and "bin/ask" not in base.brief()
    assert "Tuesday 7 April 2026" in hard.brief() and "Thursday 9 April 2026" in base.brief()
    assert not (FAMILY / "hidden/people.toml").exists() and not (FAMILY / "workspace").exists()


def test_the_notice_dates_leave_out_the_easter_holidays() -> None:
    for root in (BASE, HARD):
        notices = json.loads((root / "hidden/reference/valuation.json").read_text())["notices"]
        assert notices["due_date"] == "2026-04-01"
        assert notices["payment_notice_by"] == "2026-04-08"  # not 6 April: Good Friday and Easter Monday excluded
        assert notices["final_date_for_payment"] == "2026-04-17"
        assert notices["pay_less_notice_by"] == "2026-04-12"
    base = json.loads((BASE / "hidden/reference/valuation.json").read_text())
    hard = json.loads((HARD / "hidden/reference/valuation.json").read_text())
    assert base["notices"]["payment_notice_in_time"] is False and hard["notices"]["payment_notice_in_time"] is True
    assert base["notices"]["notified_sum"] > base["amount_due"]  # the Contractor's application stands
    assert hard["notices"]["notified_sum"] == hard["amount_due"]


def test_the_line_check_needs_every_line_and_counts_each_on_its_own() -> None:
    checks = _checks()
    ref = _reference(BASE)
    rows = ref.files["valuation.csv"].decode().splitlines()
    value, _ = checks.variation_lines(ref, ref, {})
    assert value == 1.0
    n_var = sum(1 for r in rows if ",variation," in r)
    changed = [r if not r.startswith("V02,") else r.rsplit(",", 1)[0] + ",1.00" for r in rows]
    out = Tree({"valuation.csv": "\n".join(changed).encode()})
    assert checks.variation_lines(out, ref, {})[0] == pytest.approx((n_var - 1) / n_var)
    header_only = Tree({"valuation.csv": rows[0].encode() + b"\n"})
    for fn in (checks.measured_lines, checks.preliminaries_lines, checks.variation_lines):
        assert fn(header_only, ref, {})[0] == 0.0  # nil lines must be delivered too
    respelled = [r.replace("A/1/0", "A.1.0", 1) for r in rows]
    assert checks.measured_lines(Tree({"valuation.csv": "\n".join(respelled).encode()}), ref, {})[0] == 1.0


def test_the_note_check_needs_the_item_and_what_is_wrong_with_it() -> None:
    checks = _checks()
    ref = _reference(BASE)
    issues = json.loads(ref.files["issues.json"])
    good = "\n\n".join(
        [
            "Our Pay Less Notice on payment 11 was late (16 March, after the 13 March deadline), so it was invalid.",
            "No Non-Completion Notice was given for Section 3, so no liquidated damages can be deducted for it.",
        ]
    )
    value, evidence = checks.note_issues(Tree({"note_to_commercial_director.md": good.encode()}), ref, {})
    assert value == pytest.approx(2 / len(issues)), evidence
    vague = "\n\n".join(["Pay less notice.", "Section 3.", "Retention.", "Render.", "Steel surcharge.", "Insurance."])
    assert checks.note_issues(Tree({"note_to_commercial_director.md": vague.encode()}), ref, {})[0] == 0.0


def test_the_figure_checks_take_each_figure_on_its_own() -> None:
    checks = _checks()
    want = json.loads((BASE / "hidden/reference/valuation.json").read_text())
    ref = Tree({"valuation.json": json.dumps(want).encode()})
    got = json.loads(json.dumps(want))
    got["retention"] += 100
    got["notices"]["payment_notice_by"] = "2026-04-06"
    got["liquidated_damages"]["section_3"] = 3500.0
    out = Tree({"valuation.json": json.dumps(got).encode()})
    assert checks.payment_summary(out, ref, {})[0] == pytest.approx(5 / 6)
    assert checks.notices(out, ref, {})[0] == pytest.approx(7 / 8)
    assert checks.completion(out, ref, {})[0] == pytest.approx(4 / 5)
    nan = json.loads(json.dumps(want))
    nan["gross_valuation"] = "NaN"
    assert checks.payment_summary(Tree({"valuation.json": json.dumps(nan).encode()}), ref, {})[0] < 1.0
    assert checks.payment_summary(Tree({"valuation.json": b"[1, 2]"}), ref, {})[0] == 0.0


def _deliver(tmp_path: Path, variant: str, known: dict | None, name: str, rules: set[str] | None = None) -> Path:
    """Run the reference on a copy of the instance's inputs without the client's world, with `known` as the staff's
    answers (and `rules` switched off by name, as the shortcuts do)."""
    root = FAMILY / "variants" / variant
    work = tmp_path / name
    shutil.copytree(root / "workspace/input", work / "input")
    (work / "output").mkdir()
    here = Path.cwd()
    init: dict = {"KNOWN": {**(known or {}), "today": TODAY[variant]}, "RULES": rules or set()}
    solutions = FAMILY / "hidden/solutions"
    sys.path.insert(0, str(solutions))
    try:
        os.chdir(work)
        runpy.run_path(str(solutions / "reference.py"), init_globals=init, run_name="__main__")
    finally:
        os.chdir(here)
        sys.path.remove(str(solutions))
    return work / "output"


def _staff_facts() -> dict:
    story = load_module("construction_valuation_story", FAMILY / "hidden/_construction_valuation_story.py")
    return dict(story.build_project("holme_mills").facts)


HINTED = ("verbal_instruction", "offsite_inspection", "fluctuation_agreed")  # hinted: V21, the inspection, the claim
NOWHERE = (
    "section1_pc",
    "defective",
    "crane_standing",
    "supplier_insolvency",
    "deed_of_variation",
    "contra_charge",
    "loss_and_expense",
)  # hinted nowhere
NEW = (
    "contra_charge",
    "loss_and_expense",
)  # added by the second hardening: each moves the sum due by tens of thousands

sys.path.insert(0, str(FAMILY / "hidden"))


@needs_bwrap
def test_each_staff_fact_is_its_own_slice_and_asking_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    known = _staff_facts()
    assert set(known) == set(HINTED + NOWHERE)
    assert _grade(tmp_path, "holme_mills", _deliver(tmp_path, "holme_mills", known, "all"))[0] == 1.0

    def score(facts: tuple[str, ...], name: str) -> tuple[float, dict[str, float]]:
        return _grade(tmp_path, "holme_mills", _deliver(tmp_path, "holme_mills", {k: known[k] for k in facts}, name))

    lost = {}
    for fact in known:
        value, parts = score(tuple(k for k in known if k != fact), f"no-{fact}")
        lost[fact] = 1.0 - value
        # every fact, hinted or not, decides the headline figures: the sum due and the sum a Pay Less Notice states
        assert parts["headline_figures"] <= 0.25 and parts["payment_summary"] < 1.0, (fact, parts)
    assert all(0.25 <= v <= 0.42 for v in lost.values()), lost
    assert all(lost[fact] >= 0.27 for fact in NEW), lost  # missing either new fact alone costs more than a quarter
    # a worker who handles every file trap and follows every hint but asks nothing open
    assert 0.4 <= score(HINTED, "hinted")[0] <= 0.5
    # the first blind playtest's path: every hint followed and the Employer's Agent asked openly, nobody else
    assert score((*HINTED, "section1_pc"), "played")[0] <= 0.5
    # the second: also the pods' administration and the deed, but no open site question and neither new fact
    assert score((*HINTED, "section1_pc", "supplier_insolvency", "deed_of_variation"), "replayed")[0] <= 0.6
    # every fact of the first hardening found, the contra-charge and the loss and expense missed
    assert score((*HINTED, *(k for k in NOWHERE if k not in NEW)), "all-but-new")[0] <= 0.7
    assert score((), "nobody")[0] <= 0.4
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", {}, "base"))[0] == 1.0


def test_open_questions_reach_section_1_only_and_the_area_questions_reach_the_new_facts(tmp_path: Path) -> None:
    """What asks_everybody gets: every person asked the same open questions of diligence, naming no area; then the
    questions a quantity surveyor asks the Commercial Manager and the Employer's Agent about their areas."""
    from worktrial.tasks import load_family
    from worktrial.world import Ledger, Router, World

    shortcut = (HARD / "hidden/solutions/shortcuts/asks_everybody.py").read_text(encoding="utf-8")
    questions = re.findall(r'^    "(.+\?|.+\.)",$', shortcut, re.M)
    assert len(questions) >= 5, questions
    instance = load_family(FAMILY).instance("holme_mills")
    router = Router(instance.people())
    world = World(router.people, instance.config.world, Ledger(tmp_path / "ledger.jsonl"), router)
    for person in instance.people().people:
        for question in questions:
            world.ask(person.id, question)
    assert world.facts & set(HINTED + NOWHERE) == {"section1_pc"}, world.facts
    for person, question in (
        ("declan", "Is there anything else agreed with Brackenridge that I should know about?"),
        ("declan", "Are there any liquidated damages to deduct from this payment?"),
        (
            "helen",
            "The register lists V21 as a Contractor's notification with no record of an instruction. Did you "
            "instruct it?",
        ),
        ("gareth", "What does your signature on the daywork sheets mean?"),
        ("priyanka", "Which off-site items are Listed Items?"),
        ("tom", "Have we paid anything since the last valuation?"),
    ):  # nobody volunteers the new facts to an unrelated question, nor to "anything else agreed?"
        world.ask(person, question)
        assert not world.facts & set(NEW), (question, world.facts)
    world.ask("declan", "Apart from liquidated damages, are there any contra-charges against Brackenridge?")
    world.ask("helen", "Have you ascertained any loss and expense on the Contractor's notifications?")
    assert set(NEW) <= world.facts, world.facts


RULE_CHECKS = {
    "remeasure_all": "measured_work_lines",
    "ps_at_face": "measured_work_lines",
    "prelims_pro_rata": "preliminaries_lines",
    "variations_as_claimed": "variation_lines",
    "mos_all": "materials_and_fluctuations",
    "offsite_all": "materials_and_fluctuations",
    "fluctuations_claimed": "materials_and_fluctuations",
    "flat_retention": "payment_summary",
    "previous_paid": "payment_summary",
    "lds_as_asked": "completion_and_damages",
    "calendar_days": "notices",
    "notified_is_ours": "notices",
}


@needs_bwrap
def test_each_rule_of_the_contract_and_the_act_costs_its_own_check(tmp_path: Path) -> None:
    for rule, check in RULE_CHECKS.items():
        score, parts = _grade(tmp_path, "base", _deliver(tmp_path, "base", {}, rule, {rule}))
        assert parts[check] < 1.0 and score <= 0.95, (rule, parts)


def test_the_family_lints_clean() -> None:
    from worktrial.tasks import lint_path

    assert [str(p) for p in lint_path(FAMILY)] == []


@needs_bwrap
@pytest.mark.parametrize(
    "content",
    [
        b"\x00\xff\xfe garbage",
        b'[1, 2, "x", null, NaN]',
        b"ref,kind,value\nV01,variation,NaN\nP/01,preliminaries,1e999\n",
    ],
)
def test_garbage_deliveries_score_nothing_and_void_nothing(tmp_path: Path, content: bytes) -> None:
    for variant in ("base", "holme_mills"):
        out = tmp_path / f"{variant}-out"
        out.mkdir()
        for name in ("valuation.csv", "valuation.json", "note_to_commercial_director.md"):
            (out / name).write_bytes(content)
        score, parts = _grade(tmp_path, variant, out)
        assert score == 0.0, (variant, parts)
