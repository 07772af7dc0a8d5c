"""Input documents with fixed bytes, for a family's `hidden/build_inputs.py`: a text-only PDF writer, Word and Excel
files with fixed timestamps, and plain-text e-mails.

The same content always gives the same bytes, so a regenerated input shows no change in git. A family makes one
`DocumentWriter` with its company and date and uses its methods; `PdfStyle` sets the PDF's page layout. A system's
print-out (an invoice run, a receipts listing: Courier lines, page after page) is a `LinePdf`.

    DOCS = DocumentWriter("Example Ltd", datetime(2026, 3, 2, 9, 0))
    DOCS.write_pdf(path, "Policy", [("h", "1. Scope"), ("p", "..."), ("t", "Code  Rate")])

python-docx is needed only by `write_table_doc`; the module itself imports nothing outside the standard library.
"""

from __future__ import annotations

import io
import re
import textwrap
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

Block = tuple[str, str]
"""A PDF block: (kind, text), kind "h" heading, "p" paragraph (wrapped), "t" fixed-width line (Courier, unwrapped)."""

Mail = tuple[str, str, str, str, str, str]
"""An e-mail: (file name, from, to, "YYYY-MM-DD HH:MM", subject, body)."""

Table = tuple[str | None, list[list[str]]]
"""A Word table: (heading or None, rows of cell texts)."""


@dataclass(frozen=True)
class PdfStyle:
    """The page layout of `DocumentWriter.write_pdf` (A4, points): sizes are font sizes, `wrap` the paragraph width
    in characters, `lines` the lines on a page, `margin` the left margin, `footer_y` the footer's baseline."""

    wrap: int = 95
    lines: int = 58
    margin: int = 48
    title_size: float = 13
    heading_size: float = 10.5
    body_size: float = 9
    fixed_size: float = 8.5
    footer_size: float = 7.5
    footer_y: int = 28


LARGER_PRINT = PdfStyle(
    wrap=92,
    lines=56,
    margin=50,
    title_size=14,
    heading_size=11,
    body_size=9.5,
    fixed_size=9.5,
    footer_size=8,
    footer_y=30,
)
"""A second layout, slightly larger type (Courier lines at body size), as some families' documents use."""


def _pdf_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def pdf_bytes(title: str, blocks: list[Block], footer: str, style: PdfStyle = PdfStyle()) -> bytes:
    """A text-only A4 PDF (Helvetica, Helvetica-Bold, Courier; cp1252 text) with `footer - page i of n` on each page."""
    lines: list[Block] = [("title", title), ("p", "")]
    for kind, text in blocks:
        if kind == "h":
            lines += [("p", ""), ("h", text)]
        elif kind == "t":
            lines.append(("t", text))
        else:
            lines += [("p", w) for w in textwrap.wrap(text, style.wrap)] + [("p", "")]
    pages = [lines[i : i + style.lines] for i in range(0, len(lines), style.lines)]
    n = len(pages)
    kids = " ".join(f"{5 + 2 * i} 0 R" for i in range(n))
    objs: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    ]
    fonts = {
        "title": ("F2", style.title_size),
        "h": ("F2", style.heading_size),
        "t": ("F3", style.fixed_size),
    }
    x = style.margin
    for i, page in enumerate(pages):
        ops, y = ["BT"], 800
        for kind, text in page:
            font, size = fonts.get(kind, ("F1", style.body_size))
            ops.append(f"/{font} {size} Tf 1 0 0 1 {x} {y} Tm ({_pdf_escape(text)}) Tj")
            y -= 13
        foot = _pdf_escape(f"{footer} - page {i + 1} of {n}")
        ops.append(f"/F1 {style.footer_size} Tf 1 0 0 1 {x} {style.footer_y} Tm ({foot}) Tj")
        ops.append("ET")
        stream = "\n".join(ops).encode("cp1252")
        objs.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {6 + 2 * i} 0 R "
            f"/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 {5 + 2 * n} 0 R >> >> >>".encode()
        )
        objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    return _pdf_file(objs)


