from pathlib import Path

from worktrial.tasks.docgen import render_reference

DOC = Path(__file__).resolve().parents[2] / "docs" / "task-format.md"


def test_field_reference_is_current() -> None:
    text = DOC.read_text()
    block = text.split("<!-- reference:start -->\n")[1].split("<!-- reference:end -->")[0]
    assert block == render_reference(), "run: python scripts/refresh_docs.py"
