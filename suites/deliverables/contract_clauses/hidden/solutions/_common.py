"""Helpers shared by the calibration solutions: the text of the input documents."""

import os
import re

import docx
from pypdf import PdfReader

QUOTES = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "\u2013": "-", "\u2014": "-"}


def norm(text):
    for a, b in QUOTES.items():
        text = text.replace(a, b)
    return re.sub(r"\s+", " ", text).strip()


def _text(element):
    out = []
    for node in element.iter():
        tag = node.tag.rsplit("}", 1)[-1]
        if tag == "t":
            out.append(node.text or "")
        elif tag in ("tab", "br", "cr"):
            out.append(" ")
    return "".join(out)


def docx_text(path):
    """Paragraphs and table rows in document order, table cells joined by ' | '."""
    d = docx.Document(path)
    parts = []
    for block in d.element.body.iterchildren():
        tag = block.tag.rsplit("}", 1)[-1]
        if tag == "p":
            parts.append(_text(block))
        elif tag == "tbl":
            for tr in block.iter():
                if tr.tag.endswith("}tr"):
                    cells = []
                    for tc in tr.iter():
                        if tc.tag.endswith("}tc"):
                            cells.append(_text(tc))
                    parts.append(" | ".join(cells))
    return "\n".join(parts)


def pdf_text(path):
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def document_text(path):
    return docx_text(path) if path.lower().endswith(".docx") else pdf_text(path)


def contract_files(folder="input/contracts"):
    return sorted(
        os.path.join(folder, name) for name in os.listdir(folder) if name.lower().endswith((".docx", ".pdf"))
    )
