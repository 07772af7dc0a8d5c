"""Opening delivered files with the real libraries, from bytes already read under the size limits.

Every failure becomes a `FileProblem` whose message is the evidence. Office files go through `open_zip`
first, so an archive that would unzip past the limit is refused before any library touches it.
"""

from __future__ import annotations

import csv
import io
import json
import re
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from .detect import decode_text, detect, matches
from .files import FileLimits, FileProblem, open_zip

if TYPE_CHECKING:  # the libraries themselves are imported when first needed (they take a while to load)
    from docx.document import Document as DocxDocument
    from openpyxl.workbook.workbook import Workbook
    from pptx.presentation import Presentation
    from pypdf import PdfReader

T = TypeVar("T")
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_WORD_PARTS = re.compile(r"word/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml")
_SLIDE_PARTS = re.compile(r"ppt/(slides/slide|notesSlides/notesSlide)\d+\.xml")


@contextmanager
def parsing(rel: str, what: str) -> Iterator[None]:
    """Turn any error of a parser into a FileProblem naming the file."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    except FileProblem:
        raise
    except Exception as e:
        message = str(e).strip().splitlines()[0][:200] if str(e).strip() else ""
        raise FileProblem(f"{rel}: does not open as {what} ({type(e).__name__}: {message})") from None


def require(data: bytes, rel: str, expected: str) -> None:
    found = detect(data)
    if not matches(expected, found):
        raise FileProblem(f"{rel}: not a {expected} file (its content is {found})")


def _guarded(data: bytes, rel: str, limits: FileLimits, kind: str, load: Callable[[io.BytesIO], T]) -> T:
    require(data, rel, kind)
    open_zip(data, rel, limits).close()
    with parsing(rel, kind):
        return load(io.BytesIO(data))


def workbook(data: bytes, rel: str, limits: FileLimits, *, data_only: bool) -> Workbook:
    import openpyxl

    return _guarded(data, rel, limits, "xlsx", lambda f: openpyxl.load_workbook(f, data_only=data_only))


def word(data: bytes, rel: str, limits: FileLimits) -> DocxDocument:
    import docx

    return _guarded(data, rel, limits, "docx", docx.Document)


def slides(data: bytes, rel: str, limits: FileLimits) -> Presentation:
    import pptx

    return _guarded(data, rel, limits, "pptx", pptx.Presentation)


def pdf(data: bytes, rel: str) -> PdfReader:
    from pypdf import PdfReader

    require(data, rel, "pdf")
    with parsing(rel, "pdf"):
        reader = PdfReader(io.BytesIO(data))
        if len(reader.pages) == 0:
            raise FileProblem(f"{rel}: pdf has no pages")
        return reader


def text(data: bytes, rel: str) -> str:
    decoded = decode_text(data)
    if decoded is None:
        raise FileProblem(f"{rel}: not text (binary content, {detect(data)})")
    return decoded


def json_value(data: bytes, rel: str) -> Any:
    content = text(data, rel)
    with parsing(rel, "json"):
        return json.loads(content)


def csv_rows(data: bytes, rel: str) -> list[list[str]]:
    content = text(data, rel)
    if detect(data) in ("json", "html", "xml"):
        raise FileProblem(f"{rel}: not a csv file (its content is {detect(data)})")
    with parsing(rel, "csv"):
        sample = content[:65536]
        try:
            dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=",;\t|")
        except csv.Error:
            dialect = csv.excel
        return [row for row in csv.reader(io.StringIO(content), dialect) if any(c.strip() for c in row)]


def open_as(data: bytes, rel: str, fmt: str, limits: FileLimits) -> str:
    """Open with the library for `fmt`; returns a one-line summary of what was found."""
    if fmt == "xlsx":
        wb = workbook(data, rel, limits, data_only=False)
        return f"xlsx with sheets {wb.sheetnames}"
    if fmt == "docx":
        d = word(data, rel, limits)
        return f"docx with {len(d.paragraphs)} paragraphs and {len(d.tables)} tables"
    if fmt == "pptx":
        return f"pptx with {len(slides(data, rel, limits).slides)} slides"
    if fmt == "pdf":
        return f"pdf with {len(pdf(data, rel).pages)} pages"
    if fmt == "json":
        return f"json {type(json_value(data, rel)).__name__}"
    if fmt == "csv":
        return f"csv with {len(csv_rows(data, rel))} rows"
    if fmt in ("png", "jpeg", "gif"):
        return _image(data, rel, fmt)
    if fmt == "zip":
        return f"zip with {len(open_zip(data, rel, limits).namelist())} entries"
    if fmt in ("html", "xml", "text"):
        require(data, rel, fmt)
        return f"{fmt}, {len(text(data, rel))} characters"
    raise FileProblem(f"{rel}: no library to open {fmt}")


def _image(data: bytes, rel: str, fmt: str) -> str:
    from PIL import Image

    require(data, rel, fmt)
    with parsing(rel, fmt), Image.open(io.BytesIO(data)) as im:
        if im.width * im.height > 200_000_000:
            raise FileProblem(f"{rel}: image of {im.width}x{im.height} pixels is too large")
        im.verify()
        return f"{fmt} image {im.width}x{im.height}"


def _xml_paragraphs(archive_data: bytes, rel: str, limits: FileLimits, parts: re.Pattern[str], ns: str) -> str:
    archive = open_zip(archive_data, rel, limits)
    out: list[str] = []
    with parsing(rel, "an office document"):
        for name in sorted(n for n in archive.namelist() if parts.fullmatch(n)):
            root = ET.fromstring(archive.read(name))
            for para in root.iter(f"{ns}p"):
                out.append("".join(t.text or "" for t in para.iter(f"{ns}t")))
    return "\n".join(out)


def extract_text(data: bytes, rel: str, limits: FileLimits) -> str | None:
    """All the text a reader would see in the file, or None for images and other non-text formats."""
    kind = detect(data)
    if kind == "docx":
        return _xml_paragraphs(data, rel, limits, _WORD_PARTS, _W)
    if kind == "pptx":
        return _xml_paragraphs(data, rel, limits, _SLIDE_PARTS, _A)
    if kind == "xlsx":
        wb = workbook(data, rel, limits, data_only=False)
        cells = (c for ws in wb.worksheets for row in ws.iter_rows(values_only=True) for c in row)
        return "\n".join(str(c) for c in cells if c is not None and not (isinstance(c, str) and c.startswith("=")))
    if kind == "pdf":
        return pdf_text(data, rel)
    if kind in ("png", "jpeg", "gif", "zip", "unknown"):
        return None
    return text(data, rel)


def pdf_text(data: bytes, rel: str, max_pages: int = 200) -> str:
    """The text of a PDF: pdftotext in a sandbox (render.pdf_text), or pypdf when that is unavailable."""
    from .. import render

    try:
        found = render.pdf_text(data, max_pages)
    except render.ToolMissing:
        found = None
    if found is not None:
        return found
    reader = pdf(data, rel)
    with parsing(rel, "pdf"):
        return "\n".join(page.extract_text() or "" for page in reader.pages[:max_pages])
