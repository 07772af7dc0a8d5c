"""The committed suite `suites/sessions` is what `worktrial sessions build` makes of the bundled archive, byte for
byte; every planted bad session stops where the archive says; a sample of the built tasks holds its anchors."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from worktrial.authoring.sessions import build

REPO = Path(__file__).resolve().parents[2]
ARCHIVE = REPO / "archives" / "halden"
SUITE = REPO / "suites" / "sessions"


def tree(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sessions") / "suite"
    build(ARCHIVE, out)
    return out


def test_the_committed_suite_is_the_build_of_the_bundled_archive(rebuilt: Path) -> None:
    assert tree(rebuilt) == tree(SUITE)


def test_every_planted_session_stops_where_planted() -> None:
    planted = json.loads((ARCHIVE / "PLANTED.json").read_text())
    decisions = {d["session"]: d for d in json.loads((SUITE / "BUILD.json").read_text())["decisions"]}
    for sid, want in planted.items():
        got = decisions[sid]
        assert (got["stage"], got["reason"]) == (want["stage"], want.get("reason", "ok")), sid
        for placeholder, rec in (want.get("recovered") or {}).items():
            assert got["recovered"][placeholder] == rec["value"], (sid, placeholder)
    built = [d for d in decisions.values() if d["stage"] == "built"]
    assert len(built) >= 100 and len({d["role_class"] for d in built}) == 7


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_a_sample_of_built_tasks_holds_its_anchors(tmp_path: Path) -> None:
    decisions = json.loads((SUITE / "BUILD.json").read_text())["decisions"]
    by_role: dict[str, str] = {}
    for d in decisions:
        if d["stage"] == "built":
            by_role.setdefault(d["role_class"], d["task"])
    picks = [str(SUITE / t) for t in sorted(by_role.values())[:4]]
    res = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "validate", *picks, "--json", "--home", str(tmp_path)],
        capture_output=True, text=True, timeout=580,
    )  # fmt: skip
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert res.returncode == 0 and rows and all(r["ok"] for r in rows), [r for r in rows if not r["ok"]] or res.stderr[
        -2000:
    ]
