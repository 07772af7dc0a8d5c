"""lease_ifrs16's hard instance: the two facts hinted nowhere that Legal and Treasury hold (ML-P001's deed of
variation, the January 2027 rents paid on 22 December 2026) are in no input, open only to an open or payment
question, each change graded figures by its own slice, and the note check credits raising them."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/lease_ifrs16"
HARD = FAMILY / "variants/hard"
HINTED = ["side_letter", "early_access", "signed_rent", "resale_estimate"]
NOWHERE = ["line_returned", "deed_of_variation", "rents_prepaid"]
NOTE_MARK = {
    "side_letter": "side letter",
    "early_access": "handed over the premises",
    "signed_rent": "unsigned draft",
    "resale_estimate": "revaluation of 1 october",
    "line_returned": "handed the line back",
    "deed_of_variation": "deed of variation signed",
    "rents_prepaid": "22 december 2026",
}


def _engine():
    name = "lease_ifrs16_engine"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, FAMILY / "hidden/solutions/_engine.py")
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod  # its dataclass looks its module up
        spec.loader.exec_module(mod)
    return sys.modules[name]


def _facts() -> dict:
    return json.loads((FAMILY / "hidden/solutions/facts/hard.json").read_text())


def _people():
    from worktrial.tasks import load_family

    return load_family(FAMILY).instance("hard").people()


def _opens(person: str, topic_id: str, message: str) -> bool:
    from worktrial.world import Router
    from worktrial.world.gates import Said, judge_topic

    people = _people()
    p = people.person(person)
    assert p is not None
    topic = next(t for t in p.topics if t.id == topic_id)
    routed = [t for t, _ in Router(people).route(person, message)]
    return topic_id in routed and judge_topic(people, p, topic, Said([message], frozenset(), {})).ok


def test_the_deed_and_the_payment_run_are_in_no_input() -> None:
    import openpyxl

    from worktrial.kit.solution.documents import document_text
    from worktrial.tasks import load_family

    inputs = HARD / "workspace/input"
    texts = [load_family(FAMILY).instance("hard").brief()]
    for p in sorted(inputs.rglob("*")):
        if p.suffix in (".docx", ".pdf"):
            texts.append(document_text(p))
        elif p.suffix == ".xlsx":
            rows = openpyxl.load_workbook(p).active.iter_rows(values_only=True)
            texts.append(" ".join(str(v) for r in rows for v in r if v is not None))
        elif p.suffix in (".csv", ".eml"):
            texts.append(p.read_text(errors="replace"))
    low = " ".join(texts).lower()
    for word in (
        "deed of variation",
        "variation",
        "31,260",
        "january 2036",
        "roof",
        "22 december",
        "payment run",
        "prepaid",
        "migrat",
        "direct debit",
    ):
        assert word not in low, word
    assert "femke terpstra in treasury" in low  # named in the contacts, without what she knows
    deed = next(s for s in _facts()["staff"] if s["id"] == "deed_of_variation")
    lease = next(x for x in _facts()["leases"] if x["id"] == deed["lease"])
    assert not lease["events"] and lease["currency"] == "GBP"


def test_legal_and_treasury_answer_open_questions_not_file_questions() -> None:
    assert _opens("ilse", "deed_of_variation", "Were any of the leases varied or renegotiated after they started?")
    assert _opens("ilse", "deed_of_variation", "Is there anything I should know before I finalise?")
    assert not _opens("ilse", "deed_of_variation", "Do you keep the contract_extracts.docx?")
    assert not _opens("ilse", "deed_of_variation", "Can you send me the signed ML-P018 side letter?")
    assert _opens("femke", "rents_prepaid", "Were all lease payments made on their due dates?")
    assert _opens("femke", "rents_prepaid", "Has anything changed since you sent me the files?")
    assert not _opens("femke", "rents_prepaid", "Is the IBR table in the folder the latest version?")
    assert not _opens("femke", "rents_prepaid", "Is the rate table up to date?")
    people = _people()
    pieter = people.person("pieter")
    assert pieter is not None
    since = next(t.answer for t in pieter.topics if t.id == "since_sent")
    assert "Femke" not in since and "Ilse" not in since  # the sender's open answer does not lead to them
    femke = next(t for p in people.people if p.id == "femke" for t in p.topics if t.id == "rents_prepaid")
    paid = next(s for s in _facts()["staff"] if s["id"] == "rents_prepaid")["truths"]
    assert all(lid in femke.answer for lid in paid if lid.startswith("ML-P"))


def test_rents_paid_before_the_year_end_leave_the_liability_and_the_maturity_analysis() -> None:
    eng = _engine()
    facts = _facts()
    known = {s["id"] for s in facts["staff"]}
    full = eng.solve(eng.with_staff(facts, known))
    part = eng.solve(eng.with_staff(facts, known - {"rents_prepaid"}))
    rows = {r["lease_id"]: r for r in full["rows"]}
    was = {r["lease_id"]: r for r in part["rows"]}
    lid = next(s["lease"] for s in facts["staff"] if s["id"] == "rents_prepaid")
    paid = rows[lid]["payments"] - was[lid]["payments"]
    assert paid > 0 and abs(was[lid]["closing_liability"] - rows[lid]["closing_liability"] - paid) < 0.02
    assert rows[lid]["closing_rou"] == was[lid]["closing_rou"]
    fm, pm = full["summary"]["maturity_analysis"], part["summary"]["maturity_analysis"]
    assert fm["within_1_year"] < pm["within_1_year"] and fm["over_5_years"] == pm["over_5_years"]


def test_the_note_check_credits_the_two_matters() -> None:
    sys.path.insert(0, str(FAMILY / "hidden"))
    import checks  # type: ignore[import-not-found]

    class _Tree:
        def __init__(self, files: dict[str, bytes]) -> None:
            self.files = files

        def read_one(self, name: str):
            return name, self.files[name]

    ref = _Tree({"issues.json": (HARD / "hidden/reference/issues.json").read_bytes()})
    notes = (HARD / "hidden/reference/notes.md").read_text()
    score, _ = checks.notes_issues(_Tree({"notes.md": notes.encode()}), ref, {})
    assert score == 1.0
    blocks = [b for b in notes.split("\n- ") if "deed of variation" not in b and "22 December" not in b]
    score, ev = checks.notes_issues(_Tree({"notes.md": "\n- ".join(blocks).encode()}), ref, {})
    assert score < 1.0 and "deed of variation" in ev and "paid in December" in ev


def _grade(tmp_path: Path, known: list[str], name: str) -> float:
    from worktrial.grading import grade_deliverable
    from worktrial.grading.deliverable import limits_of
    from worktrial.tasks import load_family

    eng = _engine()
    facts = _facts()
    instance = load_family(FAMILY).instance("hard")
    grader = instance.config.grader
    hidden = tmp_path / "hidden"
    if not hidden.exists():
        instance.materialise_tree("hidden", hidden)
    blocks = [
        b
        for b in facts["notes"].split("\n- ")
        if not any(NOTE_MARK[f] in b.lower() for f in NOTE_MARK if f not in known)
    ]
    out = tmp_path / name
    eng.write(eng.solve(eng.with_staff(facts, set(known))), "\n- ".join(blocks), out)
    result = grade_deliverable(
        out,
        hidden / grader.reference_dir.removeprefix("hidden/"),
        grader.checks,
        limits=limits_of(grader),
        hidden=hidden,
        params=dict(instance.params),
    )
    assert not result.errors, result.errors
    return result.score


def test_each_fact_hinted_nowhere_is_its_own_slice(tmp_path: Path) -> None:
    every = HINTED + NOWHERE
    assert _grade(tmp_path, every, "all") == 1.0
    lost = {f: 1.0 - _grade(tmp_path, [g for g in every if g != f], f"no-{f}") for f in NOWHERE}
    assert all(0.15 <= v <= 0.25 for v in lost.values()), lost
    assert _grade(tmp_path, HINTED, "hinted") <= 0.65  # the anomalies alone leave a third of the score
    assert _grade(tmp_path, [], "nobody") <= 0.5
