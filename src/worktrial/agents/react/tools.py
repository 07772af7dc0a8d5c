"""The react agent's tools. Every one runs INSIDE the trial's sandbox through `env.aexec`; none touches a
host path. World tools run `bin/ask` and `bin/pilot` there, as a person would."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ..base import AgentEnv
from ..providers.base import ToolCall, ToolSpec
from . import scripts
from .context import clip

FILE_TIMEOUT_S = 60.0
LIST_LIMIT = 400
PERSON_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def _obj(required: list[str], **props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


S = {"type": "string"}
I = {"type": "integer"}  # noqa: E741

SPECS = [
    ToolSpec("run_command", "Run a bash command in /workspace; returns exit code, stdout and stderr.",
             _obj(["command"], command=S, timeout_s=I)),
    ToolSpec("read_file", "Read a text file (optionally lines start_line.. for max_lines lines).",
             _obj(["path"], path=S, start_line=I, max_lines=I)),
    ToolSpec("write_file", "Create or overwrite a file with the given content.",
             _obj(["path", "content"], path=S, content=S)),
    ToolSpec("edit_file", "Replace old_text (copied exactly, unique unless replace_all) by new_text in a file.",
             _obj(["path", "old_text", "new_text"], path=S, old_text=S, new_text=S, replace_all={"type": "boolean"})),
    ToolSpec("list_files", "List files under a folder (default: the workspace), depth levels deep.",
             _obj([], path=S, depth=I)),
    ToolSpec("ask", "Send one message to a person at the client (ids: run_command `bin/ask --who`). Costs money.",
             _obj(["person", "question"], person=S, question=S)),
    ToolSpec("wait", "Let simulated time pass, e.g. 1d, 6h, 1d12h.", _obj(["duration"], duration=S)),
    ToolSpec("inbox", "Read messages sent to you.", _obj([])),
    ToolSpec("pilot", "Run your current system on a pilot day and hear what staff noticed. Costs money.", _obj([])),
    ToolSpec("submit", "Finish the engagement: what system/ holds now is delivered.", _obj([], summary=S)),
]  # fmt: skip
NAMES = tuple(t.name for t in SPECS)
WORLD = {"ask", "wait", "inbox", "pilot"}
TYPES: dict[str, type | tuple[type, ...]] = {"string": str, "integer": int, "boolean": bool, "number": (int, float)}


@dataclass(frozen=True)
class Outcome:
    text: str
    ok: bool = True
    submitted: bool = False


def check_arguments(spec: ToolSpec, args: dict[str, Any]) -> str:
    """Why `args` do not fit `spec`'s schema (required keys, known keys, simple types), or ""."""
    props: dict[str, Any] = spec.parameters.get("properties", {})
    missing = [k for k in spec.parameters.get("required", []) if k not in args]
    if missing:
        return f"missing argument(s): {', '.join(missing)}"
    for key, value in args.items():
        if key not in props:
            return f"unknown argument {key!r}; {spec.name} takes {', '.join(props) or 'no arguments'}"
        want = TYPES.get(props[key].get("type", ""), object)
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            return f"argument {key!r} must be a {props[key]['type']}"
    return ""


