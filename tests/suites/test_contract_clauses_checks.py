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
    }
    clauses, risks = _rows("spring")
    assert checks.key_terms(_delivered(clauses, risks), ref, {})[0] == 1.0
    # Harrowgate under the front page's reference: that slice is lost, the others stand
    renamed = [[("HF-SUP-2026-055" if c == "HF-SUP-2026-035" else c) for c in row] for row in clauses]
    re_risks = [[("HF-SUP-2026-055" if c == "HF-SUP-2026-035" else c) for c in row] for row in risks]
    score, evidence = checks.key_terms(_delivered(renamed, re_risks), ref, {})
    assert abs(score - 4 / 5) < 1e-9 and "HF-SUP-2026-035" in evidence
    # Kilbride on the indicative charges: its cap and an extra PB-03 breach
    kilbride = [[*row[:6], 580000, row[7]] if row[0] == "HF-SUP-2026-047" else row for row in clauses]
    score, _ = checks.key_terms(_delivered(kilbride, [*risks, ["HF-SUP-2026-047", "PB-03", "cap"]]), ref, {})
    assert abs(score - 4 / 5) < 1e-9
    # Brightwater as the batch has it (before the variation): 48 months, six months' notice, two breaches
    late = [[*row[:3], 48, row[4], 180, *row[6:]] if row[0] == "HF-SUP-2026-064" else row for row in clauses]
    extra = [["HF-SUP-2026-064", "PB-04", "term"], ["HF-SUP-2026-064", "PB-05", "notice"]]
    score, evidence = checks.key_terms(_delivered(late, [*risks, *extra]), ref, {})
    assert abs(score - 3 / 5) < 1e-9 and "HF-SUP-2026-064" in evidence


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
