"""Rendering real office files and a web page to PNG through LibreOffice, pdftoppm and Chromium."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from worktrial.grading.render import ToolMissing, harden_html, html_screenshot, render_pages

from .builders import write_docx, write_html, write_pptx, write_xlsx

needs_tools = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("soffice", "pdftoppm", "chromium")),
    reason="LibreOffice, poppler-utils and Chromium are needed",
)


def spread(png: Path) -> float:
    """Standard deviation of the grey levels: about 0 for a blank page."""
    with Image.open(png) as im:
        return float(ImageStat.Stat(im.convert("L")).stddev[0])


@needs_tools
def test_office_files_and_a_page_render_to_non_blank_pngs(tmp_path: Path) -> None:
    src = tmp_path / "src"
    files = [
        (write_xlsx(src / "sales.xlsx", {"A1": "Region", "B1": "Revenue", "A2": "North", "B2": 120}), "xlsx"),
        (write_docx(src / "memo.docx", headings=["Findings"], paragraphs=["Costs fell by 8 % in Q3."]), "docx"),
        (write_pptx(src / "deck.pptx", [("Q3 results", "Revenue +12 %"), ("Next steps", "Hire")]), "pptx"),
        (write_html(src / "index.html"), "html"),
    ]
    pages = render_pages(files, tmp_path / "rendered", dpi=60)
    assert [len(pages[path]) for path, _ in files] == [1, 1, 2, 1]
    for path, _ in files:
        for png in pages[path]:
            with Image.open(png) as im:
                assert im.format == "PNG" and im.width > 200 and im.height > 200
            assert spread(png) > 5, f"{path.name}: blank page {png.name}"
    with Image.open(pages[src / "index.html"][0]) as shot:
        assert shot.size == (1280, 900)


@needs_tools
def test_a_blank_page_has_no_spread(tmp_path: Path) -> None:
    page = tmp_path / "blank.html"
    page.write_text("<!doctype html><html><body></body></html>")
    assert spread(html_screenshot(page, tmp_path / "blank.png")) < 1


def test_missing_tools_say_how_to_install_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    doc = write_docx(tmp_path / "memo.docx", paragraphs=["x"])
    with pytest.raises(ToolMissing, match="soffice not found on PATH: apt-get install --no-install-recommends"):
        render_pages([(doc, "docx")], tmp_path / "out")


def test_pages_are_hardened_against_frames_and_requests() -> None:
    hardened = harden_html("<!DOCTYPE html><html><iframe src='file:///etc/passwd'></iframe></html>")
    assert hardened.startswith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy"')
    assert "frame-src 'none'" in hardened and "connect-src 'none'" in hardened
