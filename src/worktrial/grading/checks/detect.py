"""What a file really is, from its bytes (magic numbers, zip parts, parsing), never from its name."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from io import BytesIO
from typing import Any

from worktrial.tasks.checks import FileFormat

TEXT_FAMILY: frozenset[str] = frozenset({"text", "csv", "json", "html", "xml"})
_OFFICE_PARTS = (("xl/workbook.xml", "xlsx"), ("word/document.xml", "docx"), ("ppt/presentation.xml", "pptx"))
_EXTENSIONS: dict[str, FileFormat] = {
    "xlsx": "xlsx", "xlsm": "xlsx", "docx": "docx", "pptx": "pptx", "pdf": "pdf", "png": "png", "jpg": "jpeg",
    "jpeg": "jpeg", "gif": "gif", "zip": "zip", "csv": "csv", "tsv": "csv", "json": "json", "html": "html",
    "htm": "html", "xml": "xml", "txt": "text", "md": "text", "log": "text",
}  # fmt: skip
_HTML_MARKERS = ("<!doctype html", "<html", "<head", "<body", "<div", "<table", "<p>", "<h1", "<span")


def decode_text(data: bytes) -> str | None:
    """The text of `data` when it is text (UTF-8 or UTF-16 with a BOM, no NUL bytes), else None."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            return None
    if b"\x00" in data:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    text = data.decode("latin-1")
    printable = sum(ch.isprintable() or ch in "\r\n\t" for ch in text[:65536])
    return text if printable >= 0.97 * min(len(text), 65536) else None


def detect(data: bytes) -> str:
    """A FileFormat, or "unknown"."""
    head = data[:8]
    if head.startswith(b"%PDF-") or b"%PDF-" in data[:1024]:
        return "pdf"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        return _zip_kind(data)
    if head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return "unknown"  # legacy OLE (xls, doc, ppt): none of the accepted formats
    text = decode_text(data)
    return "unknown" if text is None else text_kind(text)


def _zip_kind(data: bytes) -> FileFormat:
    try:
        names = set(zipfile.ZipFile(BytesIO(data)).namelist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return "zip"
    return office_kind(names) or "zip"


def office_kind(names: set[str]) -> FileFormat | None:
    """The office format (xlsx, docx, pptx) of an Office Open XML archive with these member names, else None."""
    if "[Content_Types].xml" in names:
        for part, kind in _OFFICE_PARTS:
            if part in names:
                return kind  # type: ignore[return-value]
    return None


def text_kind(text: str) -> FileFormat:
    stripped = text.lstrip()
    low = stripped[:4096].lower()
    if stripped[:1] in ("{", "["):
        try:
            json.loads(text)
            return "json"
        except ValueError:
            pass
    if any(m in low for m in _HTML_MARKERS) and low.startswith("<"):
        return "html"
    if low.startswith("<?xml") or (low.startswith("<") and stripped.rstrip().endswith(">")):
        return "xml"
    return "csv" if looks_like_csv(text) else "text"


def looks_like_csv(text: str) -> bool:
    lines = [ln for ln in text[:65536].splitlines() if ln.strip()][:50]
    if not lines:
        return False
    sample = "\n".join(lines)
    try:
        candidates: list[Any] = [csv.Sniffer().sniff(sample, delimiters=",;\t|")]
    except csv.Error:
        # The sniffer gives up on quoted fields that contain the delimiter; try the usual dialects as written.
        candidates = [csv.excel, csv.excel_tab]
    return any(_consistent(list(csv.reader(io.StringIO(sample), dialect))) for dialect in candidates)


def _consistent(rows: list[list[str]]) -> bool:
    widths = [len(r) for r in rows]
    return bool(widths) and widths[0] >= 2 and sum(w == widths[0] for w in widths) >= 0.9 * len(widths)


def matches(expected: str, detected: str) -> bool:
    return detected == expected or (expected == "text" and detected in TEXT_FAMILY)


def guess_from_name(name: str) -> FileFormat | None:
    return _EXTENSIONS.get(name.rsplit(".", 1)[-1].lower()) if "." in name else None
