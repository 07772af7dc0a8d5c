"""The session → task funnel on a small archive written here: each gate stops the session it must, with its
reason; what passes becomes a family that lints, whose accepted deliverable passes its hard rules and key terms,
and whose inputs include the recorded pages it links to; the build is byte-reproducible."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from worktrial.authoring.sessions import build

T0 = "2026-05-04T09:00:00"
CSV = b"region,amount\nnorth,1200.50\nsouth,830.25\nnorth,400.00\n"
GOOD_MD = b"# Sales by region\n\nNorth: 1600.50\nSouth: 830.25\nTotal: 2430.75 (north share 65.8%)\n"


class Writer:
    def __init__(self, root: Path) -> None:
        self.root = root
        (root / "files").mkdir(parents=True)
        (root / "resources").mkdir()
        (root / "archive.toml").write_text('name = "mini"\ncompany = "Mini Ltd"\nversion = "1"\n')
        self.sessions: list[dict[str, Any]] = []
        self.resources: list[dict[str, Any]] = []

    def file(self, data: bytes, keep: bool = True) -> str:
        sha = hashlib.sha256(data).hexdigest()
        if keep:
            (self.root / "files" / sha).write_bytes(data)
        return sha

    def resource(self, url: str, body: bytes | None) -> None:
        sha = hashlib.sha256(body).hexdigest() if body is not None else None
        if body is not None:
            (self.root / "resources" / str(sha)).write_bytes(body)
        host = url.split("://")[1].split("/")[0]
        self.resources.append({"url": url, "host": host, "reachable": body is not None, "sha256": sha})

    def session(
        self,
        sid: str,
        ask: str,
        *,
        agent: list[str] = (),
        follow: list[tuple[str, bool]] = (),  # type: ignore[assignment]
        attach: bool = True,
        keep_attachment: bool = True,
        output: bytes = GOOD_MD,
        accepted: bool = True,
        tools: list[dict[str, Any]] = (),
        redactions: list[dict[str, Any]] = (),
    ) -> None:  # type: ignore[assignment]
        msgs = [{"at": T0, "author": "user", "account": "u1", "text": ask}]
        for i, text in enumerate(agent):
            msgs.append({"at": f"2026-05-04T09:0{i + 1}:00", "author": "agent", "account": "a0", "text": text})
        for text, is_follow in follow:
            msgs.append(
                {"at": "2026-05-04T09:30:00", "author": "user", "account": "u1", "text": text, "follow_up": is_follow}
            )
        atts = (
            [
                {
                    "name": "sales.csv",
                    "sha256": self.file(CSV if keep_attachment else CSV + b"east,1.00\n", keep_attachment),
                    "media_type": "text/csv",
                    "size": len(CSV),
                }
            ]
            if attach
            else []
        )
        outs = [
            {"name": "summary.md", "sha256": self.file(output), "media_type": "text/markdown", "accepted": accepted}
        ]
        calls = [*tools, {"at": "2026-05-04T09:20:00", "tool": "write_file", "arguments": {"path": "summary.md"}}]
        self.sessions.append(
            {
                "id": sid,
                "started": T0,
                "messages": msgs,
                "attachments": atts,
                "tools": calls,
                "outputs": outs,
                "redactions": list(redactions),
            }
        )

    def close(self) -> Path:
        lines = [json.dumps(s) for s in self.sessions]
        (self.root / "sessions.jsonl").write_text("\n".join(lines) + "\n")
        (self.root / "resources.jsonl").write_text("".join(json.dumps(r) + "\n" for r in self.resources))
        return self.root


ASK = "Please total the amounts in sales.csv by region and write a short summary with each region's share."


def mini_archive(root: Path) -> Path:
    w = Writer(root)
    w.resource("https://intranet.mini.example/pricing", b"<html><body><p>Price list 2026</p></body></html>")
    w.resource("https://old.mini.example/gone", None)
    w.session("good-plain", ASK)
    w.session("short", "ok thx")
    w.session("no-fixture", ASK + " Use the attached file.", keep_attachment=False)
    fetch = {
        "at": "2026-05-04T09:05:00",
        "tool": "web_fetch",
        "arguments": {"url": "https://intranet.mini.example/pricing"},
    }
    w.session(
        "link-by-context",
        "Total sales.csv by region; check prices on the page [URL_1] before you start, then summarise.",
        agent=["Reading the page https://intranet.mini.example/pricing before you start, as asked."],
        tools=[fetch],
        redactions=[
            {
                "placeholder": "[URL_1]",
                "kind": "url",
                "field": "messages[0].text",
                "before": "check prices on the page ",
                "after": " before you start, then summarise.",
            }
        ],
    )
    w.session(
        "link-by-host",
        "Total sales.csv by region and compare with the price list at [URL_1] please.",
        tools=[fetch],
        redactions=[
            {
                "placeholder": "[URL_1]",
                "kind": "url",
                "field": "messages[0].text",
                "before": "price list at ",
                "after": " please.",
                "host": "intranet.mini.example",
            }
        ],
    )
    w.session(
        "link-lost",
        "Total sales.csv by region and compare with the price list at [URL_1] please, thanks.",
        redactions=[
            {
                "placeholder": "[URL_1]",
                "kind": "url",
                "field": "messages[0].text",
                "before": "price list at ",
                "after": " please, thanks.",
                "host": "intranet.mini.example",
            }
        ],
    )
    w.session("link-dead", "Total sales.csv by region; the targets are at https://old.mini.example/gone as well.")
    w.session("link-unknown", "Total sales.csv by region; targets are on https://elsewhere.example/x too.")
    w.session("dupe", ASK)
    w.session(
        "asked-back",
        ASK + " Split it as we need.",
        agent=["Which split do you need: by month or by rep?"],
        follow=[("By region only, thanks.", True)],
    )
    w.session("outside", "Total sales.csv by region in the usual format, like last time.")
    w.session("never-accepted", ASK + " Make it brief.", accepted=False)
    w.session("nothing-derived", ASK + " Copy the figures.", output=b"# Sales\n\nnorth 1200.50, south 830.25\n")
    return w.close()


EXPECTED = {
    "good-plain": ("built", "ok"),
    "short": ("length", "too_short"),
    "no-fixture": ("fixtures", "fixture_missing"),
    "link-by-context": ("built", "ok"),
    "link-by-host": ("built", "ok"),
    "link-lost": ("redactions", "redaction_unrecoverable"),
    "link-dead": ("network", "link_unreachable"),
    "link-unknown": ("network", "link_unrecorded"),
    "dupe": ("duplicates", "duplicate"),
    "asked-back": ("self_contained", "needed_clarification"),
    "outside": ("self_contained", "outside_context"),
    "never-accepted": ("self_contained", "no_accepted_output"),
    "nothing-derived": ("key_terms", "too_little_to_check"),
}


def tree(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_every_gate_stops_its_session_with_the_reason_and_the_rest_become_tasks(tmp_path: Path) -> None:
    funnel = build(mini_archive(tmp_path / "archive"), tmp_path / "suite")
    got = {d.session: (d.stage, d.reason) for d in funnel.decisions}
    assert got == EXPECTED
    by_id = {d.session: d for d in funnel.decisions}
    assert by_id["link-by-context"].recovered == {"[URL_1]": "https://intranet.mini.example/pricing"}
    assert "several candidates" not in by_id["link-lost"].detail and "no candidate" in by_id["link-lost"].detail
    assert by_id["dupe"].detail.endswith("good-plain")
    assert dict(funnel.counts())["preflight"] == 3 and funnel.counts()[0] == ("raw sessions", len(EXPECTED))
    record = json.loads((tmp_path / "suite" / "BUILD.json").read_text())
    assert [d["session"] for d in record["decisions"]] == list(EXPECTED)
    assert "| duplicates | duplicate | 1 |" in (tmp_path / "suite" / "FUNNEL.md").read_text()


def test_a_built_task_states_the_ask_lists_its_inputs_and_checks_the_derived_figures(tmp_path: Path) -> None:
    build(mini_archive(tmp_path / "archive"), tmp_path / "suite")
    family = tmp_path / "suite" / "link-by-context"
    instruction = (family / "instruction.md").read_text()
    assert "https://intranet.mini.example/pricing" in instruction and "[URL_1]" not in instruction
    assert "- `input/sales.csv`" in instruction and "input/links/" in instruction
    assert (family / "workspace/input/sales.csv").read_bytes() == CSV
    links = list((family / "workspace/input/links").iterdir())
    assert len(links) == 1 and b"Price list 2026" in links[0].read_bytes()
    toml = (family / "task.toml").read_text()
    assert 'kind = "key_terms"' in toml and '"2430.75"' in toml and '"65.8%"' in toml and '"1600.50"' in toml
    assert '"1200.50"' not in toml.split("terms = ")[1].split("\n")[0]  # given in the input: not a derived figure
    assert "[grader.rubric]" in toml and "key_evidence" in toml
    lint = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "lint", str(tmp_path / "suite")], capture_output=True, text=True
    )
    assert lint.returncode == 0, lint.stderr


def test_the_build_is_byte_reproducible_and_replaces_the_suite_whole(tmp_path: Path) -> None:
    archive = mini_archive(tmp_path / "archive")
    build(archive, tmp_path / "a")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "stale.txt").write_text("from an older build")
    build(archive, tmp_path / "b")
    assert tree(tmp_path / "a") == tree(tmp_path / "b")
    assert not list(tmp_path.glob(".*building")) and not list(tmp_path.glob(".*old"))


def test_the_command_prints_the_funnel_and_refuses_a_broken_archive(tmp_path: Path) -> None:
    archive = mini_archive(tmp_path / "archive")
    res = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "sessions", "build", str(archive), "--out", str(tmp_path / "suite")],
        capture_output=True,
        text=True,
    )
    assert res.returncode == 0, res.stderr
    assert "redaction_unrecoverable" in res.stdout and "3 tasks" in res.stdout
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "archive.toml").write_text('name = "x"\ncompany = "X"\nversion = "1"\n')
    (bad / "sessions.jsonl").write_text('{"id": "ok-1", "started": "2026-05-04T09:00:00", "messages": []}\n')
    res = subprocess.run(
        [sys.executable, "-m", "worktrial.cli", "sessions", "build", str(bad), "--out", str(tmp_path / "s2")],
        capture_output=True,
        text=True,
    )
    assert res.returncode == 2 and "sessions.jsonl:1: messages" in res.stderr, res.stderr
    assert not (tmp_path / "s2").exists()


@pytest.mark.parametrize("name", ["../x.md", "a/../../b.csv", "con\x00.txt"])
def test_file_names_from_the_archive_stay_in_their_folder(name: str) -> None:
    from worktrial.authoring.sessions.families import safe_name

    safe = safe_name(name)
    assert "/" not in safe and ".." not in safe.split("/") and "\x00" not in safe
