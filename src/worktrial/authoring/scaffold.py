"""`worktrial new`: a new task family from the bundled templates, lint-clean and with anchors that hold.

The templates (authoring/templates/<kind>/, every file ending in `.tmpl`) are a small runnable family that
uses the kit; the scaffold copies them under the new name. An engagement's history is then written by its own
grader's world model (`write_history`), so the data the worker sees and the unseen production data come from
one model.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from ..tasks.fields import ID_RE

KINDS = ("engagement", "deliverable")
TEMPLATE_SUFFIX = ".tmpl"
DEFAULT_TITLES = {
    "engagement": "Refund approvals at an online retailer",
    "deliverable": "February net sales by region",
}


class ScaffoldError(ValueError):
    """Bad arguments to `worktrial new`; the message says what to change."""


def templates_dir(kind: str) -> Path:
    return Path(__file__).resolve().parent / "templates" / kind


def scaffold(kind: str, name: str, suite: Path, title: str | None = None) -> Path:
    """Write the family `suite/name` of `kind` and return its folder."""
    if kind not in KINDS:
        raise ScaffoldError(f"kind {kind!r} is unknown: use one of {', '.join(KINDS)}")
    if not re.fullmatch(ID_RE, name):
        raise ScaffoldError(
            f"name {name!r}: use lower-case letters, digits, '_' and '-', starting with a letter or digit"
        )
    dest = suite / name
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise ScaffoldError(f"{dest} already exists: choose another name or remove it")
    text = {"__FAMILY__": name, "__TITLE__": (title or DEFAULT_TITLES[kind]).replace('"', "'")}
    tmp = suite / f".{name}.new"
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        _copy_templates(templates_dir(kind), tmp, text)
        if kind == "engagement":
            _write_history(tmp)
        dest.parent.mkdir(parents=True, exist_ok=True)
        if dest.exists():
            dest.rmdir()
        tmp.rename(dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return dest


def _copy_templates(source: Path, dest: Path, text: dict[str, str]) -> None:
    for path in sorted(source.rglob(f"*{TEMPLATE_SUFFIX}")):
        rel = path.relative_to(source).as_posix().removesuffix(TEMPLATE_SUFFIX)
        content = path.read_text(encoding="utf-8")
        for placeholder, value in text.items():
            content = content.replace(placeholder, value)
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")


def _write_history(family: Path) -> None:
    """History in workspace/data from the new family's own grader (what hidden/build_history.py does)."""
    params = tomllib.loads((family / "task.toml").read_text(encoding="utf-8")).get("params", {})
    # Task code never runs inside worktrial's own process, not even the scaffold's own template.
    done = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            _HISTORY,
            str(family / "hidden" / "grader.py"),
            str(family / "workspace" / "data"),
        ],
        input=json.dumps(params),
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        raise ScaffoldError(f"{family}/hidden/grader.py:write_history() failed: {done.stderr.strip()[-1500:]}")


_HISTORY = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("scaffold_grader", sys.argv[1])
module = importlib.util.module_from_spec(spec)
sys.modules["scaffold_grader"] = module
spec.loader.exec_module(module)
module.write_history(__import__("pathlib").Path(sys.argv[2]), json.loads(sys.stdin.read()))
"""
