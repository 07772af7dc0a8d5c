"""`claude-code:<model id>`: Anthropic's Claude Code CLI (`claude -p --output-format stream-json`), its
messages API pointed at the gateway. Every model it asks for (main, small/fast) is the trial's model."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .base import Launch, LaunchContext
from .install import sandbox_path
from .transcript import Transcript

ELF = b"\x7fELF"
MEMORY_MB = 8192  # its JavaScript engine crashes under a 2 GiB address-space limit


class ClaudeCode:
    name = "claude-code"
    package = "@anthropic-ai/claude-code"
    void_early_exit = True
    skills_dir = "home/.claude/skills"  # its skills folder, under the state folder (agents/skills.py)

    def launch(self, ctx: LaunchContext) -> Launch:
        package = ctx.install / "node_modules" / self.package
        binary = package / "bin" / "claude.exe"
        try:
            native = binary.open("rb").read(4) == ELF
        except OSError:
            native = False
        # Its install script puts the native binary in place; without it, the wrapper finds and runs it.
        entry = (
            [sandbox_path(ctx.install, binary)]
            if native
            else ["node", sandbox_path(ctx.install, package / "cli-wrapper.cjs")]
        )
        argv = [*entry, "-p", "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions",
                "--model", ctx.api_model]  # fmt: skip
        home = f"{ctx.state_dir}/home"
        env = {
            "HOME": home,
            "CLAUDE_CONFIG_DIR": f"{home}/.claude",
            "ANTHROPIC_BASE_URL": ctx.base_url,
            "ANTHROPIC_API_KEY": "worktrial-gateway",
            "ANTHROPIC_SMALL_FAST_MODEL": ctx.api_model,
            "ANTHROPIC_DEFAULT_HAIKU_MODEL": ctx.api_model,
            "ANTHROPIC_DEFAULT_SONNET_MODEL": ctx.api_model,
            "ANTHROPIC_DEFAULT_OPUS_MODEL": ctx.api_model,
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "CLAUDE_CODE_MAX_RETRIES": "0",  # the gateway retries
            "IS_SANDBOX": "1",  # we are the sandbox: allows skipping permissions whatever the uid
            "NO_COLOR": "1",
        }
        return Launch(argv, env, mkdir=(f"{home}/.claude",), memory_mb=MEMORY_MB)

    def parse(self, lines: Iterable[str]) -> Transcript:
        t = Transcript(self.name)
        tools: dict[str, str] = {}
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:
                t.unparsed += 1
                continue
            if isinstance(event, dict):
                _event(t, event, tools)
        return t


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("type") == "text")
    return "" if content is None else str(content)


def _event(t: Transcript, event: dict[str, Any], tools: dict[str, str]) -> None:
    kind = event.get("type")
    content = (event.get("message") or {}).get("content")
    blocks = [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []
    if kind == "assistant":
        for b in blocks:
            if b.get("type") == "text":
                t.message(str(b.get("text", "")))
            elif b.get("type") == "tool_use":
                call_id, name = str(b.get("id", "")), str(b.get("name", ""))
                tools[call_id] = name
                args = b.get("input")
                t.tool_call(call_id, name, args if isinstance(args, dict) else {"input": json.dumps(args)})
    elif kind == "user":
        for b in blocks:
            if b.get("type") == "tool_result":
                call_id = str(b.get("tool_use_id", ""))
                t.tool_result(call_id, tools.get(call_id, ""), not b.get("is_error"), _text(b.get("content")))
    elif kind == "result":
        t.turns = int(event.get("num_turns") or 0)
        t.add_usage(**(event.get("usage") or {}))
        if event.get("is_error"):
            t.error(str(event.get("result") or event.get("subtype") or "error"))
        elif isinstance(event.get("result"), str):
            t.final_text = event["result"]
