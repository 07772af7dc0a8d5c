"""Putting the solution kit where calibration scripts import it from."""

from __future__ import annotations

import shutil
from pathlib import Path

SOLUTION_PACKAGE = "worktrial_kit"


def solution_kit_dir() -> Path:
    """Source folder of the in-sandbox kit (`worktrial.kit.solution`)."""
    return Path(__file__).resolve().parent / "solution"


def stage_solution_kit(dest: Path) -> Path:
    """Copy the kit into `dest` as the package `worktrial_kit` (replacing any copy there); returns its folder."""
    target = dest / SOLUTION_PACKAGE
    if target.is_symlink() or target.is_file():
        target.unlink()
    elif target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for source in sorted(solution_kit_dir().glob("*.py")):
        shutil.copy2(source, target / source.name)
    return target
