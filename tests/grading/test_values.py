"""Values: numbers located in files, tables against a reference, JSON schema and fields."""

from __future__ import annotations

import json
from pathlib import Path

from .builders import one, spec, write_docx, write_xlsx


def test_numeric_from_json_csv_xlsx_and_text(out: Path, ref: Path) -> None:
    (out / "result.json").write_text(json.dumps({"totals": {"revenue": 1204.5}, "rows": [{"x": 1}, {"x": 2.0}]}))
    (out / "table.csv").write_text("region;revenue\nNorth;1204.5\nSouth;98.5\n")
    write_xlsx(out / "book.xlsx", {"B7": 0.125}, sheet="Summary")
    write_docx(out / "memo.docx", paragraphs=["The forecast NPV is EUR 3,450,000 over five years."])
    checks = [
        spec("numeric", path="result.json", json_path="totals.revenue", expected=1204.5),
        spec("numeric", path="result.json", json_path="$.rows[1].x", expected=2),
        spec("numeric", path="table.csv", csv_cell={"column": "Revenue", "where": {"region": "south"}}, expected=98.5),
        spec("numeric", path="book.xlsx", xlsx_cell="Summary!B7", expected=0.12, abs_tol=0.01),
        spec("numeric", path="memo.docx", regex=r"NPV is EUR ([\d,]+)", expected=3.45e6, rel_tol=1e-3),
    ]
    for check in checks:
        assert one(out, ref, check)[0] == 1.0, check
    value, evidence = one(out, ref, spec("numeric", path="result.json", json_path="totals.revenue", expected=1200))
    assert value == 0.0 and "got 1204.5, expected 1200" in evidence
    value, evidence = one(out, ref, spec("numeric", path="result.json", json_path="totals.cost", expected=1))
    assert value == 0.0 and "no field 'cost'" in evidence
    value, evidence = one(out, ref, spec("numeric", path="table.csv", csv_cell={"column": "revenue", "row": 0}))
    assert value is None and "reference value" in evidence  # no reference file: the task's fault, not the worker's


def test_numeric_expected_from_the_reference(out: Path, ref: Path) -> None:
    (ref / "result.json").write_text('{"npv": 101.0}')
    (out / "result.json").write_text('{"npv": 100.4}')
    check = spec("numeric", path="result.json", json_path="npv", rel_tol=0.01)
    assert one(out, ref, check)[0] == 1.0
    (out / "result.json").write_text('{"npv": "n/a"}')
    value, evidence = one(out, ref, check)
    assert value == 0.0 and "'n/a', not a number" in evidence


def test_numeric_formula_never_calculated(out: Path, ref: Path) -> None:
    write_xlsx(out / "book.xlsx", {"A1": 2, "A2": "=A1*3"})
    value, evidence = one(out, ref, spec("numeric", path="book.xlsx", xlsx_cell="A2", expected=6))
    assert value == 0.0 and "no cached value" in evidence


REFERENCE = (
    "id,customer,amount,signed\n"
    "1,Acme Ltd,100.00,2026-01-05\n2,Brio,250.50,2026-02-10\n3,Cora,75,2026-03-01\n4,Dune,10,2026-03-02\n"
)


def test_tabular_with_keys_and_a_tolerance_manifest(out: Path, ref: Path) -> None:
    (ref / "orders.csv").write_text(REFERENCE)
    (out / "orders.csv").write_text(
        "ID,Customer,Amount,Signed\n"
        "2, brio ,250.499,10/02/2026\n"  # order, blanks, case, tolerance and date form all differ but agree
        "1,ACME LTD,100,2026-01-05\n"
        "3,Cora,80,2026-03-01\n"  # mismatched amount
        "9,Ghost,1,2026-01-01\n"  # extra; 4 is missing
    )
    manifest = {
        "customer": {"normalise": ["strip", "lower"]},
        "amount": {"abs_tol": 0.01},
        "signed": {"normalise": "date", "date_formats": ["%d/%m/%Y"]},
    }
    value, evidence = one(out, ref, spec("tabular", path="orders.csv", key=["id"], columns=manifest))
    assert value == 2 / 5  # two matched; denominator: four reference rows + one extra
    assert "2/4 reference rows matched" in evidence
    assert "missing rows (1): key=(4)" in evidence
    assert "extra rows (1): key=(9)" in evidence
    assert "mismatched rows (1): key=(3): amount '80' ≠ '75'" in evidence
    lenient = spec("tabular", path="orders.csv", key=["id"], columns=manifest, penalise_extra=False)
    assert one(out, ref, lenient)[0] == 2 / 4
    only_ids = spec("tabular", path="orders.csv", key=["id"], compare=["customer"], columns=manifest)
    assert one(out, ref, only_ids)[0] == 3 / 5


