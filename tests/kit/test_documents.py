"""The input generators' document writers: a PDF and a Word file read back, and the same content giving the same
bytes."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import docx
import openpyxl
import pypdf

from worktrial.kit import LARGER_PRINT, DocumentWriter, PdfStyle, pdf_bytes

WHEN = datetime(2026, 3, 2, 9, 0)


def test_pdf_reads_back_and_is_stable(tmp_path: Path) -> None:
    docs = DocumentWriter("Fernhollow Supplies Ltd", WHEN, pdf_style=PdfStyle(lines=20))
    blocks = [("h", "1. Scope (all sites)"), ("p", "Word " * 120), ("t", "Code   Rate   Note")]
    blocks += [("t", f"R{i:02d}    {i}%") for i in range(30)]
    path = tmp_path / "policy.pdf"
    docs.write_pdf(path, "Purchasing policy", blocks)
    first = path.read_bytes()
    docs.write_pdf(path, "Purchasing policy", blocks)
    assert path.read_bytes() == first
    reader = pypdf.PdfReader(str(path))
    assert len(reader.pages) > 1
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Purchasing policy" in text and "1. Scope (all sites)" in text and "R29" in text
    assert f"Fernhollow Supplies Ltd - page 1 of {len(reader.pages)}" in text


def test_docx_and_workbook_read_back_and_are_stable(tmp_path: Path) -> None:
    docs = DocumentWriter("Fernhollow Supplies Ltd", WHEN, sort_members=True)
    path = tmp_path / "codes.docx"
    tables = [("Codes", [["Code", "Rate"], ["S", "20%"]]), (None, [["Z", "0%"]])]
    docs.write_table_doc(path, "VAT codes", ["As used from March."], tables, ["Ends."])
    first = path.read_bytes()
    docs.write_table_doc(path, "VAT codes", ["As used from March."], tables, ["Ends."])
    assert path.read_bytes() == first
    d = docx.Document(str(path))
    assert [p.text for p in d.paragraphs] == ["VAT codes", "As used from March.", "Codes", "Ends."]
    assert [[c.text for c in r.cells] for r in d.tables[0].rows] == [["Code", "Rate"], ["S", "20%"]]
    assert (
        d.core_properties.author == "Fernhollow Supplies Ltd" and d.core_properties.created.replace(tzinfo=None) == WHEN
    )
    wb = openpyxl.Workbook()
    wb.active["A1"] = "total"
    book = tmp_path / "book.xlsx"
    docs.save_workbook(wb, book)
    assert openpyxl.load_workbook(str(book)).active["A1"].value == "total"


def test_emails(tmp_path: Path) -> None:
    docs = DocumentWriter("Fernhollow Supplies Ltd", WHEN, utc_offset="+0100", transfer_encoding="8bit")
    docs.write_emails(tmp_path / "mail", [("01.eml", "a@x.test", "b@x.test", "2026-03-02 10:15", "Codes", "Hi.\n")])
    text = (tmp_path / "mail" / "01.eml").read_text(encoding="utf-8")
    assert "Date: Mon, 02 Mar 2026 10:15 +0100\nSubject: Codes\n" in text
    assert text.endswith("Content-Transfer-Encoding: 8bit\n\nHi.\n")


def test_larger_print_layout() -> None:
    pdf = pdf_bytes("Title", [("t", "fixed")], "Footer Ltd", LARGER_PRINT)
    assert (
        b"/F2 14 Tf 1 0 0 1 50 800 Tm (Title) Tj" in pdf and b"/F3 9.5 Tf" in pdf and b"/F1 8 Tf 1 0 0 1 50 30" in pdf
    )
