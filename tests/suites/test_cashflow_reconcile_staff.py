"""cashflow_reconcile's staff on the hard instance: the gates meet the standard, only the hard instance has staff
who hold facts, the people's answers name the items the grader expects, and the matters they settle weigh more."""

from __future__ import annotations

import csv
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/cashflow_reconcile"
REF = FAMILY / "variants/h2/hidden/reference"
STAFF_MATTERS = {"misdirected_credit", "spoiled_cheques", "zreport_duplicate"}


def _people() -> dict:
    import tomllib

    return tomllib.loads((FAMILY / "variants/h2/hidden/people.toml").read_text())


def test_only_the_hard_instance_has_staff_and_its_brief_says_how_to_ask(tmp_path: Path) -> None:
    from worktrial.run.workspace import has_world, materialise
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, h2 = fam.instance("base"), fam.instance("h2")
    assert not has_world(base) and has_world(h2)
    assert not (FAMILY / "hidden/people.toml").exists()
    materialise(h2, tmp_path / "h2")
    materialise(base, tmp_path / "base")
    assert "bin/ask --who" in (tmp_path / "h2/TASK.md").read_text() and (tmp_path / "h2/bin/ask").is_file()
    assert "bin/ask" not in (tmp_path / "base/TASK.md").read_text() and not (tmp_path / "base/bin").exists()


def test_every_gated_fact_is_held_by_staff_other_than_the_sender() -> None:
    people = _people()["person"]
    gated = {(p["id"], t["id"]) for p in people for t in p.get("topics", []) if t.get("gate")}
    assert len(gated) >= 3 and all(pid != "rafael" for pid, _ in gated)
    sender = next(p for p in people if p["id"] == "rafael")
    for p in people:
        if p["id"] != "rafael":
            assert p["name"] in sender["fallback"]  # the sender says who knows what


def test_the_answers_name_what_the_grader_expects() -> None:
    people = (FAMILY / "variants/h2/hidden/people.toml").read_text()
    issues = {i["id"]: i for i in json.loads((REF / "issues.json").read_text())}
    assert set(issues) >= STAFF_MATTERS
    rows = list(csv.DictReader((REF / "reconciliation.csv").open(encoding="utf-8")))
    staff_rows = {
        "bank_error": [r for r in rows if r["reference"].startswith("OME-")],
        "not_released": [r for r in rows if r["status"] == "not_released" and r["reference"] < "CHQ-001910"],
        "duplicate_in_gl": [r for r in rows if r["reference"].startswith("ZR-")],
    }
    assert [len(v) for v in staff_rows.values()] == [2, 3, 1]
    for status, found in staff_rows.items():
        for r in found:
            assert r["status"] == status and r["reference"] in people
            amount = abs(float(r["bank_amount"] or r["gl_amount"]))
            if status != "not_released":
                assert f"£{amount:,.2f}" in people
    for issue in STAFF_MATTERS:
        ident = issues[issue]["all_of"][0]
        assert any(ident in r["reference"].replace("-", "") for rs in staff_rows.values() for r in rs)


def test_the_matters_only_staff_settle_weigh_more() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("cash_checks", FAMILY / "hidden/checks.py")
    assert spec and spec.loader
    checks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(checks)

    class Tree:
        def __init__(self, files: dict[str, bytes]) -> None:
            self.files = files

        def read_one(self, path: str) -> tuple[str, bytes]:
            if path not in self.files:
                raise FileNotFoundError(path)
            return path, self.files[path]

    ref = Tree({p.name: p.read_bytes() for p in REF.iterdir()})
    assert checks.memo_issues(ref, ref, {})[0] == 1.0
    import io

    import docx

    memo = docx.Document(str(REF / "memo.docx"))
    keep = docx.Document()
    staff_words = ("OME-40712", "CHQ-001902", "ZR-2512")
    for p in memo.paragraphs:
        if not any(w in p.text for w in staff_words):
            keep.add_paragraph(p.text)
    buf = io.BytesIO()
    keep.save(buf)
    score, evidence = checks.memo_issues(Tree({"memo.docx": buf.getvalue()}), ref, {})
    issues = json.loads((REF / "issues.json").read_text())
    total = sum(i.get("weight", 1) for i in issues)
    assert score == (total - sum(i["weight"] for i in issues if i["id"] in STAFF_MATTERS)) / total
    assert score < 0.5 and "OME-40712" in evidence
