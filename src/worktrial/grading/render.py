"""Rendering deliverables to images: office files → PDF (LibreOffice) → PNG pages (pdftoppm); HTML → PNG (Chromium).

Every program runs confined (tools.py): no network, an unprivileged uid, only its inputs visible, limits on time,
memory and file size. Office files are staged under the name of the format their content has and opened with
that format's import filter only, so an HTML page named `.docx` cannot reach LibreOffice's HTML importer; each
LibreOffice run gets a throw-away profile, which for recalculation forces every formula to be recalculated on
load (by default LibreOffice keeps the cached values of xlsx files). Chromium runs with its own sandbox off (the
sandbox is bubblewrap's), a policy that blocks every navigation but to the delivered site, and no network.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path, PurePosixPath

from ..sandbox import Limits, Mount
from .checks.detect import detect
from .checks.files import FileProblem, read_bounded
from .safetree import TreeLimits, copy_tree
from .tools import RenderError, ToolMissing, etc, find_tool, harvest, last_line, run_tool

__all__ = [
    "OFFICE",
    "RenderError",
    "ToolMissing",
    "harden_html",
    "html_screenshot",
    "libreoffice_convert",
    "pdf_pages",
    "render_pages",
]

OFFICE = ("xlsx", "docx", "pptx")
IMPORT_FILTERS = {
    "xlsx": "Calc MS Excel 2007 XML",
    "docx": "MS Word 2007 XML",
    "pptx": "Impress MS PowerPoint 2007 XML",
}
_CHROMIUM = ("/usr/lib/chromium/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
MAX_OUTPUT_BYTES = 256 << 20
OFFICE_LIMITS = Limits(wall_s=120, memory_mb=2048, processes=128, file_size_mb=256, output_bytes=64_000)
PDF_LIMITS = Limits(wall_s=120, memory_mb=1024, processes=16, file_size_mb=256, output_bytes=64_000)
# Chromium reserves far more address space than it uses, so its memory is bounded per process with RLIMIT_DATA
# (prlimit inside the sandbox) rather than RLIMIT_AS; threads count as processes.
CHROMIUM_LIMITS = Limits(wall_s=60, memory_mb=None, processes=512, file_size_mb=64, output_bytes=64_000)
CHROMIUM_DATA_MB = 1024
SITE_LIMITS = TreeLimits(max_depth=64, max_entries=20_000, max_bytes=512 << 20)
_RECALC_PROFILE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">\
<value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse">\
<value>0</value></prop></item>
</oor:items>
"""
_CSP = (
    '<meta http-equiv="Content-Security-Policy" '
    "content=\"frame-src 'none'; object-src 'none'; connect-src 'none'; worker-src 'none'\">"
)
SITE = "/site"
# Chromium's managed policy: nothing may be loaded as a page but the delivered site, nothing downloaded.
_POLICY = {"URLBlocklist": ["*"], "URLAllowlist": [f"file://{SITE}/"], "DownloadRestrictions": 3}


def libreoffice_convert(
    sources: Sequence[Path], fmt: str, outdir: Path, *, timeout_s: float = 120, recalculate: bool = False
) -> list[Path]:
    """Convert every source to `fmt` ("pdf", "xlsx", ...); outputs in source order, in `outdir`.

    Each source must be an office file whose content matches its suffix (`.xlsx`, `.docx`, `.pptx`); sources
    of one format share a LibreOffice run. Raises ToolMissing or RenderError.
    """
    soffice = find_tool("soffice", "libreoffice")
    stems = [s.stem for s in sources]
    if len(set(stems)) != len(stems):
        raise ValueError("sources must have distinct names")
    kinds = [s.suffix.lstrip(".").lower() for s in sources]
    for src, kind in zip(sources, kinds, strict=True):
        if kind not in IMPORT_FILTERS:
            raise RenderError(f"{src.name}: LibreOffice opens only {', '.join(OFFICE)} here")
    outdir.mkdir(parents=True, exist_ok=True)
    ext = fmt.split(":")[0]
    for kind in dict.fromkeys(kinds):
        group = [s for s, k in zip(sources, kinds, strict=True) if k == kind]
        _convert_group(soffice, group, kind, fmt, outdir, timeout_s, recalculate)
    results = [outdir / f"{s.stem}.{ext}" for s in sources]
    missing = [s.name for s, r in zip(sources, results, strict=True) if not r.is_file()]
    if missing:
        raise RenderError(f"LibreOffice could not convert {', '.join(missing)} to {fmt}")
    return results


