"""Real deliverable files for the grading tests, written with the real libraries."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import docx
import openpyxl
import pptx
from pydantic import TypeAdapter

from worktrial.grading import DeliverableResult, FileLimits, Judge, JudgeAnswer, Runner, grade_deliverable
from worktrial.tasks import CheckSpec

_SPEC = TypeAdapter(CheckSpec)


def spec(kind: str, name: str | None = None, **fields: Any) -> CheckSpec:
    result: CheckSpec = _SPEC.validate_python({"kind": kind, "name": name or kind, **fields})
    return result


def grade(
    out: Path,
    ref: Path,
    *specs: CheckSpec,
    judge: Judge | None = None,
    runner: Runner | None = None,
    limits: FileLimits | None = None,
) -> DeliverableResult:
    return grade_deliverable(out, ref, list(specs), judge=judge, runner=runner, limits=limits)


def one(out: Path, ref: Path, check: CheckSpec, **kw: Any) -> tuple[float | None, str]:
    """(value, evidence) of a single check."""
    result = grade(out, ref, check, **kw)
    (component,) = result.components
    return component.value, component.evidence


def write_xlsx(path: Path, cells: dict[str, Any], *, sheet: str = "Data", cached: dict[str, str] | None = None) -> Path:
    """A workbook from openpyxl; `cached` writes hand-made cached values into formula cells (`<v>` in the XML)."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = sheet
    for ref, value in cells.items():
        ws[ref] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(path)
    if cached:
        patch_sheet_xml(path, cached)
    return path


def patch_sheet_xml(path: Path, cached: dict[str, str]) -> None:
    """Put a cached value into formula cells; a value starting with '#' is written as an error cell."""
    with zipfile.ZipFile(path) as src:
        parts = {info.filename: src.read(info.filename) for info in src.infolist()}
    xml = parts["xl/worksheets/sheet1.xml"].decode()
    for ref, value in cached.items():
        pattern = re.compile(rf'<c r="{ref}"([^>]*)><f>(.*?)</f><v\s*/?>(?:</v>)?')
        kind = ' t="e"' if value.startswith("#") else (' t="str"' if not _is_number(value) else "")
        xml, n = pattern.subn(lambda m, r=ref, k=kind, v=value: f'<c r="{r}"{k}><f>{m.group(2)}</f><v>{v}</v>', xml)
        assert n == 1, f"formula cell {ref} not found"
    parts["xl/worksheets/sheet1.xml"] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for name, data in parts.items():
            dst.writestr(name, data)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def write_docx(
    path: Path,
    *,
    headings: Sequence[str] = (),
    paragraphs: Sequence[str] = (),
    table: list[list[str]] | None = None,
) -> Path:
    d = docx.Document()
    for i, heading in enumerate(headings):
        d.add_heading(heading, level=1)
        if i < len(paragraphs):
            d.add_paragraph(paragraphs[i])
    for extra in paragraphs[len(headings) :]:
        d.add_paragraph(extra)
    if table:
        t = d.add_table(rows=len(table), cols=len(table[0]))
        for r, row in enumerate(table):
            for c, text in enumerate(row):
                t.cell(r, c).text = text
    path.parent.mkdir(parents=True, exist_ok=True)
    d.save(str(path))
    return path


def write_pptx(path: Path, slides: list[tuple[str, str]], *, notes: str = "") -> Path:
    """One title-and-content slide per (title, body)."""
    deck = pptx.Presentation()
    for title, body in slides:
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        assert slide.shapes.title is not None
        slide.shapes.title.text = title
        slide.placeholders[1].text = body  # type: ignore[attr-defined]
        if notes:
            slide.notes_slide.notes_text_frame.text = notes  # type: ignore[union-attr]
    path.parent.mkdir(parents=True, exist_ok=True)
    deck.save(str(path))
    return path


PAGE = """<!doctype html>
<html><head><title>Quarterly report</title><style>h1 {{ color: #1a4d8f; }} td {{ border: 1px solid #333; }}</style>
<script>var hidden = "secret script text";</script></head>
<body><header><h1 id="title">Quarterly report</h1></header>
<nav class="menu main"><a href="#a">Summary</a></nav>
<table class="kpi"><thead><tr><th>Region<th>Revenue</thead>
<tbody><tr><td>North<td>120<tr><td>South<td>95</tbody></table>
<ul id="risks"><li class="risk high">Supplier delay<li class="risk">FX exposure</ul>
<p>Revenue grew by <b>12</b>% year on year.</p>{extra}</body></html>
"""


def write_html(path: Path, extra: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(PAGE.format(extra=extra))
    return path


class ScriptedJudge:
    """A deterministic judge for composition tests: answers yes when `keyword` is in the evidence text."""

    def __init__(self, keyword: str = "", answer: bool | None = None) -> None:
        self.keyword, self.answer = keyword, answer
        self.calls: list[tuple[str, str | None, tuple[Path, ...]]] = []
        self.images_existed: list[bool] = []

    def ask(self, question: str, *, text: str | None = None, images: tuple[Path, ...] = ()) -> JudgeAnswer:
        self.calls.append((question, text, images))
        self.images_existed.append(all(p.is_file() for p in images))
        if self.answer is not None:
            return JudgeAnswer(self.answer, "scripted")
        return JudgeAnswer(self.keyword in (text or ""), f"looked for {self.keyword!r}")
