"""Document writers of construction_valuation: a small PDF writer with fixed bytes (dayworks sheets, the Contractor's
application, vesting and insurance certificates), Word documents (the contract particulars, the bonds register, the
notices) and e-mails, all with fixed timestamps."""

from __future__ import annotations

import io
import re
import textwrap
import zipfile
from datetime import datetime
from pathlib import Path

import docx

EMPLOYER = "Aireside Living Ltd"
CONTRACTOR = "Brackenridge Construction Ltd"
FIXED_TIME = (2026, 3, 26, 9, 0, 0)
FIXED_ISO = "2026-03-26T09:00:00Z"


def _esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def write_pdf(path: Path, pages: list[list[tuple[str, str]]], footer: str) -> None:
    """A text-only PDF (A4). Each page is a list of (kind, text): "title", "h" heading, "p" paragraph (wrapped),
    "t" a fixed-width table line, "" a blank line. A page that runs over 58 lines continues on a new one."""
    laid: list[list[tuple[str, str]]] = []
    for page in pages:
        laid.append([])
        for kind, text in page:
            parts = [(kind, w) for w in textwrap.wrap(text, 96)] if kind == "p" else [(kind, text)]
            for part in parts:
                if len(laid[-1]) >= 58:
                    laid.append([])
                laid[-1].append(part)
    objs: list[bytes] = []
    n = len(laid)
    kids = " ".join(f"{6 + 2 * i} 0 R" for i in range(n))
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objs.append(f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode())
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    for i, page in enumerate(laid):
        ops = ["BT"]
        y = 800
        for kind, text in page:
            font, size = {"title": ("F2", 13), "h": ("F2", 10.5), "t": ("F3", 8.2)}.get(kind, ("F1", 9.2))
            if text:
                ops.append(f"/{font} {size} Tf 1 0 0 1 42 {y} Tm ({_esc(text)}) Tj")
            y -= 13
        ops.append(f"/F1 7.5 Tf 1 0 0 1 42 28 Tm ({_esc(f'{footer} - page {i + 1} of {n}')}) Tj")
        ops.append("ET")
        stream = "\n".join(ops).encode("cp1252")
        objs.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {7 + 2 * i} 0 R "
            "/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> >>".encode()
        )
        objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objs, start=1):
        offsets.append(out.tell())
        out.write(f"{k} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode())
    for off in offsets:
        out.write(f"{off:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def normalise_zip(path: Path) -> None:
    src = path.read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(src)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)", rf"\g<1>{FIXED_ISO}\g<3>", text)
                data = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zout.writestr(zi, data)
    path.write_bytes(out.getvalue())


def save_docx(d, path: Path) -> None:
    d.core_properties.author = EMPLOYER
    d.core_properties.created = d.core_properties.modified = datetime(*FIXED_TIME)
    path.parent.mkdir(parents=True, exist_ok=True)
    d.save(str(path))
    normalise_zip(path)


def table(d, header: list[str], rows: list[list[str]]) -> None:
    t = d.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    for c, text in zip(t.rows[0].cells, header, strict=True):
        c.text = text
    for row in rows:
        for c, text in zip(t.add_row().cells, row, strict=True):
            c.text = text


def write_docx(path: Path, title: str, blocks: list[tuple]) -> None:
    """blocks: ("h", text) heading, ("p", text) paragraph, ("t", header, rows) table."""
    d = docx.Document()
    d.add_heading(title, 0)
    for b in blocks:
        if b[0] == "h":
            d.add_heading(b[1], 1)
        elif b[0] == "t":
            table(d, b[1], b[2])
        else:
            d.add_paragraph(b[1])
    save_docx(d, path)


def write_emails(folder: Path, mails: list[tuple[str, str, str, str, str, str]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for fname, frm, to, when, subject, body in mails:
        dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
        text = (
            f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0000\nSubject: {subject}\n"
            f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}"
        )
        (folder / fname).write_text(text, encoding="utf-8")


def money(x: float) -> str:
    return f"£{x:,.2f}"
