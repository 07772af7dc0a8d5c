"""contract_clauses' own checks: the key contracts graded one slice each, the staff's gates, and that only the hard
instance has staff who hold facts."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import shutil
from pathlib import Path

import openpyxl
import pytest

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/contract_clauses"


def _checks():
    spec = importlib.util.spec_from_file_location("contract_clauses_checks", FAMILY / "hidden/checks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Tree:
    """What the checks use of a delivered or reference tree."""

    limits = None

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read_one(self, path: str):
        from worktrial.grading.checks.files import FileProblem

        if path not in self.files:
            raise FileProblem(f"{path}: missing")
        return _Entry(path), self.files[path]


class _Entry:
    def __init__(self, rel: str) -> None:
        self.rel = rel


def _reference(variant: str) -> Tree:
    ref = FAMILY / "variants" / variant / "hidden/reference"
    return Tree({p.name: p.read_bytes() for p in ref.iterdir()})


def _rows(variant: str) -> tuple[list[list], list[list[str]]]:
    ref = FAMILY / "variants" / variant / "hidden/reference"
    ws = openpyxl.load_workbook(ref / "clauses.xlsx").active
    clauses = [list(r) for r in ws.iter_rows(values_only=True)]
    risks = list(csv.reader(io.StringIO((ref / "risks.csv").read_text())))
    return clauses, risks


def _delivered(clauses: list[list], risks: list[list[str]]) -> Tree:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Clauses"
    for row in clauses:
        ws.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    out = io.StringIO()
    csv.writer(out).writerows(risks)
    return Tree({"clauses.xlsx": buf.getvalue(), "risks.csv": out.getvalue().encode()})


# Each fact hinted by no file, undone: the contract's row and breaches as the batch's documents give them.
UNDONE = {
    # Brightwater before Variation No. 1: 48 months on six months' notice, PB-04 and PB-05
    "late_variation": ("HF-SUP-2026-064", {3: 48, 5: 180}, ["PB-04", "PB-05"], []),
    # Rheinfeld without the group framework: German law, the euro cap converted, no termination right
    "framework": ("HF-SUP-2026-044", {2: "Germany", 6: 688000, 7: "no"}, ["PB-02", "PB-03", "PB-06"], []),
    # the framework's law and termination right, but not its liability floor
    "framework_floor": ("HF-SUP-2026-044", {6: 688000}, ["PB-03"], []),
    # Sowerby without the side letter: unlimited, no PB-03
    "side_letter": ("HF-SUP-2026-058", {6: "unlimited"}, [], ["PB-03"]),
    # Corvane before the novation: the Scottish company, Scots law, no PB-02
    "novation": ("HF-SUP-2026-061", {1: "Corvane Analytics Ltd", 2: "Scotland"}, [], ["PB-02"]),
}


def _undone(clauses: list[list], risks: list[list[str]], fact: str) -> tuple[list[list], list[list[str]]]:
    cid, cells, add, drop = UNDONE[fact]
    rows = [[cells.get(i, v) for i, v in enumerate(row)] if row[0] == cid else row for row in clauses]
    kept = [r for r in risks if not (r[0] == cid and r[1] in drop)]
    return rows, [*kept, *([cid, rule, "as the batch has it"] for rule in add)]


def test_key_terms_give_one_slice_per_held_fact(monkeypatch) -> None:
    from worktrial.grading.checks import formats

    monkeypatch.setattr(
        formats,
        "workbook",
        lambda data, rel, limits, data_only=True: openpyxl.load_workbook(io.BytesIO(data), data_only=data_only),
    )
    checks, ref = _checks(), _reference("spring")
    items = json.loads((FAMILY / "variants/spring/hidden/reference/key_terms.json").read_text())
    assert {i["id"]: i.get("weight", 1) for i in items} == {
        "HF-SUP-2026-035": 1,
        "HF-SUP-2026-041": 1,
        "HF-SUP-2026-047": 1,
        "HF-SUP-2026-064": 2,  # the late variation, hinted by no file, weighs two slices
        "HF-SUP-2026-044": 1.5,  # the group framework, hinted by no file
        "HF-SUP-2026-058": 1.5,  # the side letter, hinted by no file
        "HF-SUP-2026-061": 1.5,  # the novation, hinted by no file
    }
    total = 9.5
    clauses, risks = _rows("spring")
    assert checks.key_terms(_delivered(clauses, risks), ref, {})[0] == 1.0
    # Harrowgate under the front page's reference: that slice is lost, the others stand
    renamed = [[("HF-SUP-2026-055" if c == "HF-SUP-2026-035" else c) for c in row] for row in clauses]
    re_risks = [[("HF-SUP-2026-055" if c == "HF-SUP-2026-035" else c) for c in row] for row in risks]
    score, evidence = checks.key_terms(_delivered(renamed, re_risks), ref, {})
    assert abs(score - (total - 1) / total) < 1e-9 and "HF-SUP-2026-035" in evidence
    # Kilbride on the indicative charges: its cap and an extra PB-03 breach
    kilbride = [[*row[:6], 580000, row[7]] if row[0] == "HF-SUP-2026-047" else row for row in clauses]
    score, _ = checks.key_terms(_delivered(kilbride, [*risks, ["HF-SUP-2026-047", "PB-03", "cap"]]), ref, {})
    assert abs(score - (total - 1) / total) < 1e-9
    # each fact hinted by no file, undone: that contract's slice is lost, the others stand
    for fact, (cid, weight) in {
        "late_variation": ("HF-SUP-2026-064", 2),
        "framework": ("HF-SUP-2026-044", 1.5),
        "side_letter": ("HF-SUP-2026-058", 1.5),
        "novation": ("HF-SUP-2026-061", 1.5),
    }.items():
        score, evidence = checks.key_terms(_delivered(*_undone(clauses, risks, fact)), ref, {})
        assert abs(score - (total - weight) / total) < 1e-9 and cid in evidence, fact
    # the framework's law and termination right without its liability floor still loses the slice
    rows, breaches = _undone(clauses, risks, "framework_floor")
    assert abs(checks.key_terms(_delivered(rows, breaches), ref, {})[0] - 8 / total) < 1e-9


def test_the_people_know_what_the_documents_only_hint_at() -> None:
    people = (FAMILY / "variants/spring/hidden/people.toml").read_text()
    clauses, risks = _rows("spring")
    by_id = {row[0]: row for row in clauses[1:]}
    assert by_id["HF-SUP-2026-041"][3] == 36 and by_id["HF-SUP-2026-041"][6] == 1_200_000
    assert by_id["HF-SUP-2026-047"][6] == 790_000 and "£395,000" in people and "£1,200,000" in people
    assert "HF-SUP-2026-055" not in by_id and "HF-SUP-2026-035 is right" in people
    assert ["HF-SUP-2026-047", "PB-03"] not in [r[:2] for r in risks]
    assert by_id["HF-SUP-2026-064"][3] == 24 and by_id["HF-SUP-2026-064"][5] == 60
    assert "twenty-four (24) months" in people and "sixty (60) days" in people
    assert not [r for r in risks if r[0] == "HF-SUP-2026-064"]
    # the three facts no file hints at, held by Procurement's head, Legal's counsel and supplier management
    assert by_id["HF-SUP-2026-058"][6] == 350_000 and "limited to £350,000" in people
    assert by_id["HF-SUP-2026-044"][2:] == ["England and Wales", 36, "auto", 90, 1_000_000, "yes"]
    assert by_id["HF-SUP-2026-061"][1:3] == ["Halden Retail Analytics Inc.", "New York"]
    pairs = [r[:2] for r in risks]
    assert ["HF-SUP-2026-058", "PB-03"] in pairs and ["HF-SUP-2026-061", "PB-02"] in pairs
    assert not [p for p in pairs if p[0] == "HF-SUP-2026-044" and p[1] in ("PB-02", "PB-03", "PB-06")]
    # no document states a fact: the amounts and the register's choice appear only in people.toml
    from worktrial.kit.solution.documents import document_text

    docs = " ".join(document_text(p) for p in sorted((FAMILY / "variants/spring/workspace/input/contracts").iterdir()))
    assert "£395,000" not in docs and "CN-01" not in docs and "countersign" not in docs.lower()
    # the late variation is hinted nowhere: not in the contracts, the playbook or the brief
    docs += document_text(FAMILY / "variants/spring/workspace/input/playbook.docx")
    from worktrial.tasks import load_family

    brief = load_family(FAMILY).instance("spring").brief()
    for text in (docs, brief):
        low = text.lower()
        assert "variation" not in low and "commercial board" not in low and "12 june" not in low
        for word in ("side letter", "framework", "master agreement", "novat", "halden", "rheinfeld holding"):
            assert word not in low, word


def test_the_late_variation_needs_an_open_question_to_the_one_who_exported_the_batch() -> None:
    """Priya gives Brightwater's variation to an open question about changes since the export (or one naming the
    agreement), not to a question about one file or another fact; the others point an open question to her."""
    from worktrial.tasks import load_family
    from worktrial.world import Router
    from worktrial.world.gates import Said, judge_topic

    people = load_family(FAMILY).instance("spring").people()
    router = Router(people)
    priya = people.person("priya")
    assert priya is not None
    topic = next(t for t in priya.topics if t.id == "since_export")

    def given(message: str) -> bool:
        routed = [t for t, _ in router.route("priya", message)]
        return "since_export" in routed and judge_topic(people, priya, topic, Said([message], frozenset(), {})).ok

    assert given("Has anything changed since you exported these files?")
    assert given("Is there anything I should know before I finalise the register?")
    assert not given("Is the 'Ennis Valley Produce - executed (2)' file a second copy of HF-SUP-2026-052?")
    assert not given("Was the Aldermoor amendment countersigned by the supplier?")
    # only Priya holds it; Owen's answer to the open question names her
    holders = [p.id for p in people.people if any("brightwater_varied" in t.facts for t in p.topics)]
    assert holders == ["priya"]
    owen = people.person("owen")
    assert owen is not None
    assert [t for t, _ in router.route("owen", "Has anything changed since these files were exported?")] == [
        "since_batch"
    ]
    assert "Priya Lennox" in next(t.answer for t in owen.topics if t.id == "since_batch")


# The three other facts no file hints at: who holds each, an open question of that person's area that reaches it,
# and words that only its holder's answer may contain.
AREA_FACTS = {
    "sowerby_side_letter": (
        "martin",
        "side_letters",
        "Were any side letters or other arrangements agreed with these suppliers outside the signed agreements?",
        ("side letter", "£350,000"),
    ),
    "rheinfeld_framework": (
        "helena",
        "group_framework",
        "Are any of these agreements subject to a framework or master agreement with the supplier's group?",
        ("framework", "Rheinfeld Holding"),
    ),
    "corvane_novated": (
        "tom",
        "supplier_changes",
        "Have any of the suppliers changed since signing - a novation, an assignment or a new legal entity?",
        ("Novation", "Halden"),
    ),
}
GENERIC = [
    "Is there anything else I should know?",
    "Is there anything I should know before I finalise the register?",
    "Has anything changed since these files were exported?",
    "Anything I should be aware of before the risk review?",
    "Are the copies in the batch the latest versions?",
]


def test_the_facts_no_file_hints_at_need_a_question_of_the_holders_area() -> None:
    """The side letter, the group framework and the novation each come from one person, to a question that names
    that person's area; a generic "anything else?" reaches none of them, and no other answer, fallback or refusal
    gives them away."""
    from worktrial.tasks import load_family
    from worktrial.world import Router
    from worktrial.world.gates import Said, judge_topic

    people = load_family(FAMILY).instance("spring").people()
    router = Router(people)
    for fact, (pid, topic_id, question, words) in AREA_FACTS.items():
        person = people.person(pid)
        assert person is not None
        topic = next(t for t in person.topics if t.id == topic_id)

        def given(message: str, person=person, topic=topic, pid=pid, topic_id=topic_id) -> bool:
            routed = [t for t, _ in router.route(pid, message)]
            return topic_id in routed and judge_topic(people, person, topic, Said([message], frozenset(), {})).ok

        assert given(question), fact
        for generic in GENERIC:
            assert not given(generic), (fact, generic)
        holders = [(p.id, t.id) for p in people.people for t in p.topics if fact in t.facts]
        assert holders == [(pid, topic_id)], fact
        # nobody else's words, and none of the holder's other texts (but a follow-up that needs the fact), name it
        for other in people.people:
            texts = [other.fallback, other.refer, other.blurb]
            texts += [
                x
                for t in other.topics
                if t is not topic and fact not in t.requires_facts  # a follow-up of the fact may name it
                for x in (t.answer, t.short, t.gate_miss, t.requires_miss)
            ]
            texts += [t.gate_miss for t in other.topics]
            for text in texts:
                for word in words:
                    assert word.lower() not in (text or "").lower(), (fact, other.id, word)


def test_the_framework_floor_needs_the_cap_worked_out_in_sterling() -> None:
    """Helena confirms the framework's liability floor only once shown Rheinfeld's cap at the playbook's rate."""
    import tempfile

    from worktrial.tasks import load_family
    from worktrial.world import Ledger, World

    instance = load_family(FAMILY).instance("spring")
    with tempfile.TemporaryDirectory() as tmp:
        world = World(instance.people(), instance.config.world, Ledger(Path(tmp) / "ledger.jsonl"))
        first = world.ask("helena", AREA_FACTS["rheinfeld_framework"][2])
        assert first.status == "answered" and "£1,000,000" not in first.text and "in sterling" in first.text
        for wrong in ("It is €800,000.", "It comes to £680,000."):  # not converted; last edition's rate
            assert world.ask("helena", wrong).status == "gate_miss"
        assert "rheinfeld_framework_cap" not in world.facts
        right = world.ask("helena", "At the playbook's £0.86 the cap comes to £688,000.")
        assert right.status == "answered" and "capped at £1,000,000" in right.text
        assert "rheinfeld_framework_cap" in world.facts


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, spring = fam.instance("base"), fam.instance("spring")
    assert not has_world(base) and has_world(spring)
    assert "Owen Pryce" in spring.brief() and "bin/ask" not in base.brief()
    assert not (FAMILY / "variants/base/hidden/people.toml").exists()