def _convert_group(
    soffice: str, sources: list[Path], kind: str, fmt: str, outdir: Path, timeout_s: float, recalculate: bool
) -> None:
    with tempfile.TemporaryDirectory(prefix="worktrial-lo-") as tmp:
        staged, work = Path(tmp) / "in", Path(tmp) / "work"
        staged.mkdir()
        work.mkdir()
        for src in sources:
            _stage(src, staged / src.name, kind)
        if recalculate:
            (work / "profile" / "user").mkdir(parents=True)
            (work / "profile" / "user" / "registrymodifications.xcu").write_text(_RECALC_PROFILE)
        argv = [
            soffice, "-env:UserInstallation=file:///workspace/profile", "--headless", "--norestore", "--nologo",
            "--nodefault", "--nolockcheck", f"--infilter={IMPORT_FILTERS[kind]}", "--convert-to", fmt,
            "--outdir", "/workspace/out", *(f"/in/{s.name}" for s in sources),
        ]  # fmt: skip
        inputs = [Mount(staged, "/in"), *etc("fonts", "libreoffice")]
        done = run_tool(argv, workdir=work, inputs=inputs, limits=replace(OFFICE_LIMITS, wall_s=timeout_s))
        ext = re.escape(fmt.split(":")[0])
        taken = harvest(work / "out", outdir, rf".+\.{ext}", MAX_OUTPUT_BYTES)
        if done.timed_out:
            raise RenderError(f"LibreOffice timed out after {timeout_s:g} s")
        if not taken:
            raise RenderError(f"LibreOffice could not convert {', '.join(s.name for s in sources)} ({last_line(done)})")


def _stage(src: Path, dest: Path, kind: str) -> None:
    """A private copy of `src` for a renderer, refused unless its content really is `kind`."""
    try:
        data = read_bounded(src.parent, src.name, MAX_OUTPUT_BYTES)
    except FileProblem as e:
        raise RenderError(str(e)) from None
    found = detect(data)
    if found != kind:
        raise RenderError(f"{src.name}: its content is {found}, not {kind}; not rendered")
    dest.write_bytes(data)


def pdf_pages(
    pdf: Path, outdir: Path, *, dpi: int = 80, max_pages: int | None = None, timeout_s: float = 120
) -> list[Path]:
    """PNG images of the pages of `pdf` (pdftoppm), in page order."""
    tool = find_tool("pdftoppm")
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="worktrial-pdf-") as tmp:
        staged, work = Path(tmp) / "in", Path(tmp) / "work"
        staged.mkdir()
        (work / "out").mkdir(parents=True)
        _stage(pdf, staged / "doc.pdf", "pdf")
        pages = ["-l", str(max_pages)] if max_pages else []
        argv = [tool, "-png", "-r", str(dpi), *pages, "/in/doc.pdf", f"/workspace/out/{_safe_stem(pdf)}"]
        inputs = [Mount(staged, "/in"), *etc("fonts")]
        done = run_tool(argv, workdir=work, inputs=inputs, limits=replace(PDF_LIMITS, wall_s=timeout_s))
        pattern = re.compile(re.escape(_safe_stem(pdf)) + r"-(\d+)\.png")
        taken = harvest(work / "out", outdir, pattern.pattern, MAX_OUTPUT_BYTES)
    found = sorted((int(m.group(1)), p) for p in taken if (m := pattern.fullmatch(p.name)))
    if not found:
        why = "timed out" if done.timed_out else last_line(done)
        raise RenderError(f"pdftoppm rendered no page of {pdf.name} ({why})")
    return [p for _, p in found]


def pdf_text(data: bytes, max_pages: int = 200, timeout_s: float = 60) -> str | None:
    """The text of a PDF by pdftotext, or None when pdftotext is not installed or fails on the file."""
    try:
        tool = find_tool("pdftotext")
    except ToolMissing:
        return None
    with tempfile.TemporaryDirectory(prefix="worktrial-pdftext-") as tmp:
        staged, work = Path(tmp) / "in", Path(tmp) / "work"
        staged.mkdir()
        work.mkdir()
        (staged / "doc.pdf").write_bytes(data)
        argv = [tool, "-q", "-l", str(max_pages), "-enc", "UTF-8", "/in/doc.pdf", "-"]
        limits = replace(PDF_LIMITS, wall_s=timeout_s, output_bytes=16 << 20)
        done = run_tool(argv, workdir=work, inputs=[Mount(staged, "/in")], limits=limits)
    return done.stdout if done.ok else None


def _safe_stem(path: Path) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", path.stem) or "page"


def harden_html(markup: str) -> str:
    """The page with a content policy that forbids frames, plugins and requests (no file:// iframes)."""
    m = re.match(r"\s*(<!doctype[^>]*>)", markup, re.IGNORECASE)
    return markup[: m.end()] + _CSP + markup[m.end() :] if m else _CSP + markup


