"""Every bundled deliverable's checks and renders, run on files whose pictures, styles and scripts link to a
listener on the host's loopback: the listener receives nothing, and grading ends with the worker's score."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from worktrial.grading import grade_deliverable
from worktrial.grading.deliverable import limits_of
from worktrial.grading.render import render_pages
from worktrial.tasks import load_family

from ..grading.builders import ScriptedJudge
from ..hostile import Listener, linked_deck, linked_memo, linked_workbook
from .conftest import NEEDED, _page

SUITE = Path(__file__).resolve().parents[2] / "suites" / "deliverables"
FAMILIES = sorted(p.name for p in SUITE.iterdir() if (p / "task.toml").is_file())
MAKERS = {".xlsx": linked_workbook, ".docx": linked_memo, ".pptx": linked_deck, ".html": _page, ".htm": _page}
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(any(shutil.which(t) is None for t in NEEDED), reason=f"needs {', '.join(NEEDED)}"),
]


@pytest.fixture(scope="module")
def listener() -> Iterator[Listener]:
    lst = Listener()
    yield lst
    lst.close()


@pytest.mark.parametrize("name", FAMILIES)
def test_linked_deliveries_of_every_bundled_family_reach_no_listener(
    name: str, listener: Listener, tmp_path: Path
) -> None:
    instance = load_family(SUITE / name).instance("base")
    grader = instance.config.grader
    hidden = tmp_path / "hidden"
    instance.materialise_tree("hidden", hidden)
    reference = hidden / grader.reference_dir.removeprefix("hidden/")
    output = tmp_path / "output"
    output.mkdir()
    made = []
    for check in grader.checks:
        target = getattr(check, "path", None) or getattr(check, "pattern", None)
        if not target or any(c in target for c in "*?[") or (output / target).exists():
            continue
        path = output / target
        path.parent.mkdir(parents=True, exist_ok=True)
        maker = MAKERS.get(path.suffix.lower())
        if maker is None:
            path.write_text(f"see {listener.url('x')} and <img src='{listener.url('y.png')}'>\n")
        else:
            made.append(maker(path, listener.url(f"{path.name}.png")))
    judge = ScriptedJudge(answer=True)
    result = grade_deliverable(
        output,
        reference,
        grader.checks,
        judge=judge,
        limits=limits_of(grader),
        hidden=hidden,
        params=dict(instance.params),
    )
    assert not result.errors, result.errors
    kinds = {".xlsx": "xlsx", ".docx": "docx", ".pptx": "pptx", ".html": "html", ".htm": "html"}
    if made:
        pages = render_pages([(p, kinds[p.suffix.lower()]) for p in made], tmp_path / "pages", dpi=30)
        assert all(pages.values())
    assert listener.requests == [], (name, listener.requests)
