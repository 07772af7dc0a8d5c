"""What the rubric's judge is shown: the extracted text of the delivered files, or their rendered pages.

Files are read through the grader's `Tree` (bounded sizes, links never followed) and rendered from a private
copy. A file that cannot be read or rendered is left out with a note; a missing renderer (LibreOffice,
pdftoppm, Chromium) raises `render.ToolMissing`, an infrastructure problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from worktrial.tasks.rubric import RubricConfig

from .. import render
from ..checks import formats
from ..checks.detect import detect
from ..checks.files import Entry, FileProblem, Tree

RENDERABLE = frozenset({"xlsx", "docx", "pptx", "pdf", "html", "png", "jpeg", "gif"})


@dataclass
class Evidence:
    files: list[str] = field(default_factory=list)  # shown to the judge, in order
    text: str | None = None
    images: tuple[Path, ...] = ()
    notes: list[str] = field(default_factory=list)  # files left out, and why


def select_files(output: Tree, rubric: RubricConfig) -> tuple[list[Entry], list[str]]:
    """The regular files the rubric's globs match, in glob order, each once, at most `max_files`."""
    chosen: dict[str, Entry] = {}
    notes: list[str] = []
    for pattern in rubric.paths:
        m = output.glob(pattern)
        if m.links:
            notes.append(m.link_evidence())
        for entry in m.files:
            chosen.setdefault(entry.rel, entry)
    entries = list(chosen.values())
    if len(entries) > rubric.max_files:
        notes.append(f"{len(entries) - rubric.max_files} more files not shown (max_files = {rubric.max_files})")
    return entries[: rubric.max_files], notes


def _read(output: Tree, entry: Entry, notes: list[str]) -> bytes | None:
    try:
        return output.read(entry)
    except FileProblem as e:
        notes.append(str(e))
        return None


def add_text(ev: Evidence, output: Tree, entries: list[Entry], max_chars: int) -> None:
    parts = []
    for entry in entries:
        data = _read(output, entry, ev.notes)
        if data is None:
            continue
        try:
            content = formats.extract_text(data, entry.rel, output.limits)
        except FileProblem as e:
            ev.notes.append(str(e))
            continue
        except Exception as e:  # a parser choking on a delivered file
            ev.notes.append(f"{entry.rel}: unreadable ({type(e).__name__}: {str(e)[:200]})")
            continue
        if content is None or not content.strip():
            ev.notes.append(f"{entry.rel}: no text (a {detect(data)} file)")
            continue
        parts.append(f"=== file: {entry.rel} ===\n{content.strip()}")
        if entry.rel not in ev.files:
            ev.files.append(entry.rel)
    text = "\n\n".join(parts)
    if len(text) > max_chars:
        text = text[:max_chars] + f"\n… (cut at {max_chars} characters)"
    ev.text = text or None


def _render_each(
    sources: list[tuple[Path, str]], outdir: Path, max_pages: int, site: Path
) -> dict[Path, list[Path] | str]:
    """Pages of every source; one LibreOffice run per format for all, and again one by one if that fails."""
    try:
        return dict(render.render_pages(sources, outdir, max_pages=max_pages, site=site))
    except render.ToolMissing:
        raise
    except render.RenderError:
        pass
    pages: dict[Path, list[Path] | str] = {}
    for n, (src, fmt) in enumerate(sources):
        try:
            pages[src] = render.render_pages([(src, fmt)], outdir / f"one{n}", max_pages=max_pages, site=site)[src]
        except render.ToolMissing:
            raise
        except render.RenderError as e:
            pages[src] = str(e)
    return pages


def add_images(ev: Evidence, output: Tree, entries: list[Entry], max_pages: int, workdir: Path) -> None:
    site = workdir / "site"  # the whole tree, so that a page finds its styles and images (links left out)
    output.copy_to(site)
    sources: list[tuple[Path, str]] = []
    names: dict[Path, str] = {}
    for entry in entries:
        data = _read(output, entry, ev.notes)
        if data is None:
            continue
        fmt = detect(data)
        if fmt not in RENDERABLE:
            ev.notes.append(f"{entry.rel}: a {fmt} file has no pages to show")
        elif not (site / entry.rel).is_file():
            ev.notes.append(f"{entry.rel}: not copied for rendering")
        else:
            sources.append((site / entry.rel, fmt))
            names[site / entry.rel] = entry.rel
    if not sources:
        return
    rendered = _render_each(sources, workdir / "render", max_pages, site)
    images: list[Path] = []
    for src, _ in sources:
        pages = rendered.get(src, [])
        if isinstance(pages, str):
            ev.notes.append(f"{names[src]}: cannot be rendered ({pages})")
            continue
        taken = pages[: max_pages - len(images)]
        if taken:
            images += taken
            if names[src] not in ev.files:
                ev.files.append(names[src])
        if len(taken) < len(pages):
            ev.notes.append(f"{names[src]}: {len(pages) - len(taken)} pages not shown (max_pages = {max_pages})")
    ev.images = tuple(images)


def collect(output: Tree, rubric: RubricConfig, workdir: Path) -> Evidence:
    """The evidence `rubric.evidence` asks for; scratch files (copies, renders) go under `workdir`."""
    entries, notes = select_files(output, rubric)
    ev = Evidence(notes=notes)
    if rubric.evidence in ("text", "both"):
        add_text(ev, output, entries, rubric.max_chars)
    if rubric.evidence in ("image", "both"):
        add_images(ev, output, entries, rubric.max_pages, workdir)
    return ev
