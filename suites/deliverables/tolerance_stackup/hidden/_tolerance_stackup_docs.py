"""Writers for tolerance_stackup's input files: a small PDF writer (drawing extracts in a fixed-pitch font, so the
tables read back column by column), Word, Excel, CSV and e-mail files, all byte-for-byte deterministic."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from datetime import datetime
from pathlib import Path

FIXED_ZIP_TIME = (2026, 11, 30, 9, 0, 0)


def _pdf_escape(text: str) -> bytes:
    raw = text.encode("cp1252", errors="replace")
    return raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def write_pdf(path: Path, pages: list[list[str]], title: str) -> None:
    """Pages of text lines in Courier 9 pt on A4 landscape; WinAnsi encoding (so Ø and ± survive)."""
    objects: list[bytes] = []
    font_id = 3
    page_ids = []
    contents = []
    for lines in pages:
        body = [b"BT", b"/F1 9 Tf", b"11 TL", b"36 560 Td"]
        for line in lines:
            body.append(b"(" + _pdf_escape(line) + b") Tj T*")
        body.append(b"ET")
        contents.append(b"\n".join(body))
    n_pages = len(pages)
    # object numbering: 1 catalog, 2 pages, 3 font, 4 info, then (page, content) pairs
    first = 5
    for i in range(n_pages):
        page_ids.append(first + 2 * i)
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    kids = b" ".join(f"{p} 0 R".encode() for p in page_ids)
    objects.append(b"<< /Type /Pages /Kids [" + kids + b"] /Count " + str(n_pages).encode() + b" >>")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    objects.append(b"<< /Title (" + _pdf_escape(title) + b") /Producer (Marrowby PLM drawing extract) "
                   b"/CreationDate (D:20261127090000Z) >>")
    for i, content in enumerate(contents):
        cid = page_ids[i] + 1
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Resources << /Font << /F1 {font_id} "
                       f"0 R >> >> /Contents {cid} 0 R >>".encode())
        objects.append(b"<< /Length " + str(len(content)).encode() + b" >>\nstream\n" + content + b"\nendstream")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, obj in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{i} 0 obj\n".encode() + obj + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for off in offsets:
        out.write(f"{off:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    path.write_bytes(out.getvalue())


def normalise_zip(path: Path) -> None:
    """Rewrite an office file with fixed member times, so rebuilding gives the same bytes."""
    with zipfile.ZipFile(path) as z:
        members = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            if name == "docProps/core.xml":  # openpyxl stamps the save time as the modified time
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:)", r"\g<1>2026-11-27T09:00:00Z\g<2>",
                              data.decode("utf-8"))
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    path.write_bytes(buf.getvalue())


def save_xlsx(wb, path: Path) -> None:
    wb.properties.created = datetime(2026, 11, 27, 9, 0)
    wb.properties.modified = datetime(2026, 11, 27, 9, 0)
    wb.properties.creator = "Marrowby Gear Systems"
    wb.save(path)
    normalise_zip(path)


def save_docx(d, path: Path) -> None:
    d.core_properties.created = datetime(2026, 3, 2, 9, 0)
    d.core_properties.modified = datetime(2026, 3, 2, 9, 0)
    d.core_properties.last_modified_by = "Engineering Standards"
    d.core_properties.author = "Engineering Standards"
    d.core_properties.comments = ""
    d.save(path)
    normalise_zip(path)


def write_csv(path: Path, header: list[str], rows: list[list], encoding: str = "utf-8", preamble: str = "") -> None:
    buf = io.StringIO()
    if preamble:
        buf.write(preamble)
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode(encoding))


def write_eml(path: Path, frm: str, to: str, when: str, subject: str, body: str) -> None:
    dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
    text = (f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0000\nSubject: {subject}\n"
            f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}")
    path.write_text(text, encoding="utf-8")
