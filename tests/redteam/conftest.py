from __future__ import annotations

import importlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..hostile import PAGE, linked_deck, linked_memo, linked_workbook
from .arena import CANARY, Arena, Attack

NEEDED = ("bwrap", "soffice", "pdftoppm", "chromium")
MODULES = ("privilege", "special_files", "odd_names", "escape", "network", "inflation", "resource", "syscalls")


def _page(path: Path, url: str) -> Path:
    body = f"<img src='{url}'><script>fetch('{url}'); new Image().src = '{url}?js';</script>"
    path.write_text(PAGE.format(head=f"<meta http-equiv='refresh' content='0; url={url}'>", body=body))
    return path


def _constant_formula(path: Path, url: str) -> Path:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"], sheet["A2"] = 20, "=20*2"  # the right value, by a formula that reads no cell
    book.save(path)
    return path


BLOBS = {
    "book.xlsx": linked_workbook,
    "deck.pptx": linked_deck,
    "memo.docx": linked_memo,
    "page.html": _page,
    "constant.xlsx": _constant_formula,
}


def all_attacks() -> dict[str, Attack]:
    attacks: dict[str, Attack] = {}
    for module in MODULES:
        found = importlib.import_module(f"{__package__}.test_{module}").ATTACKS
        assert not set(found) & set(attacks), f"attack names repeat in test_{module}"
        attacks.update(found)
    return attacks


@pytest.fixture(scope="session")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arena]:
    missing = [t for t in NEEDED if shutil.which(t) is None]
    if missing:
        pytest.skip(f"the red team needs {', '.join(missing)}")
    os.environ["WORKTRIAL_REDTEAM_CANARY"] = CANARY  # a host secret /proc tricks might look for
    made = Arena(tmp_path_factory.mktemp("redteam"), all_attacks(), BLOBS)
    yield made
    made.close()
