"""An input generator's check on its variants: a variant's files overlay the family's file by file, so a family file
with no namesake in a variant reaches that variant's workspace too (docs/task-format.md, variants)."""

from __future__ import annotations

from pathlib import Path


def overlay_leaks(family: Path, variant: str, folder: str = "workspace/input") -> list[str]:
    """The files under the family's `folder` that the variant's `folder` does not replace, relative to it."""
    base, mine = family / folder, family / "variants" / variant / folder
    return sorted(
        str(p.relative_to(base)) for p in base.rglob("*") if p.is_file() and not (mine / p.relative_to(base)).exists()
    )
