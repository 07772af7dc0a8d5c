"""`worktrial lint`, `run` and `validate` on malformed families: the same `file:field` lines, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from worktrial.cli import app
from worktrial.store import Home, Store

from .mutations import Case, build, replace, write

BROKEN = [
    Case("non-utf8-brief", "tiny", [write("brief/L3.md", b"Caf\xe9\n")], "brief/L3.md", "line 1", "not UTF-8"),
    Case("inf-budget", "tiny", [replace("task.toml", "max_minutes = 2", "max_minutes = inf")],
         "task.toml", "budgets.max_minutes", "finite"),
    Case("hyphen-placeholder", "sales_totals", [write("instruction.md", "Due {{due-date}}.\n")],
         "instruction.md", "line 1", "is not a placeholder"),
]  # fmt: skip


def _lines(text: str, root: Path) -> list[str]:
    return sorted(line.replace(f"{root}/", "") for line in text.splitlines() if line.startswith(str(root)))


@pytest.mark.parametrize("case", BROKEN, ids=[c.name for c in BROKEN])
def test_lint_run_and_validate_refuse_with_the_same_lines(case: Case, tmp_path: Path) -> None:
    root = build(case, tmp_path)
    suite, home = str(root.parent), str(tmp_path / "home")
    cli = CliRunner()
    lint = cli.invoke(app, ["lint", suite])
    run = cli.invoke(app, ["run", "--suite", suite, "--home", home, "--agent", "noop", "--sandbox", "local"])
    validate = cli.invoke(app, ["validate", suite, "--home", home, "--sandbox", "local"])
    assert lint.exit_code == 1 and run.exit_code == 2 and validate.exit_code == 2
    for res in (lint, run, validate):
        assert isinstance(res.exception, SystemExit), res.exception  # a clean exit, not a traceback
        assert "Traceback" not in res.output
    expected = _lines(lint.stderr, root)
    assert len(expected) == 1 and expected[0].startswith(f"{case.file}:{case.field}:" if case.field else case.file)
    assert case.fragment in expected[0]
    assert _lines(run.stderr, root) == expected == _lines(validate.stderr, root)
    assert Store(Home(Path(home)).db_url).jobs() == []  # refused before any job was recorded


def test_lint_reports_every_family_of_a_suite(tmp_path: Path) -> None:
    first = build(BROKEN[0], tmp_path)
    build(BROKEN[2], tmp_path)
    res = CliRunner().invoke(app, ["lint", str(first.parent)])
    assert res.exit_code == 1
    assert [line.split(":")[0] for line in _lines(res.stderr, first.parent)] == [
        "sales_totals/instruction.md",
        "tiny/brief/L3.md",
    ]
