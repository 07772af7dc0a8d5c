"""No inflation: a check with nothing to check earns nothing, non-finite numbers never match, constants in disguise
are not formulas, and a task's own check is trusted only with a finite value in [0, 1]."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from worktrial.grading import Component
from worktrial.grading.deliverable import compose, grade_deliverable

from .builders import grade, one, spec, write_docx, write_html, write_xlsx
from .conftest import needs_soffice

needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


@needs_soffice
def test_an_empty_clean_workbook_earns_nothing_for_honest_cached_values(out: Path, ref: Path) -> None:
    write_xlsx(out / "book.xlsx", {})
    honest = spec("xlsx_cells", path="book.xlsx", recalculate=True, no_errors=False)
    assert one(out, ref, honest) == (0.0, "0/1 passed; cached values: nothing to check (the workbook has no formulas)")
    write_xlsx(out / "book.xlsx", {"A1": 2, "A2": "=A1*3"}, cached={"A2": "6"})
    assert one(out, ref, honest) == (1.0, "1/1 passed")


def test_an_empty_workbook_earns_nothing_for_having_no_errors(out: Path, ref: Path) -> None:
    write_xlsx(out / "book.xlsx", {})
    value, evidence = one(out, ref, spec("xlsx_cells", path="book.xlsx"))
    assert value == 0.0 and "nothing to check (the workbook holds no values)" in evidence
    write_xlsx(out / "book.xlsx", {"A1": 5})
    assert one(out, ref, spec("xlsx_cells", path="book.xlsx"))[0] == 1.0


@pytest.mark.parametrize(
    ("formula", "earns"),
    [("=0*2", 0.0), ("=PI()*2", 0.0), ("=SUM(1,2)", 0.0), ("=B1*2", 1.0), ("=SUM(B1:B3)", 1.0), ("=Data!B1", 1.0)],
)
def test_a_required_formula_must_read_cells(out: Path, ref: Path, formula: str, earns: float) -> None:
    write_xlsx(out / "book.xlsx", {"A1": formula, "B1": 3})
    check = spec("xlsx_cells", path="book.xlsx", no_errors=False, cells=[{"cell": "A1", "formula_required": True}])
    value, evidence = one(out, ref, check)
    assert value == earns, evidence
    if not earns:
        assert "references no cell (a constant)" in evidence


def test_structure_checks_with_no_items_earn_nothing(out: Path, ref: Path) -> None:
    write_docx(out / "memo.docx", paragraphs=["text"])
    write_html(out / "index.html")
    for check in (spec("docx_structure", path="memo.docx"), spec("html_structure", path="index.html")):
        assert one(out, ref, check) == (0.0, "nothing to check")


def test_content_rules_with_no_file_earn_nothing(out: Path, ref: Path) -> None:
    (out / "notes.txt").write_text("all done")
    for kind in ("no_placeholder", "no_traceback"):
        assert one(out, ref, spec(kind, path="reports/*.md")) == (0.0, "nothing to check: no file matches reports/*.md")
        assert one(out, ref, spec(kind, path="*.txt"))[0] == 1.0


def test_non_finite_numbers_never_match(out: Path, ref: Path) -> None:
    (out / "r.json").write_text('{"npv": NaN, "irr": Infinity, "x": "1e999", "rows": [NaN]}')
    (ref / "r.json").write_text('{"npv": NaN, "rows": [NaN]}')
    checks = [
        spec("numeric", "nan", path="r.json", json_path="npv", expected=5),
        spec(
            "numeric", "inf", path="r.json", json_path="irr", expected=1e308, rel_tol=1e9
        ),  # no inf target: lint refuses it
        spec("numeric", "overflow", path="r.json", json_path="x", expected=1e308, rel_tol=1),
        spec("json_fields", "fields", path="r.json", fields={"npv": "nan", "irr": "inf"}),
        spec("json_fields", "from_ref", path="r.json", from_reference=["npv", "rows"]),
    ]
    result = grade(out, ref, *checks)
    assert [c.value for c in result.components] == [0.0, 0.0, 0.0, 0.0, 0.0], result.components
    (out / "t.csv").write_text("id,weight\n1,nan\n2,inf\n")
    (ref / "t.csv").write_text("id,weight\n1,1.5\n2,0.5\n")
    table = spec("tabular", path="t.csv", key=["id"], rel_tol=1e9, abs_tol=1e9)
    assert one(out, ref, table)[0] == 0.0


def test_passing_gates_alone_earns_nothing_when_every_scored_check_is_unjudged() -> None:
    gate = Component(name="exists", kind="exists", value=1.0, gate=True)
    probe = Component(name="probe", kind="rubric_probe", value=None, weight=2)
    assert compose([gate, probe], []) is None
    assert compose([gate], []) == 1.0  # a family made only of gates
    assert compose([gate, probe, Component(name="t", kind="tabular", value=0.5)], []) == 0.5


CHECKS = """
import time
from worktrial.grading.checks.files import FileProblem

def big(output, reference, params):
    return 7.5

def nan(output, reference, params):
    return float("nan"), "weights balance"

def boolean(output, reference, params):
    return True

def raises(output, reference, params):
    return {"value": 1 / 0}

def reads(output, reference, params):
    entry, data = output.read_one("totals.csv")
    return 1.0, f"read {len(data)} bytes"

def fine(output, reference, params):
    return {"value": 0.25, "evidence": f"params {sorted(params)}"}

