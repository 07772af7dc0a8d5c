"""Writers for the file formats the sessions attach and deliver, each giving the same bytes on every run.

Office files are written with openpyxl, python-docx and python-pptx and then re-packed with fixed member dates and
fixed document-property dates; PDFs are written by hand (one font, text only)."""

from __future__ import annotations

import csv
import html as _html
import io
import re
import zipfile

STAMP = (2026, 1, 5, 9, 0, 0)
CORE_DATE = b"2026-01-05T09:00:00Z"

MEDIA = {
    "csv": "text/csv",
    "md": "text/markdown",
    "txt": "text/plain",
    "json": "application/json",
    "html": "text/html",
    "pdf": "application/pdf",
    "py": "text/x-python",
    "log": "text/plain",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
}


def media(name: str) -> str:
    return MEDIA[name.rsplit(".", 1)[-1].lower()]


DROP = ("word/stylesWithEffects.xml", "docProps/thumbnail.jpeg")  # optional parts of the templates, left out


def repack(data: bytes) -> bytes:
    """The same Office document with every zip member dated STAMP and the core properties' dates fixed."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename in DROP:
                continue
            body = src.read(info.filename)
            if info.filename.endswith(".rels") or info.filename == "[Content_Types].xml":
                for part in DROP:
                    body = re.sub(
                        rb"<(Relationship|Override)[^>]*" + re.escape(part.split("/", 1)[1]).encode() + rb'"[^>]*/>',
                        b"",
                        body,
                    )
            if info.filename == "docProps/core.xml":
                body = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>" + CORE_DATE, body)
                body = re.sub(rb"<cp:lastPrinted>[^<]*</cp:lastPrinted>", b"", body)
            zi = zipfile.ZipInfo(info.filename, date_time=STAMP)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            dst.writestr(zi, body)
    return out.getvalue()


def csv_bytes(rows: list[list[object]]) -> bytes:
    """Every field quoted, as the company's systems export them."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_ALL)
    for r in rows:
        w.writerow(r)
    return buf.getvalue().encode("utf-8")


def md_table(rows: list[list[object]]) -> str:
    head, *body = [[str(c) for c in r] for r in rows]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in body]
    return "\n".join(lines)


def html_page(title: str, blocks: list[tuple[str, object]]) -> bytes:
    """blocks: ("h2", text), ("p", text), ("ul", [items]), ("table", rows)."""
    esc = _html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        f'<head><meta charset="utf-8"><title>{esc(title)}</title>',
        "<style>body{font-family:Arial,sans-serif;max-width:52em;margin:2em auto;color:black}"
        "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:4px 8px;text-align:left}"
        "th{background:#e8eef2}</style></head>",
        "<body>",
        f"<h1>{esc(title)}</h1>",
    ]
    for kind, value in blocks:
        if kind == "table":
            rows = value  # type: ignore[assignment]
            parts.append("<table>")
            for i, r in enumerate(rows):  # type: ignore[arg-type]
                tag = "th" if i == 0 else "td"
                parts.append("<tr>" + "".join(f"<{tag}>{esc(str(c))}</{tag}>" for c in r) + "</tr>")
            parts.append("</table>")
        elif kind == "ul":
            parts.append("<ul>" + "".join(f"<li>{esc(str(i))}</li>" for i in value) + "</ul>")  # type: ignore[union-attr]
        else:
            parts.append(f"<{kind}>{esc(str(value))}</{kind}>")
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts).encode("utf-8")


def xlsx(sheets: list[tuple[str, list[list[object]]]]) -> bytes:
    """One sheet per (title, rows); the first row of each is a bold header."""
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for title, rows in sheets:
        ws = wb.create_sheet(title)
        for r in rows:
            ws.append(list(r))
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for i, col in enumerate(zip(*rows, strict=False), 1):
            width = min(max(len(str(c)) for c in col) + 2, 48)
            ws.column_dimensions[openpyxl.utils.get_column_letter(i)].width = width
    wb.properties.creator = "Halden Kitchen Systems"
    buf = io.BytesIO()
    wb.save(buf)
    return repack(buf.getvalue())


