"""Reading a deliverable's input documents from a solution script: Word files, PDF files, typography.

Runs inside the trial's sandbox. Word files are read with the standard library (a .docx is a zip of XML);
PDF text needs `pypdf`, which deliverable sandboxes provide and which is imported only when a PDF is read.
"""

from __future__ import annotations

import os
import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from .world import KitError

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"

# Typographic characters an export or a word processor puts in, and what a parser expects instead.
TYPOGRAPHY = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "\u2013": "-", "\u2014": "-"}


def plain(text: str) -> str:
    """Curly quotes, dashes and non-breaking spaces as ASCII, runs of blanks as one space, stripped."""
    for a, b in TYPOGRAPHY.items():
        text = text.replace(a, b)
    return re.sub(r"\s+", " ", text).strip()


@dataclass(frozen=True)
class Block:
    """One top-level block of a Word document: a paragraph (`style`, `text`) or a table (`rows` of cell texts).

    `style` is the paragraph style's name as styles.xml spells it (compare it case-insensitively: 'heading 2'),
    the default paragraph style's name when the paragraph sets none. A merged cell appears once in its row.
    """

    kind: str  # "paragraph" or "table"
    style: str = ""
    text: str = ""
    rows: list[list[str]] = field(default_factory=list)


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _main_part(z: zipfile.ZipFile) -> str:
    try:
        rels = ElementTree.fromstring(z.read("_rels/.rels"))
    except KeyError:
        return "word/document.xml"
    for rel in rels.iter(_REL):
        if rel.get("Type") == _OFFICE_DOCUMENT:
            return posixpath.normpath(rel.get("Target", "word/document.xml").lstrip("/"))
    return "word/document.xml"


def _open_docx(path: str | Path) -> tuple[ElementTree.Element, dict[str, str], str]:
    """The document body, style id -> style name, and the default paragraph style's name."""
    try:
        with zipfile.ZipFile(path) as z:
            main = _main_part(z)
            root = ElementTree.fromstring(z.read(main))
            styles_part = posixpath.join(posixpath.dirname(main), "styles.xml")
            styles_xml = z.read(styles_part) if styles_part in z.namelist() else None
    except (zipfile.BadZipFile, KeyError) as e:
        raise KitError(f"{path}: not a Word document ({e})") from None
    body = root.find(f"{W}body")
    if body is None:
        raise KitError(f"{path}: no document body")
    names: dict[str, str] = {}
    default = ""
    if styles_xml is not None:
        for style in ElementTree.fromstring(styles_xml).iter(f"{W}style"):
            name = style.find(f"{W}name")
            sid = style.get(f"{W}styleId", "")
            names[sid] = name.get(f"{W}val", sid) if name is not None else sid
            if style.get(f"{W}type") == "paragraph" and style.get(f"{W}default") in ("1", "true", "on"):
                default = names[sid]
    return body, names, default


def _flat_text(element: ElementTree.Element) -> str:
    """Every text node under `element`, tabs and line breaks as spaces."""
    out = []
    for node in element.iter():
        tag = _local(node.tag)
        if tag == "t":
            out.append(node.text or "")
        elif tag in ("tab", "br", "cr"):
            out.append(" ")
    return "".join(out)


def docx_text(path: str | Path) -> str:
    """The text of a Word document in reading order: one line per paragraph and per table row, a row's cells
    joined by ' | ', tabs and line breaks inside a paragraph as spaces."""
    body, _, _ = _open_docx(path)
    parts = []
    for block in body:
        tag = _local(block.tag)
        if tag == "p":
            parts.append(_flat_text(block))
        elif tag == "tbl":
            for tr in block.iter(f"{W}tr"):
                parts.append(" | ".join(_flat_text(tc) for tc in tr.iter(f"{W}tc")))
    return "\n".join(parts)


def _run_text(run: ElementTree.Element) -> str:
    out = []
    for node in run:
        tag = _local(node.tag)
        if tag == "t":
            out.append(node.text or "")
        elif tag in ("tab", "ptab"):
            out.append("\t")
        elif tag in ("br", "cr"):
            out.append("\n")
        elif tag == "noBreakHyphen":
            out.append("-")
    return "".join(out)


def _paragraph_text(p: ElementTree.Element) -> str:
    """A paragraph's runs (also inside hyperlinks): tabs as '\\t', line breaks as '\\n', as Word shows them."""
    out = []
    for child in p:
        tag = _local(child.tag)
        if tag == "r":
            out.append(_run_text(child))
        elif tag == "hyperlink":
            out.extend(_run_text(r) for r in child.findall(f"{W}r"))
    return "".join(out)


def docx_blocks(path: str | Path) -> list[Block]:
    """The top-level paragraphs and tables of a Word document, in order (headings by `style`, tables by cell).

    A cell's text is its paragraphs joined by newlines; a table's first row is usually its header.
    """
    body, names, default = _open_docx(path)
    blocks = []
    for block in body:
        tag = _local(block.tag)
        if tag == "p":
            ref = block.find(f"{W}pPr/{W}pStyle")
            style = names.get(ref.get(f"{W}val", ""), ref.get(f"{W}val", "")) if ref is not None else default
            blocks.append(Block("paragraph", style=style, text=_paragraph_text(block)))
        elif tag == "tbl":
            rows = [
                ["\n".join(_paragraph_text(p) for p in tc.findall(f"{W}p")) for tc in tr.findall(f"{W}tc")]
                for tr in block.findall(f"{W}tr")
            ]
            blocks.append(Block("table", rows=rows))
    return blocks


def pdf_text(path: str | Path) -> str:
    """The extracted text of every page of a PDF, pages joined by newlines (needs pypdf)."""
    try:
        from pypdf import PdfReader
    except ImportError:
        raise KitError("pdf_text needs the pypdf package, which this sandbox does not have") from None
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


def document_text(path: str | Path) -> str:
    """docx_text for a .docx file, pdf_text otherwise."""
    return docx_text(path) if str(path).lower().endswith(".docx") else pdf_text(path)


def documents_in(folder: str | Path, suffixes: tuple[str, ...] = (".docx", ".pdf")) -> list[str]:
    """The documents in `folder` (Word and PDF by default; suffixes match case-insensitively), sorted by path."""
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.lower().endswith(suffixes))
