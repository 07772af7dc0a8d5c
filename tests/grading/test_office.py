"""Office documents and web pages: workbook cells and formulas, document and slide structure, HTML."""

from __future__ import annotations

from pathlib import Path

from .builders import one, spec, write_docx, write_html, write_pptx, write_xlsx
from .conftest import needs_soffice

FORMULAS = {"A1": 2, "A2": 3, "A3": "=A1*A2", "B1": "=SUM(A1:A2)"}


def test_formula_required_catches_pasted_constants(out: Path, ref: Path) -> None:
    write_xlsx(out / "model.xlsx", {"A1": 2, "A2": 3, "A3": 6, "B1": "=SUM(A1:A2)"}, cached={"B1": "5"})
    cells = [
        {"cell": "Data!A3", "value": 6, "formula_required": True},
        {"cell": "B1", "value": 5, "formula_contains": "sum("},
    ]
    value, evidence = one(out, ref, spec("xlsx_cells", path="model.xlsx", cells=cells))
    assert value == 4 / 5  # A3: value ok, not a formula; B1: formula and value ok; no error values
    assert "Data!A3 holds the constant 6, not a formula" in evidence


def test_cached_values_and_their_absence(out: Path, ref: Path) -> None:
    write_xlsx(out / "model.xlsx", FORMULAS, cached={"A3": "6"})
    cells = [{"cell": "A3", "value": 6}, {"cell": "B1", "value": 5}]
    value, evidence = one(out, ref, spec("xlsx_cells", path="model.xlsx", cells=cells))
    assert value == 2 / 3 and "B1 is a formula with no cached value" in evidence


def test_error_values_fail(out: Path, ref: Path) -> None:
    cells = {**FORMULAS, "C1": "=A1/0", "C2": "=SUM(#REF!)", "C3": '=A1+"x"', "C4": "=NOSUCH(A1)"}
    cached = {"A3": "6", "C1": "#DIV/0!", "C2": "#REF!", "C3": "#VALUE!", "C4": "#NAME?"}
    write_xlsx(out / "model.xlsx", cells, cached=cached)
    check = spec("xlsx_cells", path="model.xlsx", cells=[{"cell": "A3", "value": 6}, {"cell": "C1", "value": 0}])
    value, evidence = one(out, ref, check)
    assert value == 1 / 3
    assert "C1 holds the error #DIV/0!" in evidence
    for err in ("Data!C1=#DIV/0!", "Data!C2=#REF!", "Data!C3=#VALUE!", "Data!C4=#NAME?"):
        assert err in evidence


def test_expected_cells_from_the_reference_workbook(out: Path, ref: Path) -> None:
    write_xlsx(ref / "model.xlsx", {"A1": 2, "A2": 3, "A3": 6})
    write_xlsx(out / "model.xlsx", FORMULAS, cached={"A3": "6.0000001"})
    check = spec("xlsx_cells", path="model.xlsx", cells=[{"cell": "A3", "from_reference": True, "abs_tol": 1e-3}])
    assert one(out, ref, check) == (1.0, "2/2 passed")


@needs_soffice
def test_recalculation_catches_cached_values_that_disagree_with_formulas(out: Path, ref: Path) -> None:
    # Hand-edited XML: A3 = A1*A2 (= 6) claims 99; B1 = SUM(A1:A2) (= 5) was never calculated.
    write_xlsx(out / "model.xlsx", FORMULAS, cached={"A3": "99"})
    cells = [{"cell": "A3", "value": 6, "formula_required": True}, {"cell": "B1", "value": 5}]
    without = spec("xlsx_cells", "cached", path="model.xlsx", cells=cells)
    with_recalc = spec("xlsx_cells", "recalculated", path="model.xlsx", cells=cells, recalculate=True)
    from .builders import grade

    result = grade(out, ref, without, with_recalc)
    cached, fresh = result.components
    assert cached.value == 2 / 4 and "A3 = 99, expected 6" in cached.evidence
    assert fresh.value == 4 / 5  # values right after recalculation, but the cache lied
    assert "cached values disagree with their formulas: Data!A3 cached 99 but =A1*A2 gives 6" in fresh.evidence
    assert "1 formula cell(s) had no cached value" in fresh.evidence


