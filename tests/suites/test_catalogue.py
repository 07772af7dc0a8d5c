"""docs/scenarios/README.md and docs/deliverables.md list every bundled family with its industry and tier as its
task.toml gives them, and nothing that is not bundled."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = {
    "engagements": (ROOT / "docs/scenarios/README.md", "scenario"),
    "deliverables": (ROOT / "docs/deliverables.md", "family"),
}


def rows(doc: Path, first: str) -> dict[str, dict[str, str]]:
    """The catalogue table's rows by family id, each a mapping of column name to cell text."""
    lines = doc.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first} |"))
    head = [c.strip() for c in lines[start].strip("|").split(" | ")]
    out: dict[str, dict[str, str]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        name = re.search(r"[\[`](\w+)[\]`]", cells[0])
        assert name, f"{doc.name}: a row whose first cell names no family: {line[:80]}"
        out[name.group(1)] = dict(zip(head, cells, strict=True))
    return out


@pytest.mark.parametrize("kind", sorted(CATALOGUES))
def test_catalogue_lists_every_family_with_its_industry_and_tier(kind: str) -> None:
    doc, first = CATALOGUES[kind]
    listed = rows(doc, first)
    bundled = {p.parent.name: tomllib.loads(p.read_text()) for p in (ROOT / "suites" / kind).glob("*/task.toml")}
    assert sorted(listed) == sorted(bundled), f"{doc.name} must list exactly the bundled {kind}"
    for name, task in bundled.items():
        row = listed[name]
        assert row["industry"].startswith(task["industry"]), (name, row["industry"], task["industry"])
        assert row["tier"] == str(task["tier"]), (name, row["tier"], task["tier"])