def docx(blocks: list[tuple[str, object]]) -> bytes:
    """blocks: ("h1"/"h2", text), ("p", text), ("bullets", [items]), ("table", rows)."""
    import docx as _docx

    doc = _docx.Document()
    doc.core_properties.author = "Halden Kitchen Systems"
    for kind, value in blocks:
        if kind in ("h1", "h2"):
            doc.add_heading(str(value), level=int(kind[1]))
        elif kind == "bullets":
            for item in value:  # type: ignore[union-attr]
                doc.add_paragraph(str(item), style="List Bullet")
        elif kind == "table":
            rows = value  # type: ignore[assignment]
            table = doc.add_table(rows=len(rows), cols=len(rows[0]))  # type: ignore[arg-type]
            table.style = "Table Grid"
            for i, r in enumerate(rows):  # type: ignore[arg-type]
                for j, c in enumerate(r):
                    table.cell(i, j).text = str(c)
        else:
            doc.add_paragraph(str(value))
    buf = io.BytesIO()
    doc.save(buf)
    return repack(buf.getvalue())


def pptx(title: str, subtitle: str, slides: list[tuple[str, object]]) -> bytes:
    """A title slide, then one slide per (title, body): body is a list of bullets or a table (list of rows)."""
    from pptx import Presentation
    from pptx.util import Inches, Pt

    prs = Presentation()
    prs.core_properties.author = "Halden Kitchen Systems"
    first = prs.slides.add_slide(prs.slide_layouts[0])
    first.shapes.title.text = title
    first.placeholders[1].text = subtitle
    for head, body in slides:
        if body and isinstance(body[0], list):  # type: ignore[index]
            slide = prs.slides.add_slide(prs.slide_layouts[5])
            slide.shapes.title.text = head
            rows = body  # type: ignore[assignment]
            shape = slide.shapes.add_table(
                len(rows),
                len(rows[0]),
                Inches(0.5),
                Inches(1.6),
                Inches(9),
                Inches(0.4) * len(rows),  # type: ignore[arg-type]
            )
            for i, r in enumerate(rows):  # type: ignore[arg-type]
                for j, c in enumerate(r):
                    cell = shape.table.cell(i, j)
                    cell.text = str(c)
                    cell.text_frame.paragraphs[0].font.size = Pt(12)
        else:
            slide = prs.slides.add_slide(prs.slide_layouts[1])
            slide.shapes.title.text = head
            frame = slide.placeholders[1].text_frame
            for k, item in enumerate(body):  # type: ignore[union-attr]
                para = frame.paragraphs[0] if k == 0 else frame.add_paragraph()
                para.text = str(item)
                para.font.size = Pt(18)
    buf = io.BytesIO()
    prs.save(buf)
    return repack(buf.getvalue())


def _pdf_str(text: str) -> bytes:
    raw = text.encode("cp1252", errors="replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def pdf(lines: list[str], per_page: int = 52) -> bytes:
    """A plain PDF of text lines in Helvetica 10pt, A4, with a correct cross-reference table."""
    pages = [lines[i : i + per_page] for i in range(0, max(len(lines), 1), per_page)] or [[]]
    objects: list[bytes] = []
    n_pages = len(pages)
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(n_pages))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    for i, page in enumerate(pages):
        stream = b"BT /F1 10 Tf 14 TL 56 790 Td\n" + b"".join(_pdf_str(ln) + b" Tj T*\n" for ln in page) + b"ET"
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
            f"/Contents {5 + 2 * i} 0 R >>".encode()
        )
        objects.append(f"<< /Length {len(stream)} >>\nstream\n".encode() + stream + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def xlsx_text(sheets: list[tuple[str, list[list[object]]]]) -> str:
    """The text a reader extracts from the workbook xlsx() writes (cell values, row by row)."""
    return "\n".join(str(c) for _t, rows in sheets for r in rows for c in r if c is not None)
