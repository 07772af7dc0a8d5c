"""`rubric_probe`: one narrow yes/no question about one file, put to a judge with text or page images.

Without a judge the check is "not judged" (value None): it then counts for nothing and the other weights
are renormalised. A judge that raises is an infrastructure problem, never a score.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from worktrial.tasks.checks import RubricProbeCheck

from .. import render
from . import formats
from .base import CheckContext, JudgeAnswer, Outcome, clip
from .detect import detect
from .files import FileProblem

_SUFFIX = {"xlsx": ".xlsx", "docx": ".docx", "pptx": ".pptx", "pdf": ".pdf", "png": ".png", "jpeg": ".jpg",
           "gif": ".gif", "html": ".html"}  # fmt: skip


def page_images(ctx: CheckContext, rel: str, data: bytes, workdir: Path, max_pages: int) -> list[Path]:
    """PNG pages (or a screenshot) of a delivered file, rendered from a private copy."""
    fmt = detect(data)
    if fmt not in _SUFFIX:
        raise FileProblem(f"{rel}: a {fmt} file cannot be shown as images")
    site = workdir / "site"
    if fmt == "html":  # the page with its styles and images: copy the delivered tree (never its links)
        ctx.output.copy_to(site)
        source = site / rel
        if not source.is_file():
            raise FileProblem(f"{rel}: not copied for rendering")
    else:  # named by what its content is, whatever the delivered name says
        source = workdir / f"file{_SUFFIX[fmt]}"
        source.write_bytes(data)
    try:
        pages = render.render_pages([(source, fmt)], workdir / "render", max_pages=max_pages, site=site)[source]
    except render.ToolMissing:
        raise
    except render.RenderError as e:
        raise FileProblem(f"{rel}: cannot be rendered ({e})") from None
    return pages[:max_pages]


def rubric_probe(spec: RubricProbeCheck, ctx: CheckContext) -> Outcome:
    if ctx.judge is None:
        return Outcome(None, "not judged: no judge configured")
    entry, data = ctx.output.read_one(spec.path)
    try:
        if spec.evidence == "text":
            content = formats.extract_text(data, entry.rel, ctx.output.limits)
            if content is None:
                raise FileProblem(f"{entry.rel}: no text to judge (a {detect(data)} file)")
            answer: JudgeAnswer = ctx.judge.ask(spec.question, text=content[: spec.max_chars])
        else:
            with tempfile.TemporaryDirectory(prefix="worktrial-probe-") as tmp:
                pages = page_images(ctx, entry.rel, data, Path(tmp), spec.max_pages)
                answer = ctx.judge.ask(spec.question, images=tuple(pages))
    except render.ToolMissing as e:
        return Outcome.unavailable(str(e))
    except FileProblem:
        raise
    except Exception as e:
        return Outcome.unavailable(f"the judge failed: {type(e).__name__}: {e}")
    earned = answer.yes == (spec.pass_on == "yes")
    said = "yes" if answer.yes else "no"
    return Outcome.binary(earned, clip(f"judge answered {said} (pass on {spec.pass_on}): {answer.rationale}"))