def _pdf_file(objs: list[bytes], info: int | None = None, binary_marker: bool = False) -> bytes:
    """Objects 1..n (1 the catalog) as a PDF file with its cross-reference table; `info` names the Info object."""
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n" + (b"%\xe2\xe3\xcf\xd3\n" if binary_marker else b""))
    offsets = []
    for k, body in enumerate(objs, start=1):
        offsets.append(out.tell())
        out.write(f"{k} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode())
    for off in offsets:
        out.write(f"{off:010d} 00000 n \n".encode())
    info_ref = f" /Info {info} 0 R" if info else ""
    out.write(f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R{info_ref} >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


def paginate(lines: list[str], per_page: int) -> list[list[str]]:
    """Lines cut into pages of at most `per_page`; a line that is exactly "\\f" starts a new page (and is dropped)."""
    pages: list[list[str]] = [[]]
    for line in lines:
        if line == "\f" or len(pages[-1]) >= per_page:
            pages.append([])
            if line == "\f":
                continue
        pages[-1].append(line)
    return [p for p in pages if p] or [[]]


@dataclass(frozen=True)
class LinePdf:
    """A print-out PDF: Courier lines on A4 portrait, as a billing or accounts system exports them. `producer` and
    `created` ("YYYYMMDDHHMMSS") go into the Info object; `size`, `leading` and `origin` set the type."""

    producer: str
    created: str
    size: float = 8.5
    leading: float = 11
    origin: tuple[int, int] = (36, 800)

    def bytes(self, title: str, pages: list[list[str]]) -> bytes:
        n = len(pages)
        kids = " ".join(f"{5 + 2 * i} 0 R" for i in range(n))
        objs: list[bytes] = [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode(),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
            f"<< /Title ({_pdf_escape(title)}) /Producer ({self.producer}) "
            f"/CreationDate (D:{self.created}Z) >>".encode(),
        ]
        size, leading = f"{self.size:g}", f"{self.leading:g}"
        for i, page in enumerate(pages):
            ops = ["BT", f"/F1 {size} Tf", f"{leading} TL", f"{self.origin[0]} {self.origin[1]} Td"]
            for j, line in enumerate(page):
                text = _pdf_escape(line.encode("latin-1", "replace").decode("latin-1"))
                ops.append(f"({text}) Tj" if j == 0 else f"T* ({text}) Tj")
            ops.append("ET")
            stream = "\n".join(ops).encode("latin-1")
            objs.append(
                f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
                f"/Contents {6 + 2 * i} 0 R >>".encode()
            )
            objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
        return _pdf_file(objs, info=4, binary_marker=True)

    def write(self, path: Path, title: str, lines: list[str], per_page: int) -> None:
        """`lines` paginated (`paginate`) and written to `path` as this print-out."""
        path.write_bytes(self.bytes(title, paginate(lines, per_page)))


@dataclass(frozen=True)
class DocumentWriter:
    """One family's document writers: `author` signs the Office files and is the PDF footer's default, `when` is
    every timestamp inside them. `sort_members` writes an Office file's zip members in name order; `utc_offset`
    and `transfer_encoding` (e.g. "8bit", or None for no such header) shape the e-mails."""

    author: str
    when: datetime
    pdf_style: PdfStyle = field(default_factory=PdfStyle)
    sort_members: bool = False
    utc_offset: str = "+0000"
    transfer_encoding: str | None = None

    def write_pdf(self, path: Path, title: str, blocks: list[Block], footer: str | None = None) -> None:
        """A text-only A4 PDF (see `pdf_bytes`); the footer defaults to the author."""
        path.write_bytes(pdf_bytes(title, blocks, self.author if footer is None else footer, self.pdf_style))

    def normalise_zip(self, path: Path) -> None:
        """Rewrite an Office file with fixed member timestamps and fixed created/modified dates in docProps/core.xml."""
        iso = self.when.strftime("%Y-%m-%dT%H:%M:%SZ")
        stamp = (self.when.year, self.when.month, self.when.day, self.when.hour, self.when.minute, self.when.second)
        out = io.BytesIO()
        with (
            zipfile.ZipFile(io.BytesIO(path.read_bytes())) as zin,
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout,
        ):
            infos = zin.infolist()
            if self.sort_members:
                infos = sorted(infos, key=lambda i: i.filename)
            for info in infos:
                data = zin.read(info.filename)
                if info.filename == "docProps/core.xml":
                    text = data.decode("utf-8")
                    text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)", rf"\g<1>{iso}\g<3>", text)
                    data = text.encode("utf-8")
                zi = zipfile.ZipInfo(info.filename, date_time=stamp)
                zi.compress_type = zipfile.ZIP_DEFLATED
                zi.external_attr = 0o644 << 16
                zout.writestr(zi, data)
        path.write_bytes(out.getvalue())

    def save_docx(self, document: Any, path: Path) -> None:
        """Save a python-docx Document with the author and fixed dates, then `normalise_zip`."""
        document.core_properties.author = self.author
        document.core_properties.created = document.core_properties.modified = self.when
        document.save(str(path))
        self.normalise_zip(path)

    def save_workbook(self, workbook: Any, path: Path) -> None:
        """Save an openpyxl Workbook with the author as creator and fixed dates, then `normalise_zip`."""
        workbook.properties.creator = self.author
        workbook.properties.created = workbook.properties.modified = self.when
        workbook.save(str(path))
        self.normalise_zip(path)

    def write_table_doc(self, path: Path, title: str, intro: list[str], tables: list[Table], outro: list[str]) -> None:
        """A Word file: the title (heading 0), intro paragraphs, each table ("Table Grid", under its heading 1 if it
        has one), outro paragraphs."""
        import docx

        d = docx.Document()
        d.add_heading(title, 0)
        for p in intro:
            d.add_paragraph(p)
        for heading, rows in tables:
            if heading is not None:
                d.add_heading(heading, 1)
            t = d.add_table(rows=0, cols=len(rows[0]))
            t.style = "Table Grid"
            for r in rows:
                for c, v in zip(t.add_row().cells, r, strict=True):
                    c.text = v
        for p in outro:
            d.add_paragraph(p)
        self.save_docx(d, path)

    def write_emails(self, folder: Path, mails: list[Mail]) -> None:
        """One plain-text .eml file a mail (UTF-8), in `folder` (created if missing)."""
        folder.mkdir(parents=True, exist_ok=True)
        encoding = "" if self.transfer_encoding is None else f"Content-Transfer-Encoding: {self.transfer_encoding}\n"
        for fname, frm, to, when, subject, body in mails:
            dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
            text = (
                f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} {self.utc_offset}\n"
                f"Subject: {subject}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n{encoding}\n{body}"
            )
            (folder / fname).write_text(text, encoding="utf-8")
