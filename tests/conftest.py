from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def tiny_suite(tmp_path: Path) -> Path:
    """A private copy of the tiny fixture suite, safe to edit."""
    dest = tmp_path / "suite"
    shutil.copytree(FIXTURES / "suite", dest)
    return dest
