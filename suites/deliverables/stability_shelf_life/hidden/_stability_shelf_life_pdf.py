"""The documents of stability_shelf_life: a small PDF writer with fixed bytes, Word files and e-mails with fixed
timestamps."""

from __future__ import annotations

import io
import re
import textwrap
import zipfile
from datetime import datetime
from pathlib import Path

COMPANY = "Brackenridge Generics Ltd"
FIXED_TIME = (2025, 5, 27, 9, 0, 0)
FIXED_ISO = "2025-05-27T09:00:00Z"


# ------------------------------------------------------------------------------------------------ pdf


def _pdf_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def write_pdf(path: Path, title: str, blocks: list[tuple[str, str]]) -> None:
    """A text-only PDF (Helvetica, A4). blocks: (kind, text), kind "h" heading, "p" paragraph, "t" table line."""
    lines: list[tuple[str, str]] = [("title", title), ("p", "")]
    for kind, text in blocks:
        if kind == "h":
            lines += [("p", ""), ("h", text)]
        elif kind == "t":
            lines.append(("t", text))
        else:
            lines += [("p", w) for w in textwrap.wrap(text, 92)] + [("p", "")]
    pages: list[list[tuple[str, str]]] = [[]]
    for ln in lines:
        if len(pages[-1]) >= 56:
            pages.append([])
        pages[-1].append(ln)
    objs: list[bytes] = []
    n_pages = len(pages)
    # 1 catalog, 2 pages, 3 font, 4 bold font, then per page: page, content
    kids = " ".join(f"{5 + 2 * i} 0 R" for i in range(n_pages))
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objs.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
    for i, page in enumerate(pages):
        ops = ["BT"]
        y = 800
        for kind, text in page:
            font, size = ("F2", 14) if kind == "title" else ("F2", 11) if kind == "h" else ("F1", 9.5)
            face = "Courier" if kind == "t" else None
            ops.append(f"/{'F3' if face else font} {size} Tf 1 0 0 1 50 {y} Tm ({_pdf_escape(text)}) Tj")
            y -= 13
        ops.append(f"/F1 8 Tf 1 0 0 1 50 30 Tm ({_pdf_escape(f'{COMPANY} - page {i + 1} of {n_pages}')}) Tj")
        ops.append("ET")
        stream = "\n".join(ops).encode("cp1252")
        objs.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {6 + 2 * i} 0 R "
            "/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 "
            f"{5 + 2 * n_pages} 0 R >> >> >>".encode()
        )
        objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
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
    path.write_bytes(out.getvalue())


# ------------------------------------------------------------------------------------------------ office files


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
    d.core_properties.author = COMPANY
    d.core_properties.created = d.core_properties.modified = datetime(*FIXED_TIME)
    d.save(str(path))
    normalise_zip(path)


def write_emails(folder: Path, mails: list[tuple[str, str, str, str, str, str]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for fname, frm, to, when, subject, body in mails:
        dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
        text = (
            f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0000\nSubject: {subject}\n"
            f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}"
        )
        (folder / fname).write_text(text, encoding="utf-8")
