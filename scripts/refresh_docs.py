"""Rewrite the generated field reference in docs/task-format.md."""

from pathlib import Path

from worktrial.tasks.docgen import render_reference

DOC = Path(__file__).resolve().parents[1] / "docs" / "task-format.md"
START, END = "<!-- reference:start -->", "<!-- reference:end -->"

text = DOC.read_text()
head, rest = text.split(START)
_, tail = rest.split(END)
DOC.write_text(f"{head}{START}\n{render_reference()}{END}{tail}")