def by_path(output, reference, params):  # careless: reads by path instead of through the Tree
    mine = output.root / "answer.csv"
    return float(mine.exists() and mine.read_text() == (reference.root / "answer.csv").read_text())

def hangs(output, reference, params):
    while True:
        time.sleep(0.01)
"""


@pytest.fixture
def hidden(tmp_path: Path) -> Path:
    folder = tmp_path / "hidden"
    folder.mkdir()
    (folder / "checks.py").write_text(CHECKS)
    return folder


def custom(out: Path, ref: Path, hidden: Path, *names: str, **kw: object) -> list[tuple[float | None, str]]:
    checks = [spec("python", name, function=f"checks.py:{name}") for name in names]
    result = grade_deliverable(out, ref, checks, hidden=hidden, params={"region": "north"}, **kw)  # type: ignore[arg-type]
    by_name = {c.name: c for c in result.components}
    errors = {e.split(":", 1)[0]: e for e in result.errors}
    return [(by_name[n].value, errors.get(n, by_name[n].evidence)) for n in names]


@needs_bwrap
def test_a_custom_check_is_trusted_only_with_a_finite_value_in_range(out: Path, ref: Path, hidden: Path) -> None:
    got = custom(out, ref, hidden, "big", "nan", "boolean", "raises", "reads", "fine")
    big, nan, boolean, raises, reads, fine = got
    assert big == (None, "big: hidden/checks.py:big() returned value=7.5, outside [0, 1]")
    assert nan == (None, "nan: hidden/checks.py:nan() returned value=nan, outside [0, 1]")
    assert boolean == (None, "boolean: hidden/checks.py:boolean() returned True, not a number in [0, 1]")
    assert raises[0] is None and "hidden/checks.py:raises() raised ZeroDivisionError: division by zero" in raises[1]
    # A delivered file that is missing is the worker's: value 0 with the reader's reason.
    assert reads == (0.0, "totals.csv: missing")
    assert fine == (0.25, "params ['region']")
    (out / "totals.csv").write_text("region,total\nnorth,1\n")
    assert custom(out, ref, hidden, "reads") == [(1.0, "read 21 bytes")]


@needs_bwrap
def test_a_hanging_custom_check_is_the_tasks_error_at_the_budget(out: Path, ref: Path, hidden: Path) -> None:
    from worktrial.grading import Budget

    (value, error), (after, later) = custom(out, ref, hidden, "hangs", "fine", budget=Budget(seconds=3))
    assert value is None and "hidden/checks.py:hangs() did not finish within the task's grading budget" in error
    assert after is None and "fine: hidden/checks.py:fine() not run: hidden/checks.py:hangs() ended" in later


@needs_bwrap
def test_all_custom_checks_of_a_grading_share_one_process(out: Path, ref: Path, hidden: Path) -> None:
    from worktrial.grading import using_sandbox
    from worktrial.sandbox import get_sandbox

    inner = get_sandbox("bwrap")
    runs: list[list[str]] = []

    class Counting:
        name = "counting"

        def check(self) -> None:
            inner.check()

        def run(self, spec):  # type: ignore[no-untyped-def]
            runs.append(spec.argv)
            return inner.run(spec)

    with using_sandbox(Counting()):  # type: ignore[arg-type]
        assert [v for v, _ in custom(out, ref, hidden, "fine", "reads", "big")] == [0.25, 0.0, None]
    (argv,) = runs  # one process: the file once, then the output and reference trees as mounts
    assert argv[-4:] == ["/workspace/calls.json", "/task/hidden/checks.py", "/task/in/0", "/task/in/1"]


@needs_bwrap
def test_survey_weights_of_nan_never_hit_the_population_margins(out: Path, tmp_path: Path) -> None:
    family = Path(__file__).resolve().parents[2] / "suites/deliverables/survey_weights"
    ref = family / "variants/base/hidden/reference"
    rows = (ref / "weighted_responses.csv").read_text().splitlines()
    (out / "weighted_responses.csv").write_text("\n".join([rows[0], *(r.rsplit(",", 1)[0] + ",nan" for r in rows[1:])]))
    summary = json.loads((ref / "summary.json").read_text())
    summary["topline"] = {k: "NaN" for k in summary["topline"]}
    summary["net_satisfaction"] = float("nan")
    (out / "summary.json").write_text(json.dumps(summary))
    checks = [
        spec("python", "margins", function="checks.py:weighted_margins"),
        spec("python", "topline", function="checks.py:topline"),
    ]
    params = {"age_bands": "18-34,35-54,55-200"}
    result = grade_deliverable(out, ref, checks, hidden=family / "hidden", params=params)
    assert not result.errors
    assert [c.value for c in result.components] == [0.0, 0.0], result.components


@needs_bwrap
def test_a_link_to_the_reference_gives_a_careless_check_nothing(out: Path, ref: Path, hidden: Path) -> None:
    (ref / "answer.csv").write_text("id,total\n1,42\n")
    (out / "answer.csv").symlink_to("../1/answer.csv")  # where the reference is mounted next to the output
    assert custom(out, ref, hidden, "by_path") == [(0.0, "value 0")]
    (out / "answer.csv").unlink()
    (out / "answer.csv").write_text("id,total\n1,42\n")
    assert custom(out, ref, hidden, "by_path") == [(1.0, "value 1")]
