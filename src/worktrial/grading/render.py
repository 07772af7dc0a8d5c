"""Rendering deliverables to images: office files → PDF (LibreOffice) → PNG pages (pdftoppm); HTML → PNG (Chromium).

Each LibreOffice call gets its own throw-away profile (`-env:UserInstallation`), so calls never share state or
block each other, and a profile setting forces formulas to be recalculated when a workbook is loaded (by
default LibreOffice keeps the cached values of xlsx files). Every external program runs in its own process
group with a timeout; on timeout the whole group is killed.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

OFFICE = ("xlsx", "docx", "pptx")
_CHROMIUM = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
_INSTALL = {
    "soffice": "apt-get install --no-install-recommends libreoffice-core libreoffice-calc libreoffice-writer "
    "libreoffice-impress",
    "pdftoppm": "apt-get install poppler-utils",
    "chromium": "apt-get install chromium",
}
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


class RenderError(RuntimeError):
    """A file could not be converted or rendered."""


class ToolMissing(RenderError):
    """A program rendering needs is not installed; the message says how to install it."""


def find_tool(name: str, *alternatives: str) -> str:
    for candidate in (name, *alternatives):
        found = shutil.which(candidate)
        if found:
            return found
    raise ToolMissing(f"{name} not found on PATH: {_INSTALL.get(name, 'install it')}")


def _run(argv: list[str], timeout_s: float, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise RenderError(f"{Path(argv[0]).name} timed out after {timeout_s:g} s") from None
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # helpers left behind (oosplash, zygotes)
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def _private_env(home: Path) -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "C.UTF-8"}


def libreoffice_convert(
    sources: Sequence[Path], fmt: str, outdir: Path, *, timeout_s: float = 120, recalculate: bool = False
) -> list[Path]:
    """Convert every source to `fmt` ("pdf", "xlsx", ...) in one LibreOffice run; outputs in source order.

    Sources must have distinct stems (outputs are named `<stem>.<fmt>`). Raises ToolMissing or RenderError.
    """
    soffice = find_tool("soffice", "libreoffice")
    stems = [s.stem for s in sources]
    if len(set(stems)) != len(stems):
        raise ValueError("sources must have distinct names")
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="worktrial-lo-") as tmp:
        profile = Path(tmp) / "profile"
        if recalculate:
            (profile / "user").mkdir(parents=True)
            (profile / "user" / "registrymodifications.xcu").write_text(_RECALC_PROFILE)
        argv = [
            soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore", "--nologo",
            "--nodefault", "--nolockcheck", "--convert-to", fmt, "--outdir", str(outdir),
            *(str(s.resolve()) for s in sources),
        ]  # fmt: skip
        done = _run(argv, timeout_s, _private_env(Path(tmp)))
    results = [outdir / f"{s.stem}.{fmt.split(':')[0]}" for s in sources]
    missing = [s.name for s, r in zip(sources, results, strict=True) if not r.is_file()]
    if missing:
        detail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no message"]
        raise RenderError(f"LibreOffice could not convert {', '.join(missing)} to {fmt} ({detail[0][:200]})")
    return results


def pdf_pages(
    pdf: Path, outdir: Path, *, dpi: int = 80, max_pages: int | None = None, timeout_s: float = 120
) -> list[Path]:
    """PNG images of the pages of `pdf` (pdftoppm), in page order."""
    tool = find_tool("pdftoppm")
    outdir.mkdir(parents=True, exist_ok=True)
    prefix = outdir / pdf.stem
    argv = [tool, "-png", "-r", str(dpi), *(["-l", str(max_pages)] if max_pages else []), str(pdf), str(prefix)]
    done = _run(argv, timeout_s)
    pattern = re.compile(re.escape(pdf.stem) + r"-(\d+)\.png")
    pages = sorted((int(m.group(1)), p) for p in outdir.iterdir() if (m := pattern.fullmatch(p.name)))
    if not pages:
        message = done.stderr.decode("utf-8", "replace").strip()[:200]
        raise RenderError(f"pdftoppm rendered no page of {pdf.name} ({message or 'no message'})")
    return [p for _, p in pages]


def harden_html(markup: str) -> str:
    """The page with a content policy that forbids frames, plugins and requests (no file:// iframes)."""
    m = re.match(r"\s*(<!doctype[^>]*>)", markup, re.IGNORECASE)
    return markup[: m.end()] + _CSP + markup[m.end() :] if m else _CSP + markup


def html_screenshot(
    html: Path, png: Path, *, width: int = 1280, height: int = 900, timeout_s: float = 60, harden: bool = True
) -> Path:
    """A screenshot of `html` (opened as file://) with Chromium headless, or Playwright when it has a browser.

    With `harden`, a copy carrying `harden_html`'s policy is rendered (next to the page, so that relative
    links to its styles and images still resolve) and removed afterwards.
    """
    if harden:
        copy = html.with_name(f".{html.stem}-hardened.html")
        copy.write_text(harden_html(html.read_text(encoding="utf-8", errors="replace")), encoding="utf-8")
        try:
            return html_screenshot(copy, png, width=width, height=height, timeout_s=timeout_s, harden=False)
        finally:
            copy.unlink(missing_ok=True)
    try:
        browser = find_tool("chromium", *_CHROMIUM[1:])
    except ToolMissing:
        return _playwright_screenshot(html, png, width, height, timeout_s)
    png.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="worktrial-chromium-") as tmp:
        argv = [
            browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
            "--hide-scrollbars", "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
            "--virtual-time-budget=3000", f"--user-data-dir={tmp}", f"--screenshot={png}",
            f"--window-size={width},{height}", html.resolve().as_uri(),
        ]  # fmt: skip
        done = _run(argv, timeout_s, _private_env(Path(tmp)))
    if not png.is_file() or png.stat().st_size == 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no message"]
        raise RenderError(f"chromium wrote no screenshot of {html.name} ({message[0][:200]})")
    return png


