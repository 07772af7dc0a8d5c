"""LibreOffice, pdftoppm and Chromium open delivered files only inside the sandbox: a listener on the host's
loopback receives nothing, and a page cannot navigate to a host file."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest
from PIL import Image, ImageStat

from worktrial.grading import using_sandbox
from worktrial.grading.checks.files import Tree
from worktrial.grading.judge.evidence import Evidence, add_images
from worktrial.grading.render import RenderError, html_screenshot, libreoffice_convert, render_pages

from ..hostile import PAGE, Listener, linked_deck, linked_workbook, png_bytes
from .builders import write_docx

pytestmark = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("bwrap", "soffice", "pdftoppm", "chromium")),
    reason="bubblewrap, LibreOffice, poppler-utils and Chromium are needed",
)


@pytest.fixture
def listener() -> Iterator[Listener]:
    lst = Listener()
    yield lst
    lst.close()


def test_linked_images_of_office_files_reach_no_listener(listener: Listener, tmp_path: Path) -> None:
    book = linked_workbook(tmp_path / "book.xlsx", listener.url("book.png"))
    deck = linked_deck(tmp_path / "deck.pptx", listener.url("deck.png"))
    (recalculated,) = libreoffice_convert([book], "xlsx", tmp_path / "recalc", recalculate=True)
    pages = render_pages([(book, "xlsx"), (deck, "pptx")], tmp_path / "pages", dpi=40)
    assert openpyxl.load_workbook(recalculated, data_only=True).active["A2"].value == 40  # type: ignore[index]
    assert pages[book] and pages[deck]
    assert listener.requests == []


def dark(png: Path) -> bool:
    with Image.open(png) as im:
        return ImageStat.Stat(im.convert("L")).mean[0] < 60


def test_a_page_cannot_fetch_or_navigate_out_of_its_site(listener: Listener, tmp_path: Path) -> None:
    secret = tmp_path / "host" / "secret.png"  # on the host, outside the site: a dark page if ever shown
    secret.parent.mkdir()
    secret.write_bytes(png_bytes("black"))
    site = tmp_path / "site"
    site.mkdir()
    (site / "own.png").write_bytes(png_bytes("black"))
    pages = {
        "fetch.html": PAGE.format(
            head="",
            body=f"<img src='{listener.url('i.png')}'><script>fetch('{listener.url('f')}');"
            f"new Image().src='{listener.url('j')}';</script>",
        ),
        "refresh.html": PAGE.format(head=f"<meta http-equiv='refresh' content='0; url={secret.as_uri()}'>", body=""),
        "script.html": PAGE.format(head="", body=f"<script>location.href = '{secret.as_uri()}';</script>"),
        "frame.html": PAGE.format(head="", body=f"<iframe src='{secret.as_uri()}' width=1200 height=800></iframe>"),
        "inside.html": PAGE.format(head="<meta http-equiv='refresh' content='0; url=own.png'>", body=""),
    }  # fmt: skip
    for name, markup in pages.items():
        (site / name).write_text(markup)
    shots = {name: html_screenshot(site / name, tmp_path / f"{name}.png", site=site) for name in pages}
    assert dark(shots["inside.html"])  # control: a refresh within the site does navigate, and it shows
    for name in ("fetch.html", "refresh.html", "script.html", "frame.html"):
        assert not dark(shots[name]), name
    assert listener.requests == []


def test_an_html_file_named_as_an_office_file_never_reaches_libreoffice(listener: Listener, tmp_path: Path) -> None:
    page = tmp_path / "out" / "deck.pptx"
    page.parent.mkdir()
    page.write_text(PAGE.format(head="", body=f"<img src='{listener.url('x.png')}'>"))
    with pytest.raises(RenderError, match="its content is html, not pptx"):
        render_pages([(page, "pptx")], tmp_path / "pages")
    with pytest.raises(RenderError, match="its content is html, not docx"):
        libreoffice_convert([page.rename(page.with_name("memo.docx"))], "pdf", tmp_path / "pdf")
    # Shown to a judge, it is what its content is: a page, screenshotted by the confined browser.
    ev = Evidence()
    out = Tree(page.parent)
    add_images(ev, out, [out.one("memo.docx")], 2, tmp_path / "work")
    assert ev.files == ["memo.docx"] and len(ev.images) == 1
    assert listener.requests == []


def test_every_renderer_runs_in_the_sandbox_it_is_given(tmp_path: Path) -> None:
    calls: list[list[str]] = []

    class Recording:
        name = "recording"

        def __init__(self) -> None:
            from worktrial.sandbox import get_sandbox

            self.inner = get_sandbox("bwrap")

        def check(self) -> None:
            self.inner.check()

        def run(self, spec):  # type: ignore[no-untyped-def]
            calls.append(spec.argv)
            return self.inner.run(spec)

    memo = write_docx(tmp_path / "memo.docx", headings=["Memo"], paragraphs=["Costs fell."])
    with using_sandbox(Recording()):  # type: ignore[arg-type]
        render_pages([(memo, "docx")], tmp_path / "pages", dpi=40)
    programs = [Path(argv[0]).name for argv in calls]
    assert programs[0] in ("soffice", "soffice.bin", "libreoffice") and programs[1] == "pdftoppm"
