"""The solution kit's document readers: Word files read with the standard library, as python-docx reads them."""

from __future__ import annotations

import sys
from pathlib import Path

import docx
import pytest

from worktrial.kit.solution import KitError, document_text, documents_in, docx_blocks, docx_text, pdf_text, plain


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    d = docx.Document()
    d.add_heading("Amoxicillin", level=2)
    p = d.add_paragraph("Formulary status:\tformulary")
    p.add_run().add_break()
    p.add_run("second line")
    table = d.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "Indication"
    table.cell(0, 1).text = "Adult dose"
    table.cell(1, 0).text = "Otitis media"
    cell = table.cell(1, 1)
    cell.text = "500 mg"
    cell.add_paragraph("three times daily")
    d.add_paragraph("\u201cQuoted\u201d \u2013 done")
    path = tmp_path / "monograph.docx"
    d.save(str(path))
    return path


def test_docx_blocks_match_python_docx(word_file: Path) -> None:
    d = docx.Document(str(word_file))
    blocks = docx_blocks(word_file)
    paragraphs = [b for b in blocks if b.kind == "paragraph"]
    assert [(b.style.lower(), b.text) for b in paragraphs] == [
        ((p.style.name or "").lower(), p.text) for p in d.paragraphs
    ]
    (table,) = [b for b in blocks if b.kind == "table"]
    assert table.rows == [[c.text for c in row.cells] for row in d.tables[0].rows]
    assert table.rows[1][1] == "500 mg\nthree times daily"
    assert [b.kind for b in blocks] == ["paragraph", "paragraph", "table", "paragraph"]


def test_docx_text_reads_paragraphs_and_rows_in_order(word_file: Path) -> None:
    lines = docx_text(word_file).splitlines()
    assert lines[:2] == ["Amoxicillin", "Formulary status: formulary second line"]
    assert lines[2:4] == ["Indication | Adult dose", "Otitis media | 500 mgthree times daily"]
    assert document_text(word_file) == docx_text(word_file)


def test_plain_makes_typography_ascii() -> None:
    text = "  \u201cCap\u201d\u00a0\u2013 the supplier\u2019s\n\tliability \u2014 "
    assert plain(text) == '"Cap" - the supplier\'s liability -'


def test_documents_in_lists_word_and_pdf_by_name(tmp_path: Path) -> None:
    for name in ("b.PDF", "a.docx", "notes.txt", "c.docx"):
        (tmp_path / name).write_bytes(b"")
    assert documents_in(tmp_path) == [str(tmp_path / n) for n in ("a.docx", "b.PDF", "c.docx")]
    assert documents_in(tmp_path, (".txt",)) == [str(tmp_path / "notes.txt")]


def test_a_file_that_is_not_word_is_the_scripts_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.docx"
    bad.write_text("not a zip")
    with pytest.raises(KitError, match="not a Word document"):
        docx_blocks(bad)


def test_pdf_text_without_pypdf_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "pypdf", None)
    with pytest.raises(KitError, match="pypdf"):
        pdf_text(tmp_path / "guide.pdf")
