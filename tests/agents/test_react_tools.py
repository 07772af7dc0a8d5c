"""The react tools run inside the real sandbox; context clipping and compaction."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from worktrial.agents import AgentEnv, Trajectory
from worktrial.agents.providers import Message, ToolCall
from worktrial.agents.react.context import clip, compact, estimate_tokens
from worktrial.agents.react.tools import SPECS, ToolBox, check_arguments
from worktrial.sandbox import get_sandbox
from worktrial.tasks import Budgets

needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")


def _box(tmp_path: Path, clip_chars: int = 3000) -> tuple[ToolBox, Path]:
    ws = tmp_path / "workspace"
    (ws / "system").mkdir(parents=True)
    (ws / "system" / "config.json").write_text('{"factor": 2}\n')
    env = AgentEnv(
        instance_id="t/base/L3",
        brief="brief",
        budgets=Budgets(),
        workspace=ws,
        sandbox=get_sandbox("bwrap"),
        trajectory=Trajectory(tmp_path / "trajectory.jsonl"),
    )
    return ToolBox(env, clip_chars, 30), ws


def _run(box: ToolBox, name: str, **args: object) -> tuple[str, bool]:
    out = asyncio.run(box.run(ToolCall("c", name, dict(args))))
    return out.text, out.ok


@needs_bwrap
def test_file_tools_work_inside_the_sandbox(tmp_path: Path) -> None:
    box, ws = _box(tmp_path)
    text, ok = _run(box, "write_file", path="notes/plan.md", content="line one\nline two\n")
    assert ok and "wrote 18 bytes" in text and (ws / "notes/plan.md").read_text() == "line one\nline two\n"
    text, ok = _run(box, "read_file", path="system/config.json")
    assert ok and json.loads(text) == {"factor": 2}
    text, ok = _run(box, "edit_file", path="system/config.json", old_text='"factor": 2', new_text='"factor": 3')
    assert ok and json.loads((ws / "system/config.json").read_text()) == {"factor": 3}
    text, ok = _run(box, "edit_file", path="system/config.json", old_text="nope", new_text="x")
    assert not ok and "not found" in text
    (ws / "twice.txt").write_text("a a")
    text, ok = _run(box, "edit_file", path="twice.txt", old_text="a", new_text="b")
    assert not ok and "2 times" in text
    assert _run(box, "edit_file", path="twice.txt", old_text="a", new_text="b", replace_all=True)[1]
    assert (ws / "twice.txt").read_text() == "b b"
    text, ok = _run(box, "list_files")
    assert ok and "system/config.json" in text and "notes/" in text
    text, ok = _run(box, "read_file", path="notes/plan.md", start_line=2, max_lines=1)
    assert text.splitlines() == ["line two", "[lines 2-2 of 2]"]
    text, ok = _run(box, "read_file", path="/etc/shadow")
    assert not ok


@needs_bwrap
def test_commands_are_sandboxed_and_output_is_clipped(tmp_path: Path) -> None:
    box, _ = _box(tmp_path, clip_chars=400)
    text, ok = _run(box, "run_command", command="pwd; ls /; echo $HOME")
    assert ok and text.startswith("exit 0") and "/workspace" in text and "home" not in text.split()
    text, ok = _run(box, "run_command", command="seq 1 5000")
    assert "characters clipped" in text and "\n1\n" in text and "5000" in text and len(text) < 600
    text, ok = _run(box, "run_command", command="exit 3")
    assert not ok and text.startswith("exit 3")
    text, ok = _run(box, "write_file", path=str(tmp_path / "outside.txt"), content="x")
    assert not (tmp_path / "outside.txt").exists()  # the host path does not exist in the sandbox


@needs_bwrap
def test_bad_calls_are_answered_not_run(tmp_path: Path) -> None:
    box, _ = _box(tmp_path)
    assert "no tool" in _run(box, "rm_rf")[0]
    assert "missing argument" in _run(box, "read_file")[0]
    assert "must be a string" in _run(box, "read_file", path=3)[0]
    assert "unknown argument" in _run(box, "inbox", folder="x")[0]
    assert "not a person id" in _run(box, "ask", person="--who", question="hello")[0]
    bad = asyncio.run(box.run(ToolCall("c", "read_file", {}, "{oops", "arguments are not valid JSON")))
    assert not bad.ok and "not valid JSON" in bad.text
    assert box.env.actions == 0  # nothing reached the sandbox


def test_check_arguments() -> None:
    spec = next(s for s in SPECS if s.name == "run_command")
    assert check_arguments(spec, {"command": "ls"}) == ""
    assert "integer" in check_arguments(spec, {"command": "ls", "timeout_s": True})


def test_clip_keeps_head_and_tail() -> None:
    text = "".join(f"{i:05d}\n" for i in range(2000))
    out = clip(text, 500)
    assert out.startswith("00000") and out.rstrip().endswith("01999") and "characters clipped" in out
    assert len(out) < 560 and clip("short", 500) == "short"


def _conversation(turns: int, output: str) -> list[Message]:
    msgs = [Message("system", "sys"), Message("user", "brief")]
    for i in range(turns):
        msgs.append(Message("assistant", "", (ToolCall(f"c{i}", "write_file", {"path": "f", "content": output}),)))
        msgs.append(Message("tool", output, tool_call_id=f"c{i}", name="write_file"))
    return msgs


def test_compaction_shortens_then_drops_old_turns_but_keeps_pairs() -> None:
    msgs = _conversation(10, "x" * 3000)
    same, n = compact(msgs, 10**6, keep_last=4)
    assert same is msgs and n == 0
    out, n = compact(msgs, estimate_tokens(msgs) // 3, keep_last=4)
    assert n > 0 and out[:2] == msgs[:2] and out[-4:] == msgs[-4:]
    assert estimate_tokens(out) <= estimate_tokens(msgs) // 3
    assert all(len(m.content) < 400 for m in out[2:-4])
    out, n = compact(msgs, 5000, keep_last=4)
    assert out[2].content.startswith("[") and "dropped" in out[2].content
    ids = {c.id for m in out for c in m.tool_calls}
    assert all(m.tool_call_id in ids for m in out if m.role == "tool")  # no result without its call
    assert out[-4:] == msgs[-4:]
