"""The bundled session archive (archives/halden): it reads against the archive schema, its generator reproduces it
byte for byte, and it is large and varied enough to build a suite from (every role class represented)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from worktrial.authoring.sessions import ROLE_CLASSES, STAGES, Archive
from worktrial.authoring.sessions.gates import Passed
from worktrial.authoring.sessions.review import OfflineReviewer

ARCHIVE = Path(__file__).resolve().parents[2] / "archives" / "halden"
DATA = ("archive.toml", "sessions.jsonl", "resources.jsonl", "PLANTED.json")


@pytest.fixture(scope="module")
def archive() -> Archive:
    return Archive(ARCHIVE)


def _planted() -> dict[str, dict[str, object]]:
    return json.loads((ARCHIVE / "PLANTED.json").read_text(encoding="utf-8"))


def test_archive_reads_against_the_schema(archive: Archive) -> None:
    assert archive.info.company and archive.info.version and archive.info.description
    assert len({s.id for s in archive.sessions}) == len(archive.sessions)
    assert [s.started for s in archive.sessions] == sorted(s.started for s in archive.sessions)
    lost = {s.id for s in archive.sessions for a in s.attachments if archive.file(a.sha256) is None}
    planted = _planted()
    assert lost == {sid for sid, p in planted.items() if p["reason"] == "fixture_missing"}
    for s in archive.sessions:
        assert all(archive.file(o.sha256) is not None for o in s.outputs), s.id
        assert [m.at for m in s.messages] == sorted(m.at for m in s.messages), s.id
    for r in archive.resources.values():
        assert (archive.resource_body(r) is not None) == r.reachable, r.url


def test_planted_cases_name_real_sessions_and_stages(archive: Archive) -> None:
    ids = {s.id for s in archive.sessions}
    for sid, p in _planted().items():
        assert sid in ids
        assert p["stage"] in (*STAGES, "built")
    reasons = Counter(p["reason"] for p in _planted().values())
    for reason, least in {"too_short": 8, "fixture_missing": 8, "redaction_unrecoverable": 8, "link_unreachable": 6,
                          "link_unrecorded": 3, "duplicate": 6, "needed_clarification": 8, "outside_context": 6,
                          "no_accepted_output": 5, "too_little_to_check": 4}.items():  # fmt: skip
        assert reasons[reason] >= least, reason
    how = Counter(v["how"] for p in _planted().values() for v in p.get("recovered", {}).values())  # type: ignore[attr-defined]
    assert how["context"] >= 10 and how["host_unique"] >= 6


def test_enough_sessions_in_every_role_class(archive: Archive) -> None:
    reviewer = OfflineReviewer()
    roles = Counter(s.role_hint or reviewer.taxonomy(s, Passed()).role_class for s in archive.sessions)
    assert len(archive.sessions) >= 150
    assert set(roles) == set(ROLE_CLASSES)
    assert min(roles.values()) >= 12, roles
    assert {s.channel for s in archive.sessions} == {"private", "group"}
    assert any(m.quotes for s in archive.sessions for m in s.messages)
    assert any(m.follow_up for s in archive.sessions for m in s.messages)
    tools = Counter(t.tool for s in archive.sessions for t in s.tools)
    assert {"read_file", "run_command", "web_fetch", "write_file"} <= set(tools)
    kinds = {o.name.rsplit(".", 1)[-1] for s in archive.sessions for o in s.outputs}
    assert {"md", "txt", "html", "docx", "xlsx", "csv", "pptx", "json"} <= kinds
    inputs = {a.name.rsplit(".", 1)[-1] for s in archive.sessions for a in s.attachments}
    assert {"csv", "xlsx", "docx", "md", "txt", "json", "html", "pdf"} <= inputs


@pytest.mark.slow
def test_generator_reproduces_the_archive_byte_for_byte(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ARCHIVE / "generate.py"), str(tmp_path)], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    for name in DATA:
        assert (tmp_path / name).read_bytes() == (ARCHIVE / name).read_bytes(), name
    for sub in ("files", "resources"):
        made = {p.name: p.read_bytes() for p in (tmp_path / sub).iterdir()}
        kept = {p.name: p.read_bytes() for p in (ARCHIVE / sub).iterdir()}
        assert made.keys() == kept.keys(), sub
        assert all(made[k] == kept[k] for k in kept), sub
