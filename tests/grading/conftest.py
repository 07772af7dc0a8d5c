from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .builders import write_docx

needs_soffice = pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """The delivered output/ folder (a copy, as grading sees it)."""
    path = tmp_path / "output"
    path.mkdir()
    return path


@pytest.fixture
def ref(tmp_path: Path) -> Path:
    """The family's hidden/reference/ folder."""
    path = tmp_path / "reference"
    path.mkdir()
    return path


@pytest.fixture(scope="session")
def pdf_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A real PDF: a docx converted by LibreOffice."""
    from worktrial.grading.render import libreoffice_convert

    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice is not installed")
    tmp = tmp_path_factory.mktemp("pdf")
    src = write_docx(tmp / "memo.docx", headings=["Memo"], paragraphs=["Budget approved at 42 000 EUR."])
    (pdf,) = libreoffice_convert([src], "pdf", tmp / "out")
    return pdf.read_bytes()