def _chromium() -> str:
    if Path(_CHROMIUM[0]).is_file():
        return _CHROMIUM[0]  # Debian's browser itself, without the launcher script (it reads host settings)
    return find_tool("chromium", *_CHROMIUM[2:])


def html_screenshot(
    html: Path,
    png: Path,
    *,
    site: Path | None = None,
    width: int = 1280,
    height: int = 900,
    timeout_s: float = 60,
) -> Path:
    """A screenshot of `html` by Chromium headless, with `site` (default: the page's folder) as all it can see.

    The site is copied under the safe-tree rules (regular files only, plain modes) and mounted read-only; the
    page is rendered from a copy carrying `harden_html`'s policy, next to it, so that relative links to its
    styles and images resolve, and nothing outside the site can be loaded as a page.
    """
    browser = _chromium()
    root = (site or html.parent).absolute()
    rel = html.absolute().relative_to(root)
    png.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="worktrial-chromium-") as tmp:
        copy, policy, work, got = (Path(tmp) / name for name in ("site", "policy", "work", "got"))
        copy_tree(root, copy, SITE_LIMITS, keep_links=False)
        page = copy / rel.parent / f".{rel.stem}-hardened.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        if not (copy / rel).is_file():
            raise RenderError(f"{html.name}: not a regular file of the site")
        page.write_text(harden_html((copy / rel).read_text(encoding="utf-8", errors="replace")), encoding="utf-8")
        policy.mkdir(mode=0o755)
        work.mkdir()
        (policy / "worktrial.json").write_text(json.dumps(_POLICY))
        url = str(PurePosixPath(SITE) / page.relative_to(copy).as_posix())  # a path: Chromium makes it a file URL
        argv = [
            "/usr/bin/prlimit", f"--data={CHROMIUM_DATA_MB << 20}", "--", browser,
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-extensions", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--hide-scrollbars", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--proxy-server=127.0.0.1:9", "--virtual-time-budget=3000", "--user-data-dir=/tmp/chromium",
            "--screenshot=/workspace/shot.png", f"--window-size={width},{height}", url,
        ]  # fmt: skip
        inputs = [Mount(copy, SITE), Mount(policy, "/etc/chromium/policies/managed"), *etc("fonts")]
        done = run_tool(argv, workdir=work, inputs=inputs, limits=replace(CHROMIUM_LIMITS, wall_s=timeout_s))
        shots = harvest(work, got, re.escape("shot.png"), MAX_OUTPUT_BYTES)
        if not shots or shots[0].stat().st_size == 0:
            why = "timed out" if done.timed_out else last_line(done)
            raise RenderError(f"chromium wrote no screenshot of {html.name} ({why})")
        shutil.move(shots[0], png)
    return png


def render_pages(
    sources: Sequence[tuple[Path, str]], outdir: Path, *, dpi: int = 80, max_pages: int | None = None,
    timeout_s: float = 120, site: Path | None = None,
) -> dict[Path, list[Path]]:  # fmt: skip
    """PNG pages of each (file, format): office files through LibreOffice (one run per format), pdf pages,
    html screenshots (`site`: the folder a page may load from). Images are returned as they are.

    `format` is what the file's content is (checks.detect); a file whose content says otherwise is refused.
    Raises ToolMissing or RenderError.
    """
    outdir.mkdir(parents=True, exist_ok=True)
    pages: dict[Path, list[Path]] = {}
    office = [(src, fmt) for src, fmt in sources if fmt in OFFICE]
    pdfs = {src: src for src, fmt in sources if fmt == "pdf"}
    if office:
        staged = []
        for i, (src, fmt) in enumerate(office):  # distinct stems, named by their content's format
            dest = outdir / "staged" / f"doc{i}.{fmt}"
            dest.parent.mkdir(exist_ok=True)
            _stage(src, dest, fmt)
            staged.append(dest)
        converted = libreoffice_convert(staged, "pdf", outdir / "pdf", timeout_s=timeout_s)
        pdfs.update(zip([src for src, _ in office], converted, strict=True))
    for n, (src, pdf) in enumerate(pdfs.items()):
        pages[src] = pdf_pages(pdf, outdir / f"pages{n}", dpi=dpi, max_pages=max_pages, timeout_s=timeout_s)
    for n, (src, fmt) in enumerate(sources):
        if fmt == "html":
            pages[src] = [html_screenshot(src, outdir / f"html{n}.png", site=site, timeout_s=min(timeout_s, 60))]
        elif fmt in ("png", "jpeg", "gif"):
            pages[src] = [src]
        elif src not in pages:
            raise RenderError(f"cannot render {src.name}: format {fmt} has no renderer")
    return pages
