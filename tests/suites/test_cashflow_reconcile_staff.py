"""cashflow_reconcile's staff on the hard instance: the gates meet the standard, only the hard instance has staff
who hold facts, the people's answers name the items the grader expects, the matters they settle weigh more, and the
facts hinted nowhere are in no input, are given to open questions and are each worth a sixth to a quarter."""

from __future__ import annotations

import csv
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/cashflow_reconcile"
REF = FAMILY / "variants/h2/hidden/reference"
STAFF_MATTERS = {"misdirected_credit", "spoiled_cheques", "zreport_duplicate", "cancelled_mandate", "waived_fee"}
LATE_REF = "BRI-2512-L"  # the direct debit the bank paid on a cancelled mandate (hinted nowhere)
AGREED_REF = "FAC-2512"  # the renewal fee the bank charged on a facility agreed to lapse (hinted nowhere)


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


def test_the_anomaly_gated_facts_are_held_by_staff_the_sender_holds_only_the_bank_one() -> None:
    people = _people()["person"]
    gated = {(p["id"], t["id"]) for p in people for t in p.get("topics", []) if t.get("gate")}
    # the anomaly-hinted facts are the staff's; the sender holds only the one about arrangements with the bank
    assert len(gated) >= 5 and {t for pid, t in gated if pid == "rafael"} == {"bank_arrangements"}
    sender = next(p for p in people if p["id"] == "rafael")
    for p in people:
        if p["id"] != "rafael":
            assert p["name"] in sender["fallback"]  # the sender says who knows what


def test_the_answers_name_what_the_grader_expects() -> None:
    people = (FAMILY / "variants/h2/hidden/people.toml").read_text()
    issues = {i["id"]: i for i in json.loads((REF / "issues.json").read_text())}
    assert set(issues) >= STAFF_MATTERS
    late = [
        r for r in csv.DictReader((REF / "reconciliation.csv").open(encoding="utf-8")) if r["reference"] == LATE_REF
    ]
    assert [r["status"] for r in late] == ["bank_error"]
    assert LATE_REF in people and f"£{-float(late[0]['bank_amount']):,.2f}" in people
    assert issues["cancelled_mandate"]["all_of"] == ["BRINEWOOD"] and "Brinewood" in people
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
    for issue in STAFF_MATTERS - {"cancelled_mandate", "waived_fee"}:  # named by the payee, checked above
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
    staff_words = ("OME-40712", "CHQ-001902", "ZR-2512", LATE_REF, AGREED_REF)
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


def _text(path: Path) -> str:
    if path.suffix == ".docx":
        import docx

        d = docx.Document(str(path))
        return "\n".join([p.text for p in d.paragraphs] + [c.text for t in d.tables for r in t.rows for c in r.cells])
    if path.suffix == ".xlsx":
        import openpyxl

        wb = openpyxl.load_workbook(path, read_only=True)
        return "\n".join(str(v) for ws in wb.worksheets for r in ws.iter_rows(values_only=True) for v in r if v)
    return path.read_bytes().decode("cp1252", errors="replace")


def test_the_fact_hinted_nowhere_is_in_no_input_and_needs_an_open_question() -> None:
    import re

    inputs = FAMILY / "variants/h2/workspace/input"
    for path in inputs.iterdir():
        text = _text(path).lower()
        assert "brinewood" not in text or path.name in ("bank_statement.xlsx", "bank_portal_export.csv"), path.name
        assert not re.search(r"(?:cancel|terminat|ended)\w*[^.]{0,60}(?:mandate|rental|forklift|lease)", text), path
    callum = next(p for p in _people()["person"] if p["id"] == "callum")
    topic = next(t for t in callum["topics"] if t["id"] == "since_the_exports")
    (gate,) = topic["gate"]
    pattern = re.compile(gate["pattern"], re.I)
    assert pattern.search("Has anything changed since the exports were produced?")
    assert pattern.search("Is there anything I should know before I finalise?")
    assert pattern.search("Should I post the Brinewood direct debit?")
    assert not pattern.search("What does the Despatched column of the cheque register mean?")
    sender = next(p for p in _people()["person"] if p["id"] == "rafael")
    assert any("Callum Reid" in t["answer"] and t["id"] == "since_the_files" for t in sender["topics"])
    assert "Brinewood" not in sender["fallback"] and "Brinewood" not in callum["blurb"] + callum["fallback"]


def test_the_controllers_fact_is_in_no_input_and_needs_a_question_about_the_bank() -> None:
    import re

    inputs = FAMILY / "variants/h2/workspace/input"
    for path in inputs.iterdir():
        text = _text(path).lower()
        assert "facility" not in text or path.name == "bank_portal_export.csv", path.name
        assert not re.search(r"overdraft|waive|lapse", text), path.name
    rows = [
        r for r in csv.DictReader((REF / "reconciliation.csv").open(encoding="utf-8")) if r["reference"] == AGREED_REF
    ]
    assert [r["status"] for r in rows] == ["bank_error"]
    sender = next(p for p in _people()["person"] if p["id"] == "rafael")
    topic = next(t for t in sender["topics"] if t["id"] == "bank_arrangements")
    assert AGREED_REF in topic["answer"] and f"£{-float(rows[0]['bank_amount']):,.2f}" in topic["answer"]
    (gate,) = topic["gate"]
    pattern = re.compile(gate["pattern"], re.I)
    assert pattern.search("Is there anything agreed with the bank outside these files?")
    assert pattern.search("Should I post FAC-2512?")
    assert not pattern.search("Has anything changed since you sent me the files?")
    assert not pattern.search("Which June reconciliation is the signed-off one?")
    since = next(t for t in sender["topics"] if t["id"] == "since_the_files")
    assert "FAC" not in since["answer"] and "facility" not in sender["fallback"] + sender["blurb"]


def _slice(ref: str, matter_id: str) -> float:
    """A fact's slice of the weighted checks: the reconciling item's F1 share, the matter, four statement cells and
    the adjusted balance in the memo, over the task's check weights."""
    import tomllib

    task = tomllib.loads((FAMILY / "task.toml").read_text())
    weights = {c["name"]: c.get("weight", 1) for c in task["grader"]["checks"] if not c.get("gate")}
    total = sum(weights.values())
    items = json.loads((REF / "item_weights.json").read_text())
    (row,) = [r for r in csv.DictReader((REF / "reconciliation.csv").open(encoding="utf-8")) if r["reference"] == ref]
    item = items[f"{row['bank_txn_id']}||bank_error"]
    want = sum(items.values())
    f1_loss = 1 - 2 * (want - item) / (want + want - item + 1)
    issues = json.loads((REF / "issues.json").read_text())
    matter = next(i["weight"] for i in issues if i["id"] == matter_id) / sum(i.get("weight", 1) for i in issues)
    return (
        f1_loss * weights["reconciling_items"]
        + matter * weights["memo_raises_matters"]
        + 4 / 12 * weights["reconciliation_statement"]
        + 0.5 * weights["memo_figures"]
    ) / total


def test_each_fact_hinted_nowhere_is_worth_a_sixth_to_a_quarter() -> None:
    assert 0.15 <= _slice(LATE_REF, "cancelled_mandate") <= 0.25
    assert 0.15 <= _slice(AGREED_REF, "waived_fee") <= 0.25
