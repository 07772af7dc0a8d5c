"""A plug-in package built and installed with pip into a throwaway virtualenv, then used by `worktrial run`
in that environment through its entry point and through an import path, with no change to worktrial."""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from worktrial import agents as agents_package

from .plugin_source import write_modules

SOURCES = Path(agents_package.__file__).resolve().parents[2]  # this checkout's src/
pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")

PYPROJECT = """[build-system]
requires = ["setuptools>=61", "wheel"]
build-backend = "setuptools.build_meta"

[project]
name = "wt-demo-plugin"
version = "0.1.0"
dependencies = ["worktrial"]

[project.entry-points."worktrial.agents"]
demo = "wt_demo_plugin:from_spec"
broken = "wt_demo_plugin.broken:factory"

[tool.setuptools]
packages = ["wt_demo_plugin"]
"""


@pytest.fixture(scope="module")
def plugin_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of a fresh virtualenv holding the installed plug-in.

    `--system-site-packages` reaches only the base interpreter's packages, so a .pth file adds this
    environment's (worktrial's dependencies); worktrial itself comes from this checkout via PYTHONPATH."""
    root = tmp_path_factory.mktemp("plugin")
    package = root / "wt-demo-plugin"
    package.mkdir()
    (package / "pyproject.toml").write_text(PYPROJECT)
    write_modules(package, "wt_demo_plugin")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    (Path(purelib) / "shared-environment.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-index", "--no-build-isolation", "--no-deps", "-q", str(package)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert install.returncode == 0, install.stdout + install.stderr
    return python


def _run(python: Path, suite: Path, home: Path, *agents: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SOURCES)}
    args = [a for agent in agents for a in ("--agent", agent)]
    return subprocess.run(
        [str(python), "-m", "worktrial.cli", "run", "--suite", str(suite), "--home", str(home), "--task",
         "tiny/base/L3", "--json", *args],
        capture_output=True, text=True, timeout=600, env=env, cwd=home.parent,
    )  # fmt: skip


def _events(record: dict[str, Any]) -> list[dict[str, Any]]:
    path = Path(record["run_dir"]) / "trajectory.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_an_installed_plugin_runs_trials_by_entry_point_and_import_path(
    plugin_python: Path, tiny_suite: Path, tmp_path: Path
) -> None:
    via_import_path = "wt_demo_plugin:make?approver=bob&note=from%20the%20import%20path"
    res = _run(plugin_python, tiny_suite, tmp_path / "home", "demo", via_import_path)
    assert res.returncode == 0, res.stderr
    records = {r["agent"]: r for r in map(json.loads, res.stdout.splitlines())}
    assert set(records) == {"demo", via_import_path}
    for record in records.values():
        # The plug-in asked, waited, got sign-off and fixed the factor: only its own work scores this.
        assert record["status"] == "done" and record["solved"] and record["score"] > 0.9, record
        assert record["questions_asked"] == 2 and record["termination"] == "completed"
    [plugin] = [e for e in _events(records["demo"]) if e["type"] == "plugin"]
    assert plugin["origin"] == (
        "entry point demo = wt_demo_plugin:from_spec (group worktrial.agents, distribution wt-demo-plugin 0.1.0)"
    )
    [note] = [e for e in _events(records[via_import_path]) if e["type"] == "note"]
    assert (note["approver"], note["note"]) == ("bob", "from the import path")


def test_plugins_that_cannot_be_built_fail_the_plan_with_what_was_looked_up(
    plugin_python: Path, tiny_suite: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    broken = _run(plugin_python, tiny_suite, home, "broken")
    assert broken.returncode == 2 and "Traceback" not in broken.stderr
    assert "plug-in agent 'broken' failed to load: entry point broken = wt_demo_plugin.broken:factory" in broken.stderr
    assert (
        "distribution wt-demo-plugin 0.1.0" in broken.stderr and "RuntimeError: plug-in import blew up" in broken.stderr
    )
    unknown = _run(plugin_python, tiny_suite, home, "demoo")
    assert unknown.returncode == 2 and "Traceback" not in unknown.stderr
    assert "unknown agent 'demoo'" in unknown.stderr
    assert "entry points in group worktrial.agents: broken, demo" in unknown.stderr
    # Outside that environment the plug-in does not exist: it came from the install, not from worktrial.
    outside = _run(Path(sys.executable), tiny_suite, home, "demo")
    assert outside.returncode == 2 and "unknown agent 'demo'" in outside.stderr