@needs_soffice
def test_recalculation_passes_an_honest_workbook_and_finds_new_errors(out: Path, ref: Path) -> None:
    write_xlsx(out / "model.xlsx", {**FORMULAS, "C1": "=A1/(A2-3)"}, cached={"A3": "6", "B1": "5"})
    check = spec("xlsx_cells", path="model.xlsx", recalculate=True, cells=[{"cell": "A3", "value": 6}])
    value, evidence = one(out, ref, check)
    assert value == 2 / 3 and "error values: Data!C1=#DIV/0!" in evidence


def test_docx_structure(out: Path, ref: Path) -> None:
    write_docx(
        out / "report.docx",
        headings=["1. Executive Summary", "2. Findings", "3. Recommendations"],
        paragraphs=["Costs fell by 8 %.", "Three suppliers were late.", "Renegotiate the freight contract."],
        table=[["Supplier", "Delay (days)", "Penalty"], ["Acme", "4", "1200"], ["Brio", "9", "2600"]],
    )
    good = spec(
        "docx_structure",
        path="report.docx",
        headings=["executive summary", "findings", "recommendations"],
        tables=[{"header": ["Supplier", "Penalty"], "min_rows": 2}],
        phrases=["renegotiate the freight contract"],
    )
    assert one(out, ref, good) == (1.0, "5/5 passed")
    bad = spec(
        "docx_structure",
        path="report.docx",
        headings=["Recommendations", "Findings", "Appendix"],
        tables=[{"header": ["Supplier", "Owner"]}, {"header": ["Supplier"], "min_rows": 5}],
        phrases=["net present value"],
    )
    value, evidence = one(out, ref, bad)
    assert value == 1 / 6
    for why in ("heading 'Findings' out of order", "heading 'Appendix' missing", "no table with header",
                "text 'net present value' missing"):  # fmt: skip
        assert why in evidence


def test_pptx_structure(out: Path, ref: Path) -> None:
    write_pptx(
        out / "deck.pptx",
        [("Agenda", "Context, results"), ("Q3 Results", "Revenue +12 %"), ("Next steps", "Hire two analysts")],
        notes="Mention the freight renegotiation",
    )
    good = spec(
        "pptx_structure",
        path="deck.pptx",
        min_slides=3,
        max_slides=5,
        titles=["agenda", "results", "next steps"],
        text=["revenue +12 %", "freight renegotiation"],
    )
    assert one(out, ref, good) == (1.0, "6/6 passed")
    bad = spec("pptx_structure", path="deck.pptx", min_slides=4, titles=["Next steps", "Agenda"], text=["EBITDA"])
    value, evidence = one(out, ref, bad)
    assert value == 1 / 4
    assert "3 slides, expected [4, ∞]" in evidence and "slide title 'Agenda' out of order" in evidence


def test_html_structure(out: Path, ref: Path) -> None:
    write_html(out / "index.html")
    good = spec(
        "html_structure",
        path="index.html",
        elements=[
            {"selector": "h1#title", "text": "quarterly report"},
            {"selector": "table.kpi > tbody > tr", "min_count": 2},
            {"selector": "ul#risks li.risk", "min_count": 2},
            {"selector": "li.high", "text": "supplier delay"},
            {"selector": "nav.main a[href^='#']"},
            {"selector": "header > h1, footer > h1"},
        ],
        text=["Revenue grew by 12% year on year", "FX exposure"],
    )
    assert one(out, ref, good) == (1.0, "8/8 passed")
    bad = spec(
        "html_structure",
        path="index.html",
        elements=[{"selector": "body > h1"}, {"selector": "li.risk", "min_count": 3}, {"selector": "img[alt]"}],
        text=["secret script text"],  # inside <script>: not visible
    )
    value, evidence = one(out, ref, bad)
    assert value == 0.0
    assert "body > h1: 0 element(s)" in evidence and "li.risk: 2 element(s), expected ≥ 3" in evidence
    assert "text 'secret script text' missing" in evidence


def test_html_structure_refuses_other_content(out: Path, ref: Path) -> None:
    (out / "index.html").write_text('{"not": "html"}')
    value, evidence = one(out, ref, spec("html_structure", path="index.html", text=["x"]))
    assert value == 0.0 and "not a html file (its content is json)" in evidence
