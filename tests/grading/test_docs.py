"""docs/checks.md: every example parses into the real models, and every kind is documented."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from worktrial.tasks import CHECK_KINDS, TaskConfig
from worktrial.tasks.checks import CheckSpec

DOC = Path(__file__).resolve().parents[2] / "docs" / "checks.md"
BASE = {"id": "example", "kind": "deliverable", "title": "Example", "industry": "any"}


def test_every_example_parses_and_every_kind_has_one() -> None:
    text = DOC.read_text()
    blocks = re.findall(r"```toml\n(.*?)```", text, re.DOTALL)
    seen: set[str] = set()
    for block in blocks:
        cfg = TaskConfig.model_validate({**BASE, **tomllib.loads(block)})
        seen.update(check.kind for check in cfg.grader.checks)
    assert seen == set(CHECK_KINDS)
    for kind in CHECK_KINDS:
        assert f"### `{kind}`" in text, kind


def test_the_union_and_the_kind_list_agree() -> None:
    union = CheckSpec.__origin__  # type: ignore[attr-defined]
    kinds = {m.model_fields["kind"].annotation.__args__[0] for m in union.__args__}
    assert kinds == set(CHECK_KINDS)
