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

from worktrial.kit.documents import LinePdf

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


_PRINT = LinePdf("Hearthwell AP scan", "20261002090000")


def write_pdf(path: Path, lines: list[str], title: str, per_page: int = 62) -> None:
    """A print-out PDF (Courier, A4), one text line per line given; '\\f' starts a new page."""
    _PRINT.write(path, title, lines, per_page)


def write_eml(path: Path, frm: str, to: str, when: str, subject: str, body: str) -> None:
    dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
    text = (
        f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0100\nSubject: {subject}\n"
        f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}"
    )
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
