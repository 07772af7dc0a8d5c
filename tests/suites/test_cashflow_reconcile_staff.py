"""cashflow_reconcile's staff on the hard instance: the gates meet the standard, only the hard instance has staff
who hold facts, the people's answers name the items the grader expects, the matters they settle weigh more, the
counter's gate wants a figure worked out from the statement, and the four facts hinted nowhere are in no input, are
given only to open questions in their holder's area (not to "anything else?") and each cost score when missed."""

from __future__ import annotations

import csv
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/cashflow_reconcile"
REF = FAMILY / "variants/h2/hidden/reference"
HIDDEN_MATTERS = {"cancelled_mandate", "waived_fee", "pool_sweep", "unreleased_run"}
STAFF_MATTERS = {"misdirected_credit", "spoiled_cheques", "zreport_duplicate"} | HIDDEN_MATTERS
LATE_REF = "BRI-2512-L"  # the direct debit the bank paid on a cancelled mandate (hinted nowhere)
AGREED_REF = "FAC-2512"  # the renewal fee the bank charged on a facility agreed to lapse (hinted nowhere)
SWEEP_ID = "HCB251231-013"  # the cash pool's year-end sweep, on the bank's statement but in no export (hinted nowhere)
RUN_REF = "BP-251231"  # the year-end supplier run the controller authorised only on 2 January (hinted nowhere)
GENERIC = [
    "Is there anything else I should know?",
    "Has anything changed since these files were produced?",
    "Is anything missing from the files I was given?",
    "Is there anything else I should know before I finalise the reconciliation?",
]


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


def test_the_anomaly_gated_facts_are_held_by_staff_the_sender_holds_only_his_own_two() -> None:
    people = _people()["person"]
    gated = {(p["id"], t["id"]) for p in people for t in p.get("topics", []) if t.get("gate")}
    # the anomaly-hinted facts are the staff's; the sender holds only what he agreed with the bank and what he released
    assert len(gated) >= 7 and {t for pid, t in gated if pid == "rafael"} == {"bank_arrangements", "payment_release"}
    assert ("astrid", "group_treasury") in gated
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
        "not_released": [r for r in rows if r["status"] == "not_released" and "CHQ-" <= r["reference"] < "CHQ-001910"],
        "duplicate_in_gl": [r for r in rows if r["reference"].startswith("ZR-")],
    }
    assert [len(v) for v in staff_rows.values()] == [2, 3, 1]
    for status, found in staff_rows.items():
        for r in found:
            assert r["status"] == status and r["reference"] in people
            amount = abs(float(r["bank_amount"] or r["gl_amount"]))
            if status != "not_released":
                assert f"£{amount:,.2f}" in people
    for issue in STAFF_MATTERS - HIDDEN_MATTERS:  # the ones hinted nowhere are checked below
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
    staff_words = ("OME-40712", "CHQ-001902", "ZR-2512", LATE_REF, AGREED_REF, SWEEP_ID, RUN_REF)
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


def _rows() -> list[dict]:
    return list(csv.DictReader((REF / "reconciliation.csv").open(encoding="utf-8")))


def _key(row: dict) -> str:
    return f"{row['bank_txn_id']}|{row['gl_entry']}|{row['status']}"


def _slice(keys: list[str], extra: int, matter_id: str, cells: int, cash_cells: int = 0) -> float:
    """A fact's slice of the weighted checks when it alone is missed: its reconciling items' share of the weighted
    F1 (`extra` items delivered with the wrong status weigh one each), its matter, its statement cells (the two
    adjusted balances among them) and cash-flow cells, and the adjusted balance in the memo, over the task's check
    weights."""
    import tomllib

    task = tomllib.loads((FAMILY / "task.toml").read_text())
    weights = {c["name"]: c.get("weight", 1) for c in task["grader"]["checks"] if not c.get("gate")}
    total = sum(weights.values())
    items = json.loads((REF / "item_weights.json").read_text())
    want = sum(items.values())
    lost = sum(items[k] for k in keys)
    f1_loss = 1 - 2 * (want - lost) / (want - lost + extra + want)
    issues = json.loads((REF / "issues.json").read_text())
    matter = next(i["weight"] for i in issues if i["id"] == matter_id) / sum(i.get("weight", 1) for i in issues)
    return (
        f1_loss * weights["reconciling_items"]
        + matter * weights["memo_raises_matters"]
        + cells / 17 * weights["reconciliation_statement"]  # 12 cells and 5 formula requirements
        + cash_cells / 59 * weights["monthly_cash_flow"]  # 40 cells and 19 formula requirements
        + 0.5 * weights["memo_figures"]
    ) / total