def test_tabular_xlsx_sheet_against_csv_reference_by_position(out: Path, ref: Path) -> None:
    (ref / "expected.csv").write_text("region,revenue\nNorth,120\nSouth,95.5\n")
    write_xlsx(
        out / "report.xlsx",
        {"A1": "Region", "B1": "Revenue", "A2": "North", "B2": 120, "A3": "South", "B3": 95.5},
        sheet="Totals",
    )
    check = spec("tabular", path="report.xlsx", reference="expected.csv", sheet="Totals")
    assert one(out, ref, check) == (1.0, "2/2 reference rows matched")
    value, evidence = one(out, ref, spec("tabular", path="report.xlsx", reference="expected.csv", sheet="Nope"))
    assert value == 0.0 and "no sheet 'Nope'" in evidence


def test_tabular_missing_columns(out: Path, ref: Path) -> None:
    (ref / "t.csv").write_text("id,amount\n1,5\n")
    (out / "t.csv").write_text("id,total\n1,5\n")
    value, evidence = one(out, ref, spec("tabular", path="t.csv", key=["id"]))
    assert value == 0.0 and "missing columns ['amount']" in evidence
    (out / "t.csv").write_text("ident,amount\n1,5\n")
    value, evidence = one(out, ref, spec("tabular", path="t.csv", key=["id"]))
    assert value == 0.0 and "key column(s) missing" in evidence


def test_json_schema(out: Path, ref: Path) -> None:
    schema = {
        "type": "object",
        "required": ["customer", "lines"],
        "properties": {"lines": {"type": "array", "items": {"type": "object", "required": ["sku", "qty"]}}},
    }
    (out / "order.json").write_text(json.dumps({"customer": "Acme", "lines": [{"sku": "A1", "qty": 2}]}))
    assert one(out, ref, spec("json_schema", path="order.json", schema=schema)) == (1.0, "valid")
    (out / "order.json").write_text(json.dumps({"lines": [{"sku": "A1"}]}))
    value, evidence = one(out, ref, spec("json_schema", path="order.json", schema=schema))
    assert value == 0.0 and "2 schema error(s)" in evidence and "at lines/0: 'qty' is a required property" in evidence
    (ref / "order.schema.json").write_text(json.dumps(schema))
    assert one(out, ref, spec("json_schema", path="order.json", schema_file="order.schema.json"))[0] == 0.0
    (out / "order.json").write_text("{not json")
    value, evidence = one(out, ref, spec("json_schema", path="order.json", schema=schema))
    assert value == 0.0 and "does not open as json" in evidence


def test_json_fields(out: Path, ref: Path) -> None:
    (ref / "summary.json").write_text(json.dumps({"kpi": {"churn": 0.042}, "segments": ["smb", "ent"]}))
    (out / "summary.json").write_text(
        json.dumps({"kpi": {"churn": 0.0425, "nps": 31}, "segments": ["smb", "ent"], "status": "final"})
    )
    check = spec(
        "json_fields",
        path="summary.json",
        fields={"status": "final", "kpi.nps": 31, "segments": ["smb", "ent"]},
        from_reference=["kpi.churn"],
        abs_tol=0.001,
    )
    assert one(out, ref, check) == (1.0, "4/4 passed")
    strict = spec(
        "json_fields", path="summary.json", fields={"kpi.nps": 30, "owner": "x"}, from_reference=["kpi.churn"]
    )
    value, evidence = one(out, ref, strict)
    assert value == 0.0
    assert "kpi.nps = 31, expected 30" in evidence and "no field 'owner'" in evidence and "kpi.churn" in evidence


def test_numeric_from_the_text_of_a_pdf(out: Path, ref: Path, pdf_bytes: bytes) -> None:
    (out / "memo.pdf").write_bytes(pdf_bytes)
    check = spec("numeric", path="memo.pdf", regex=r"approved at ([\d ]+) EUR", expected=42000)
    assert one(out, ref, check) == (1.0, "got 42000, expected 42000 (abs_tol 1e-09, rel_tol 1e-09)")
