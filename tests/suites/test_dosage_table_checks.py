"""dosage_table's staff-held facts on the riverside instance: the key entries graded group by group, the people's
answers matching the reference, the gates meeting the standard, and staff only on the hard instance."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from pathlib import Path

import openpyxl

from worktrial.grading.checks.files import FileLimits

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "suites/deliverables/dosage_table"
REF = FAMILY / "variants/riverside/hidden/reference"


def _checks():
    spec = importlib.util.spec_from_file_location("dosage_checks", FAMILY / "hidden/checks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Entry:
    def __init__(self, rel: str) -> None:
        self.rel = rel


class Tree:
    """The methods the checks use of a delivered or reference tree."""

    limits = FileLimits()

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files

    def read_one(self, path: str) -> tuple[Entry, bytes]:
        if path not in self.files:
            raise FileNotFoundError(path)
        return Entry(path), self.files[path]


def _reference() -> Tree:
    return Tree({p.name: p.read_bytes() for p in REF.iterdir()})


def _rows() -> list[list]:
    ws = openpyxl.load_workbook(REF / "dosage.xlsx").active
    return [list(r) for r in ws.iter_rows(values_only=True)]


def _delivered(rows: list[list], warnings: list[list]) -> Tree:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Dosage"
    for r in rows:
        ws.append(r)
    buf = io.BytesIO()
    wb.save(buf)
    out = io.StringIO()
    csv.writer(out).writerows(warnings)
    return Tree({"dosage.xlsx": buf.getvalue(), "warnings.csv": out.getvalue().encode()})


def _warnings() -> list[list]:
    return list(csv.reader(io.StringIO((REF / "warnings.csv").read_text())))


def test_each_staff_fact_is_graded_on_its_own() -> None:
    checks, ref = _checks(), _reference()
    rows, warnings = _rows(), _warnings()
    assert checks.key_entries(_delivered(rows, warnings), ref, {})[0] == 1.0
    groups = {g["id"]: g["weight"] for g in json.loads((REF / "key_entries.json").read_text())}
    assert set(groups) == {"committee_decision", "keyed_maximum", "renal_rereview"}
    # the documents as printed for Kelmarin: maximum 600 mg, no warning
    printed = [[*r[:4], 600, *r[5:]] if r[0] == "Kelmarin" and r[1].startswith("Focal") else r for r in rows]
    no_kel = [w for w in warnings if w[0] != "Kelmarin"]
    score, evidence = checks.key_entries(_delivered(printed, no_kel), ref, {})
    assert abs(score - (1 - groups["keyed_maximum"])) < 1e-6 and "keyed_maximum: 0/2" in evidence
    # Tiramex's carried-over rules: no adjustment, reduce by 25 %, every 48 hours
    old = [[*r[:5], 1500, 1125, 250] if r[0] == "Tiramex" else r for r in rows]
    assert abs(checks.key_entries(_delivered(old, warnings), ref, {})[0] - (1 - groups["renal_rereview"])) < 1e-6
    # the committee's decision missed: Mirapenem absent; Selvorin present with its warning
    before = [r for r in rows if r[0] != "Mirapenem"] + [
        ["Selvorin", "Bone and joint infection", 200, 8, 300, 600, 600, 600],
        ["Selvorin", "Lower urinary tract infection", 1000, 12, 3000, 2000, 2000, 2000],
    ]
    warned = [*warnings, ["Selvorin", "Bone and joint infection", "600", "300"]]
    score, evidence = checks.key_entries(_delivered(before, warned), ref, {})
    assert abs(score - (1 - groups["committee_decision"])) < 1e-6 and "committee_decision: 0/9" in evidence
    assert checks.key_entries(Tree({}), ref, {})[0] == 0.0


def test_the_people_give_what_the_reference_holds() -> None:
    """Imogen's maximum, Owen's rules and Sunita's decision are the ones the reference table carries."""
    people = (FAMILY / "variants/riverside/hidden/people.toml").read_text()
    rows = {(r[0], r[1]): r for r in _rows()[1:]}
    assert "maximum of 50 mg per day" in people
    assert rows[("Kelmarin", "Focal seizures, adjunctive therapy")][4] == 50
    assert "maximum 1 g per day" in people and "maximum 500 mg per day" in people and "below 10 mL/min avoid" in people
    assert rows[("Tiramex", "Chronic musculoskeletal pain")][5:] == [1000, 500, "avoid"]
    assert "suspended Selvorin" in people and "reinstated Mirapenem" in people
    assert not any(d == "Selvorin" for d, _ in rows) and any(d == "Mirapenem" for d, _ in rows)


def test_the_committee_decision_is_hinted_nowhere() -> None:
    """The decision postdates the documents: neither names the meeting, the recall or the reinstatement."""
    import worktrial.kit.solution as kit

    inp = FAMILY / "variants/riverside/workspace/input"
    text = (kit.docx_text(inp / "formulary.docx") + kit.pdf_text(inp / "renal_dosing_guide.pdf")).lower()
    for word in ("recall", "suspend", "reinstat", "26 march", "committee decision"):
        assert word not in text


def test_only_the_hard_instance_has_staff() -> None:
    from worktrial.run.workspace import has_world
    from worktrial.tasks import load_family

    fam = load_family(FAMILY)
    base, coastal, riverside = fam.instance("base"), fam.instance("coastal"), fam.instance("riverside")
    assert not has_world(base) and not has_world(coastal) and has_world(riverside)
    assert "Sunita Varma" in riverside.brief() and "bin/ask" not in base.brief()