def _slices() -> dict[str, float]:
    rows = _rows()

    def keys(pred) -> list[str]:
        return [_key(r) for r in rows if pred(r)]

    return {
        "cancelled_mandate": _slice(keys(lambda r: r["reference"] == LATE_REF), 1, "cancelled_mandate", 4),
        "waived_fee": _slice(keys(lambda r: r["reference"] == AGREED_REF), 1, "waived_fee", 4),
        "pool_sweep": _slice(keys(lambda r: r["bank_txn_id"] == SWEEP_ID), 0, "pool_sweep", 4, 6),
        "unreleased_run": _slice(keys(lambda r: r["reference"].startswith(RUN_REF)), 4, "unreleased_run", 4),
    }


def test_each_fact_hinted_nowhere_is_worth_an_eighth_to_a_quarter() -> None:
    slices = _slices()
    assert set(slices) == HIDDEN_MATTERS
    for matter, value in slices.items():
        assert 0.12 <= value <= 0.25, (matter, value)
    # the two new ones weigh at least as much as the first two: they are the ones a careful worker misses
    assert min(slices["pool_sweep"], slices["unreleased_run"]) >= slices["cancelled_mandate"]


class _Tree:
    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read_one(self, path: str) -> tuple[str, bytes]:
        if path not in self.files:
            raise FileNotFoundError(path)
        return path, self.files[path]


def _checks():  # type: ignore[no-untyped-def]
    import importlib.util

    spec = importlib.util.spec_from_file_location("cash_checks", FAMILY / "hidden/checks.py")
    assert spec and spec.loader
    checks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(checks)
    return checks


def _workbook(rows: list[dict]) -> bytes:
    import io

    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Reconciliation"
    cols = ["bank_txn_id", "gl_entry", "reference", "bank_amount", "gl_amount", "status"]
    ws.append(cols)
    for r in rows:
        ws.append([float(r[c]) if c.endswith("amount") and r[c] else (r[c] or None) for c in cols])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_missing_each_new_fact_costs_reconciling_items_and_a_matter() -> None:
    import io

    import docx

    checks = _checks()
    ref = _Tree({p.name: p.read_bytes() for p in REF.iterdir()})
    rows = _rows()
    full, _ = checks.unmatched_items(_Tree({"cashflow.xlsx": _workbook(rows)}), ref, {})
    assert full == 1.0
    # without the treasurer: the sweep is not among the bank's lines
    no_sweep = [r for r in rows if r["bank_txn_id"] != SWEEP_ID]
    # without the controller's release: the run stays a payment in transit
    in_transit = [dict(r, status="gl_only") if r["reference"].startswith(RUN_REF) else r for r in rows]
    assert len(rows) - len(no_sweep) == 1 and sum(r["reference"].startswith(RUN_REF) for r in rows) == 4
    for missed, matter, words in (
        (no_sweep, "pool_sweep", (SWEEP_ID, "sweep")),
        (in_transit, "unreleased_run", (RUN_REF,)),
    ):
        score, evidence = checks.unmatched_items(_Tree({"cashflow.xlsx": _workbook(missed)}), ref, {})
        assert score <= 0.87, (matter, score, evidence)
        memo = docx.Document(str(REF / "memo.docx"))
        keep = docx.Document()
        for para in memo.paragraphs:
            if not any(w.lower() in para.text.lower() for w in words):
                keep.add_paragraph(para.text)
        buf = io.BytesIO()
        keep.save(buf)
        raised, evidence = checks.memo_issues(_Tree({"memo.docx": buf.getvalue()}), ref, {})
        issues = json.loads((REF / "issues.json").read_text())
        total = sum(i.get("weight", 1) for i in issues)
        assert raised == (total - next(i["weight"] for i in issues if i["id"] == matter)) / total, evidence
        assert raised <= 0.85


