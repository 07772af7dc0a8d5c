"""A trial runs in one session: shared /tmp and background processes, the world's clock inside, office tools."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from pathlib import Path

import docx
import openpyxl
import pypdf
import pytest

from worktrial.agents import AgentEnv, AgentResult, register_agent
from worktrial.run.anchors import AnchorCache
from worktrial.run.trial import TrialContext, TrialSpec, execute
from worktrial.sandbox import ExecResult, get_sandbox, with_toolbox
from worktrial.tasks import Instance, load_family

DATES = "date +%F; python3 -c 'import datetime; print(datetime.date.today())'"
MTIME = (
    "echo hi > written.txt; ls -l --time-style=+%F written.txt | awk '{print $6}'; "
    "python3 -c 'import os, datetime; print(datetime.date.fromtimestamp(os.stat(\"written.txt\").st_mtime))'"
)


@dataclass
class ProbeAgent:
    """Runs a fixed list of commands, one action each, and keeps what they returned."""

    name: str = "probe"
    commands: list[list[str]] = field(default_factory=list)
    results: list[ExecResult] = field(default_factory=list)

    async def setup(self, env: AgentEnv) -> None:
        document = docx.Document()
        document.add_paragraph("Quarterly memo for the sponsor")
        document.save(str(env.workspace / "memo.docx"))
        book = openpyxl.Workbook()
        sheet = book.active
        assert sheet is not None
        sheet["A1"], sheet["A2"], sheet["A3"] = 6, 7, "=A1*A2"
        book.save(str(env.workspace / "sums.xlsx"))

    async def run(self, env: AgentEnv) -> AgentResult:
        for argv in self.commands:
            self.results.append(await env.aexec(argv, timeout_s=120))
        return AgentResult("completed", env.actions)


PROBES: dict[str, ProbeAgent] = {}
register_agent("session-probe", lambda spec, instance, staging: PROBES[spec])


@pytest.fixture
def tiny(tiny_suite: Path) -> Instance:
    return load_family(tiny_suite / "tiny").instance("base", "L3")


def run_probe(instance: Instance, tmp_path: Path, commands: list[list[str]]) -> tuple[ProbeAgent, Path]:
    spec_name = f"session-probe:{len(PROBES)}"
    probe = PROBES[spec_name] = ProbeAgent(commands=commands)
    box = with_toolbox(get_sandbox("bwrap"))
    ctx = TrialContext(box, tmp_path / "cache", AnchorCache(tmp_path / "anchors"))
    delivered = asyncio.run(execute(TrialSpec("t", "j", instance, spec_name), ctx, tmp_path / "attempt"))
    assert delivered.agent_result.termination == "completed"
    return probe, tmp_path / "attempt"


def test_one_session_with_the_world_clock_inside(tiny: Instance, tmp_path: Path) -> None:
    commands = [
        ["sh", "-c", DATES],
        ["sh", "-c", "echo kept > /tmp/note"],
        ["bin/ask", "--wait", "2d"],
        ["sh", "-c", DATES],
        ["sh", "-c", MTIME],
        ["cat", "/tmp/note"],
        ["sh", "-c", "(while true; do date +%s%N >> /workspace/late.log; sleep 0.1; done) >/dev/null 2>&1 &"],
        ["sh", "-c", "sleep 0.5; rm -f /run/worktrial/world.sock; mkdir /run/worktrial/world.sock.d; bin/ask --now"],
    ]
    probe, attempt = run_probe(tiny, tmp_path, commands)
    before, _, waited, after, mtime, note, background, door = probe.results
    assert before.stdout == "2026-03-02\n2026-03-02\n"  # [world].start
    assert waited.ok and "Wednesday 2026-03-04" in waited.stdout
    assert after.stdout == "2026-03-04\n2026-03-04\n"  # two simulated days later
    assert mtime.stdout == "2026-03-04\n2026-03-04\n"
    assert note.stdout == "kept\n"  # /tmp survives between commands
    assert background.ok
    # The world door is read-only: nothing can replace the socket, and asking still works.
    assert "Read-only file system" in door.stderr and "It is Wednesday 2026-03-04" in door.stdout
    # Hand-in closed the session before the snapshot: the background writer is dead.
    log = attempt / "workspace" / "late.log"
    assert log.is_file() and (attempt / "delivered" / "late.log").is_file()
    size = log.stat().st_size
    time.sleep(0.5)
    assert log.stat().st_size == size


def test_office_tools_work_inside_a_trial_sandbox(tiny: Instance, tmp_path: Path) -> None:
    commands = [
        ["soffice", "--headless", "--convert-to", "pdf", "--outdir", "out", "memo.docx"],
        ["soffice", "--headless", "--convert-to", "xlsx", "--outdir", "out", "sums.xlsx"],
        ["pdftoppm", "-png", "-r", "40", "out/memo.pdf", "out/page"],
    ]
    probe, attempt = run_probe(tiny, tmp_path, commands)
    assert all(r.ok for r in probe.results), [(r.exit_code, r.stderr[-500:]) for r in probe.results]
    out = attempt / "workspace" / "out"
    text = pypdf.PdfReader(str(out / "memo.pdf")).pages[0].extract_text()
    assert "Quarterly memo for the sponsor" in text
    sheet = openpyxl.load_workbook(out / "sums.xlsx", data_only=True).active
    assert sheet is not None and sheet["A3"].value == 42  # LibreOffice computed the formula
    assert (out / "page-1.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