def _deliver(tmp_path: Path, variant: str, ask: bool) -> Path:
    """Run the reference on a copy of the instance's inputs, without the client's world (nobody is asked)."""
    import os
    import runpy
    import sys

    import worktrial.kit.solution as kit

    work = tmp_path / variant
    shutil.copytree(FAMILY / "variants" / variant / "workspace/input", work / "input")
    here = Path.cwd()
    sys.modules["worktrial_kit"] = kit
    try:
        os.chdir(work)
        runpy.run_path(str(FAMILY / "hidden/solutions/reference.py"), init_globals={"ASK": ask}, run_name="__main__")
    finally:
        os.chdir(here)
        sys.modules.pop("worktrial_kit", None)
    return work / "output"


def _grade(tmp_path: Path, variant: str, output: Path) -> float:
    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of
    from worktrial.tasks import load_family

    instance = load_family(FAMILY).instance(variant)
    grader = instance.config.grader
    hidden = tmp_path / f"hidden-{variant}"
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
def test_an_expert_who_asks_nobody_stays_below_the_hard_target(tmp_path: Path) -> None:
    """Every documented trap right but no one asked: <= 0.6 on the hard instance; the fair one needs no one."""
    assert _grade(tmp_path, "spring", _deliver(tmp_path, "spring", ask=False)) <= 0.6
    assert _grade(tmp_path, "base", _deliver(tmp_path, "base", ask=False)) == 1.0


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_missing_each_fact_no_file_hints_at_costs_score(tmp_path: Path) -> None:
    """Graded in full: the reference's files score 1.0; the same files with one fact hinted nowhere undone (the row
    and breaches as the batch's documents give them) lose at least 0.08 each - the Brightwater variation more."""
    clauses, risks = _rows("spring")
    full = _write(tmp_path / "full", clauses, risks)
    assert _grade(tmp_path, "spring", full) == 1.0
    for fact, least in (("late_variation", 0.12), ("framework", 0.12), ("side_letter", 0.08), ("novation", 0.08)):
        rows, breaches = _undone(clauses, risks, fact)
        score = _grade(tmp_path, "spring", _write(tmp_path / fact, rows, breaches))
        assert score <= 1.0 - least, (fact, score)


def _write(folder: Path, clauses: list[list], risks: list[list[str]]) -> Path:
    tree = _delivered(clauses, risks)
    folder.mkdir(parents=True)
    for name, data in tree.files.items():
        (folder / name).write_bytes(data)
    return folder