def test_the_sweep_moves_the_bank_balance_and_decembers_cash_flow() -> None:
    figures = json.loads((REF / "figures.json").read_text())
    (sweep,) = [r for r in _rows() if r["bank_txn_id"] == SWEEP_ID]
    assert sweep["status"] == "bank_only" and not sweep["gl_entry"]
    portal = list(csv.DictReader((FAMILY / "variants/h2/workspace/input/bank_portal_export.csv").open()))
    assert SWEEP_ID not in {r["Transaction ID"] for r in portal}  # in no export
    december = [r for r in portal if r["Posting date"].endswith("Dec-2025")]
    export_close = float(december[-1]["Balance GBP"])
    assert abs(export_close + float(sweep["bank_amount"]) - figures["bank_closing"]) < 0.005
    assert figures["bank_closing"] == 250000.0 and -float(sweep["bank_amount"]) > 0.5 * export_close


def test_the_new_facts_hinted_nowhere_are_in_no_input_and_no_generic_question_opens_them() -> None:
    import re

    inputs = FAMILY / "variants/h2/workspace/input"
    for path in inputs.iterdir():
        text = _text(path).lower()
        assert not re.search(r"sweep|cash[- ]?pool|header|holdings|treasur|intercompany|inter-company", text), path
        assert not re.search(r"authori[sz]|approv|releas", text), path.name
        assert RUN_REF.lower() not in text or path.name in ("ledger_1010.xlsx",), path.name
    people = {p["id"]: p for p in _people()["person"]}
    sender, treasurer = people["rafael"], people["astrid"]
    release = next(t for t in sender["topics"] if t["id"] == "payment_release")
    treasury = next(t for t in treasurer["topics"] if t["id"] == "group_treasury")
    rows = _rows()
    run = [r for r in rows if r["reference"].startswith(RUN_REF)]
    assert {r["status"] for r in run} == {"not_released"}
    assert f"£{-sum(float(r['gl_amount']) for r in run):,.2f}" in release["answer"]
    (sweep,) = [r for r in rows if r["bank_txn_id"] == SWEEP_ID]
    assert SWEEP_ID in treasury["answer"] and f"£{-float(sweep['bank_amount']):,.2f}" in treasury["answer"]
    for topic, asks in (
        (
            release,
            [
                "Were all the payment runs in the ledger authorised and released to the bank by 31 December?",
                "Is the supplier run BP-251231 of 31 December a December payment?",
            ],
        ),
        (
            treasury,
            [
                "Has group treasury moved any money in or out of this account that the exports would not show?",
                "Is the account part of a group cash pool?",
            ],
        ),
    ):
        (gate,) = topic["gate"]
        pattern = re.compile(gate["pattern"], re.I)
        assert all(pattern.search(q) for q in asks), topic["id"]
        assert not any(pattern.search(q) for q in GENERIC), topic["id"]
    # the others point to the holders by their areas, not to the facts
    for person in people.values():
        for text in (person["blurb"], person["fallback"]):
            assert not re.search(r"sweep|pool|BP-251231|releas|authori", text, re.I), person["id"]


def test_the_counters_gate_wants_decembers_settlements_added_up_from_the_statement() -> None:
    portal = list(csv.DictReader((FAMILY / "variants/h2/workspace/input/bank_portal_export.csv").open()))
    settled = sum(
        float(r["Amount GBP"])
        for r in portal
        if r["Posting date"].endswith("Dec-2025") and r["Details"] == "CARDNET MERCHANT SETTLEMENT"
    )
    people = _people()
    (fact,) = [f for f in people["fact"] if f["id"] == "card_settlements_totalled"]
    (figure,) = fact["evidence"]["figures"]
    assert figure["min"] <= settled <= figure["max"] and figure["max"] - figure["min"] <= 1
    sian = next(p for p in people["person"] if p["id"] == "sian")
    till = next(t for t in sian["topics"] if t["id"] == "till_posting")
    assert {"fact": "card_settlements_totalled"} in till["gate"]
