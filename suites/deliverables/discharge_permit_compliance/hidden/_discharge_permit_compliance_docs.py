"""The document writers of discharge_permit_compliance, as stability_shelf_life and vat_return write theirs: a
text-only PDF with fixed bytes, Word files and workbooks with fixed timestamps, and e-mails."""

from __future__ import annotations

import io
import re
import textwrap
import zipfile
from datetime import datetime
from pathlib import Path
from typing import Any

COMPANY = "Tarnvale Water Services Ltd"
AGENCY = "Rivers and Environment Agency"
FIXED_TIME = (2026, 2, 9, 9, 0, 0)
FIXED_ISO = "2026-02-09T09:00:00Z"


def _esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def write_pdf(path: Path, title: str, blocks: list[tuple[str, str]], footer: str) -> None:
    """A text-only A4 PDF. blocks: (kind, text) with kind "h" heading, "p" paragraph, "t" fixed-width line."""
    lines: list[tuple[str, str]] = [("title", title), ("p", "")]
    for kind, text in blocks:
        if kind == "h":
            lines += [("p", ""), ("h", text)]
        elif kind == "t":
            lines.append(("t", text))
        else:
            lines += [("p", w) for w in textwrap.wrap(text, 96)] + [("p", "")]
    pages: list[list[tuple[str, str]]] = [[]]
    for ln in lines:
        if len(pages[-1]) >= 58:
            pages.append([])
        pages[-1].append(ln)
    n = len(pages)
    kids = " ".join(f"{5 + 2 * i} 0 R" for i in range(n))
    objs: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    ]
    for i, page in enumerate(pages):
        ops = ["BT"]
        y = 800
        for kind, text in page:
            font, size = {"title": ("F2", 13), "h": ("F2", 10.5), "t": ("F3", 7.6)}.get(kind, ("F1", 9))
            ops.append(f"/{font} {size} Tf 1 0 0 1 40 {y} Tm ({_esc(text)}) Tj")
            y -= 13
        ops.append(f"/F1 7.5 Tf 1 0 0 1 40 28 Tm ({_esc(f'{footer} - page {i + 1} of {n}')}) Tj")
        ops.append("ET")
        stream = "\n".join(ops).encode("cp1252")
        objs.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {6 + 2 * i} 0 R "
            f"/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 {5 + 2 * n} 0 R >> >> >>".encode()
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


def normalise_zip(path: Path) -> None:
    """Fixed timestamps inside an Office file, so the same content gives the same bytes."""
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


def save_docx(d: Any, path: Path) -> None:
    d.core_properties.author = COMPANY
    d.core_properties.created = d.core_properties.modified = datetime(*FIXED_TIME)
    d.save(str(path))
    normalise_zip(path)


def save_xlsx(wb: Any, path: Path) -> None:
    wb.properties.creator = COMPANY
    wb.properties.created = wb.properties.modified = datetime(*FIXED_TIME)
    wb.save(str(path))
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