def _playwright_screenshot(html: Path, png: Path, width: int, height: int, timeout_s: float) -> Path:
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        raise ToolMissing(f"chromium not found on PATH: {_INSTALL['chromium']}") from None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(args=["--host-resolver-rules=MAP * ~NOTFOUND"])
            try:
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(html.resolve().as_uri(), timeout=timeout_s * 1000)
                page.screenshot(path=str(png), timeout=timeout_s * 1000)
            finally:
                browser.close()
    except Error as e:
        raise ToolMissing(
            f"chromium not found and Playwright failed ({str(e)[:200]}): {_INSTALL['chromium']}"
        ) from None
    return png


def render_pages(
    sources: Sequence[tuple[Path, str]], outdir: Path, *, dpi: int = 80, max_pages: int | None = None,
    timeout_s: float = 120,
) -> dict[Path, list[Path]]:  # fmt: skip
    """PNG pages of each (file, format): office files share one LibreOffice run; pdf pages; html screenshots.

    Images (png, jpeg, gif) are returned as they are. Raises ToolMissing or RenderError.
    """
    outdir.mkdir(parents=True, exist_ok=True)
    pages: dict[Path, list[Path]] = {}
    office = [src for src, fmt in sources if fmt in OFFICE]
    pdfs = {src: src for src, fmt in sources if fmt == "pdf"}
    if office:
        staged = []
        for i, src in enumerate(office):  # distinct stems, whatever the sources are called
            dest = outdir / "staged" / f"doc{i}{src.suffix or '.bin'}"
            dest.parent.mkdir(exist_ok=True)
            shutil.copyfile(src, dest)
            staged.append(dest)
        converted = libreoffice_convert(staged, "pdf", outdir / "pdf", timeout_s=timeout_s)
        pdfs.update(zip(office, converted, strict=True))
    for n, (src, pdf) in enumerate(pdfs.items()):
        pages[src] = pdf_pages(pdf, outdir / f"pages{n}", dpi=dpi, max_pages=max_pages, timeout_s=timeout_s)
    for n, (src, fmt) in enumerate(sources):
        if fmt == "html":
            pages[src] = [html_screenshot(src, outdir / f"html{n}.png", timeout_s=timeout_s)]
        elif fmt in ("png", "jpeg", "gif"):
            pages[src] = [src]
        elif src not in pages:
            raise RenderError(f"cannot render {src.name}: format {fmt} has no renderer")
    return pages
