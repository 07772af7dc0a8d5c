"""The rubric's visual route: real xlsx, docx, pptx and HTML deliverables rendered to PNG pages (LibreOffice,
pdftoppm, Chromium) and sent to a vision judge as images; what cannot be rendered is left out with a note."""

from __future__ import annotations

import base64
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from worktrial.grading import grade_deliverable, with_rubric
from worktrial.grading.checks import Tree
from worktrial.grading.judge import collect, make_judge
from worktrial.tasks.rubric import RUBRIC_DIMENSIONS, RubricConfig

from ..agents.model_server import ModelServer, openai_reply
from .builders import write_docx, write_html, write_pptx, write_xlsx

needs_tools = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("soffice", "pdftoppm", "chromium")),
    reason="LibreOffice, poppler-utils and Chromium are needed",
)
SIXES = json.dumps({d: {"score": 6, "justification": "seen"} for d in RUBRIC_DIMENSIONS})


def deliver(out: Path) -> None:
    write_xlsx(out / "a_sales.xlsx", {"A1": "Region", "B1": "Revenue", "A2": "North", "B2": 120})
    write_docx(out / "b_memo.docx", headings=["Findings"], paragraphs=["Costs fell by 8 % in Q3."])
    write_pptx(out / "c_deck.pptx", [("Q3 results", "Revenue +12 %"), ("Next steps", "Hire two analysts")])
    write_html(out / "site" / "index.html")
    (out / "d_data.csv").write_text("region,revenue\nnorth,120\n")


@pytest.mark.slow
@needs_tools
def test_office_files_and_a_page_become_png_evidence(out: Path, tmp_path: Path) -> None:
    deliver(out)
    rubric = RubricConfig(paths=["*.xlsx", "*.docx", "*.pptx", "site/*.html", "*.csv"], evidence="image")
    ev = collect(Tree(out), rubric, tmp_path / "work")
    assert ev.files == ["a_sales.xlsx", "b_memo.docx", "c_deck.pptx", "site/index.html"]
    assert len(ev.images) == 5 and ev.text is None  # 1 sheet, 1 page, 2 slides, 1 screenshot
    for png in ev.images:
        with Image.open(png) as im:
            assert im.format == "PNG" and im.width > 200 and im.height > 200
    assert ev.notes == ["d_data.csv: a csv file has no pages to show"]
    limited = collect(Tree(out), rubric.model_copy(update={"max_pages": 2}), tmp_path / "work2")
    assert len(limited.images) == 2 and limited.files == ["a_sales.xlsx", "b_memo.docx"]
    assert any("c_deck.pptx: 2 pages not shown" in n for n in limited.notes)


@pytest.mark.slow
@needs_tools
def test_a_file_libreoffice_cannot_open_is_left_out(out: Path, tmp_path: Path) -> None:
    write_docx(out / "good.docx", paragraphs=["Fine."])
    with zipfile.ZipFile(out / "broken.docx", "w") as z:
        z.writestr("[Content_Types].xml", "<<< not xml")
        z.writestr("word/document.xml", "<<< not xml")
    ev = collect(Tree(out), RubricConfig(paths=["*.docx"], evidence="image"), tmp_path / "work")
    assert ev.files == ["good.docx"] and len(ev.images) == 1
    assert len(ev.notes) == 1 and ev.notes[0].startswith("broken.docx: cannot be rendered")


@needs_tools
def test_pages_go_to_a_vision_judge_as_images(out: Path, ref: Path, tmp_path: Path) -> None:
    deliver(out)
    rubric = RubricConfig(paths=["b_memo.docx", "c_deck.pptx"], evidence="both")
    with ModelServer(lambda n, body: openai_reply(SIXES)) as server:
        judge = make_judge("openai-compatible/vision-model", cache_dir=None, base_url=f"{server.url}/v1", env={})
        result = with_rubric(grade_deliverable(out, ref, []), out, rubric, judge, task="Report on Q3.")
        (_, _, body) = server.requests[0]
    assert result.components[-1].value == pytest.approx(0.6)
    text, *images = body["messages"][1]["content"]
    assert "Costs fell by 8 % in Q3." in text["text"] and "3 images attached" in text["text"]
    assert len(images) == 3
    for part in images:
        prefix, data = part["image_url"]["url"].split(",", 1)
        assert prefix == "data:image/png;base64" and base64.b64decode(data).startswith(b"\x89PNG")


@needs_tools
def test_images_for_a_text_only_judge_are_an_error(out: Path, ref: Path, tmp_path: Path) -> None:
    write_docx(out / "memo.docx", paragraphs=["Fine."])
    with ModelServer(lambda n, body: openai_reply(SIXES)) as server:
        judge = make_judge("local/smollm2", cache_dir=None, base_url=f"{server.url}/v1", env={})
        result = with_rubric(grade_deliverable(out, ref, []), out, RubricConfig(evidence="image"), judge, task="")
        assert server.requests == []
    assert result.components[-1].value is None and "cannot see images" in result.errors[0]