class ToolBox:
    def __init__(self, env: AgentEnv, clip_chars: int, command_timeout_s: float) -> None:
        self.env = env
        self.clip_chars = clip_chars
        self.command_timeout_s = command_timeout_s
        self.specs = {s.name: s for s in SPECS}
        self._handlers: dict[str, Callable[[dict[str, Any]], Awaitable[Outcome]]] = {
            "run_command": self._run_command,
            "read_file": self._read_file,
            "write_file": self._write_file,
            "edit_file": self._edit_file,
            "list_files": self._list_files,
            "ask": self._ask,
            "wait": self._wait,
            "inbox": self._inbox,
            "pilot": self._pilot,
            "submit": self._submit,
        }

    async def run(self, call: ToolCall) -> Outcome:
        spec = self.specs.get(call.name)
        if spec is None:
            return Outcome(f"error: no tool {call.name!r}; tools: {', '.join(NAMES)}", ok=False)
        problem = call.error or check_arguments(spec, call.arguments)
        if problem:
            return Outcome(f"error: {problem}", ok=False)
        out = await self._handlers[call.name](call.arguments)
        return Outcome(clip(out.text, self.clip_chars), out.ok, out.submitted)

    async def _exec(self, argv: list[str], stdin: str | None = None, timeout_s: float = FILE_TIMEOUT_S) -> Outcome:
        r = await self.env.aexec(argv, timeout_s=timeout_s, stdin=stdin.encode("utf-8") if stdin is not None else None)
        text = r.stdout
        if r.stderr.strip():
            text += ("\n" if text and not text.endswith("\n") else "") + r.stderr
        return Outcome(text.strip("\n") or "(no output)", r.ok)

    async def _run_command(self, a: dict[str, Any]) -> Outcome:
        timeout = max(1.0, min(float(a.get("timeout_s") or self.command_timeout_s), self.command_timeout_s))
        r = await self.env.aexec(["bash", "-c", a["command"]], timeout_s=timeout)
        head = f"exit {r.exit_code}" + (f" (timed out after {timeout:.0f}s)" if r.timed_out else "")
        parts = [head]
        if r.stdout:
            parts.append("--- stdout ---\n" + clip(r.stdout, self.clip_chars * 2 // 3))
        if r.stderr:
            parts.append("--- stderr ---\n" + clip(r.stderr, self.clip_chars // 3))
        return Outcome("\n".join(parts), r.ok)

    async def _read_file(self, a: dict[str, Any]) -> Outcome:
        start, count = int(a.get("start_line") or 1), int(a.get("max_lines") or 100_000)
        return await self._exec(["python3", "-c", scripts.READ, a["path"], str(start), str(count)])

    async def _write_file(self, a: dict[str, Any]) -> Outcome:
        return await self._exec(["python3", "-c", scripts.WRITE, a["path"]], stdin=a["content"])

    async def _edit_file(self, a: dict[str, Any]) -> Outcome:
        req = json.dumps({"old": a["old_text"], "new": a["new_text"], "all": bool(a.get("replace_all"))})
        return await self._exec(["python3", "-c", scripts.EDIT, a["path"]], stdin=req)

    async def _list_files(self, a: dict[str, Any]) -> Outcome:
        depth = max(1, int(a.get("depth") or 2))
        return await self._exec(["python3", "-c", scripts.LIST, a.get("path") or ".", str(depth), str(LIST_LIMIT)])

    async def _world(self, op: str, argv: list[str], stdin: str | None = None, **fields: Any) -> Outcome:
        out = await self._exec(argv, stdin, timeout_s=self.command_timeout_s)
        self.env.trajectory.add("world", op=op, ok=out.ok, reply=clip(out.text, 4000), **fields)
        return out

    async def _ask(self, a: dict[str, Any]) -> Outcome:
        person, question = a["person"], a["question"]
        if not PERSON_ID.fullmatch(person):
            return Outcome(f"error: {person!r} is not a person id; `bin/ask --who` lists them", ok=False)
        return await self._world("ask", ["bin/ask", person, "-"], question, person=person, question=question)

    async def _wait(self, a: dict[str, Any]) -> Outcome:
        return await self._world("wait", ["bin/ask", "--wait", a["duration"]], duration=a["duration"])

    async def _inbox(self, a: dict[str, Any]) -> Outcome:
        return await self._world("inbox", ["bin/ask", "--inbox"])

    async def _pilot(self, a: dict[str, Any]) -> Outcome:
        return await self._world("pilot", ["bin/pilot"])

    async def _submit(self, a: dict[str, Any]) -> Outcome:
        return Outcome("submitted: " + str(a.get("summary") or "(no summary)"), True, submitted=True)
