"""`docx_structure` and `pptx_structure`: headings, tables, slides and text of office documents."""

from __future__ import annotations

from worktrial.tasks.checks import DocxStructureCheck, PptxStructureCheck

from . import formats
from .base import CheckContext, Outcome, Tally
from .rules import document_text


def norm(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split()).casefold()


def in_order(found: list[str], wanted: list[str], tally: Tally, what: str) -> None:
    """Each wanted text must be contained in some found item after the previous wanted one."""
    pos = 0
    for w in wanted:
        nw = norm(w)
        hit = next((i for i in range(pos, len(found)) if nw in norm(found[i])), None)
        if hit is None:
            where = "out of order" if any(nw in norm(f) for f in found) else "missing"
            tally.add(False, f"{what} {w!r} {where}")
        else:
            tally.add(True, "")
            pos = hit + 1


def phrases(full_text: str, wanted: list[str], tally: Tally) -> None:
    haystack = norm(full_text)
    for w in wanted:
        tally.add(norm(w) in haystack, f"text {w!r} missing")


def docx_structure(spec: DocxStructureCheck, ctx: CheckContext) -> Outcome:
    entry, data = ctx.output.read_one(spec.path)
    doc = formats.word(data, entry.rel, ctx.output.limits)
    tally = Tally()
    headings = []
    for p in doc.paragraphs:
        style = (p.style.name or "") if p.style is not None else ""
        if style.casefold().startswith("heading") or style.casefold() == "title":
            headings.append(p.text)
    in_order(headings, spec.headings, tally, "heading")
    tables = [[[cell.text for cell in row.cells] for row in t.rows] for t in doc.tables]
    for want in spec.tables:
        header = [norm(h) for h in want.header]

        def fits(rows: list[list[str]], header: list[str] = header, min_rows: int = want.min_rows) -> bool:
            if not rows:
                return False
            cells, pos = [norm(c) for c in rows[0]], 0
            for h in header:
                hit = next((i for i in range(pos, len(cells)) if h == cells[i]), None)
                if hit is None:
                    return False
                pos = hit + 1
            return len(rows) - 1 >= min_rows

        ok = any(fits(rows) for rows in tables)
        tally.add(ok, f"no table with header {want.header} and ≥ {want.min_rows} rows ({len(tables)} tables)")
    if spec.phrases:
        phrases(document_text(ctx, entry) or "", spec.phrases, tally)
    return tally.outcome()


def pptx_structure(spec: PptxStructureCheck, ctx: CheckContext) -> Outcome:
    entry, data = ctx.output.read_one(spec.path)
    deck = formats.slides(data, entry.rel, ctx.output.limits)
    tally = Tally()
    n = len(deck.slides)
    ok = n >= spec.min_slides and (spec.max_slides is None or n <= spec.max_slides)
    bound = f"[{spec.min_slides}, {'∞' if spec.max_slides is None else spec.max_slides}]"
    tally.add(ok, f"{n} slides, expected {bound}")
    titles = []
    for slide in deck.slides:
        title = slide.shapes.title
        titles.append(title.text_frame.text if title is not None and title.has_text_frame else "")
    in_order(titles, spec.titles, tally, "slide title")
    if spec.text:
        phrases(document_text(ctx, entry) or "", spec.text, tally)
    return tally.outcome()
