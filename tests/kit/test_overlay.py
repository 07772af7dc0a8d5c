"""`overlay_leaks`: the family files a variant's overlay does not replace."""

from __future__ import annotations

from pathlib import Path

from worktrial.kit import overlay_leaks


def test_files_without_a_namesake_in_the_variant_leak(tmp_path: Path) -> None:
    for rel in ("workspace/input/a.csv", "workspace/input/docs/b.pdf", "workspace/input/c.eml"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("family")
    hard = tmp_path / "variants" / "hard" / "workspace" / "input"
    (hard / "docs").mkdir(parents=True)
    (hard / "a.csv").write_text("variant")
    (hard / "extra.txt").write_text("only the variant's")
    assert overlay_leaks(tmp_path, "hard") == ["c.eml", "docs/b.pdf"]
    (hard / "docs" / "b.pdf").write_text("variant")
    (hard / "c.eml").write_text("variant")
    assert overlay_leaks(tmp_path, "hard") == []
    assert overlay_leaks(tmp_path, "absent") == ["a.csv", "c.eml", "docs/b.pdf"]
