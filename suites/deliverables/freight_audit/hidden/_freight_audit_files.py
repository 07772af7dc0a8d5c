"""freight_audit's file writers: deterministic csv, xlsx, docx, pdf and e-mail files (fixed timestamps, no random
ids), used by hidden/build_inputs.py."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from datetime import datetime
from pathlib import Path

import docx
import openpyxl

FIXED_TIME = (2026, 10, 2, 9, 0, 0)
FIXED_ISO = "2026-10-02T09:00:00Z"
COMPANY = "Hearthwell Home Ltd"


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


def save_xlsx(wb: openpyxl.Workbook, path: Path) -> None:
    wb.properties.creator = COMPANY
    wb.properties.created = wb.properties.modified = datetime(*FIXED_TIME)
    wb.save(path)
    normalise_zip(path)


def save_docx(d: docx.document.Document, path: Path) -> None:
    d.core_properties.author = COMPANY
    d.save(str(path))
    normalise_zip(path)


def write_csv(path: Path, header: list[str], rows: list[list], encoding: str = "utf-8", pre: str = "") -> None:
    buf = io.StringIO()
    buf.write(pre)
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode(encoding))


def _pdf_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def write_pdf(path: Path, lines: list[str], title: str, per_page: int = 62) -> None:
    """A plain text PDF (Courier 8.5pt, A4), one text line per line given; '\f' starts a new page."""
    pages: list[list[str]] = [[]]
    for ln in lines:
        if ln == "\f" or len(pages[-1]) >= per_page:
            pages.append([])
            if ln == "\f":
                continue
        pages[-1].append(ln)
    pages = [p for p in pages if p]
    objs: list[bytes] = []
    n_pages = len(pages)
    # 1 catalog, 2 pages, 3 font, 4 info, then (page, content) pairs
    kids = " ".join(f"{5 + 2 * i} 0 R" for i in range(n_pages))
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objs.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    objs.append(f"<< /Title ({_pdf_escape(title)}) /Producer (Hearthwell AP scan) "
                f"/CreationDate (D:20261002090000Z) >>".encode())
    for i, page in enumerate(pages):
        body = ["BT", "/F1 8.5 Tf", "11 TL", "36 800 Td"]
        for j, ln in enumerate(page):
            text = _pdf_escape(ln.encode("latin-1", "replace").decode("latin-1"))
            body.append(f"({text}) Tj" if j == 0 else f"T* ({text}) Tj")
        body.append("ET")
        stream = "\n".join(body).encode("latin-1")
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
                    f"/Contents {6 + 2 * i} 0 R >>".encode())
        objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for k, body in enumerate(objs, start=1):
        offsets.append(out.tell())
        out.write(f"{k} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode())
    for off in offsets:
        out.write(f"{off:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    path.write_bytes(out.getvalue())


def write_eml(path: Path, frm: str, to: str, when: str, subject: str, body: str) -> None:
    dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
    text = (f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0100\nSubject: {subject}\n"
            f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}")
    path.write_text(text, encoding="utf-8")


def doc_table(d, header: list[str], rows: list[list[str]]) -> None:
    t = d.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    for c, text in zip(t.rows[0].cells, header, strict=True):
        c.text = text
    for r in rows:
        cells = t.add_row().cells
        for c, text in zip(cells, r, strict=True):
            c.text = str(text)
