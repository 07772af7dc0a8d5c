"""`codex:<model id>`: OpenAI's Codex CLI (`codex exec --json`), its responses API pointed at the gateway."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .base import Launch, LaunchContext
from .install import sandbox_path
from .transcript import Transcript

PROVIDER = "worktrial"
KEY_VAR = "WORKTRIAL_GATEWAY_KEY"


class Codex:
    name = "codex"
    package = "@openai/codex"
    entry = "bin/codex.js"
    void_early_exit = True
    skills_dir = "home/.codex/skills"  # its skills folder, under the state folder (agents/skills.py)

    def launch(self, ctx: LaunchContext) -> Launch:
        home = f"{ctx.state_dir}/home"
        provider = (
            f'{{name="{PROVIDER}", base_url="{ctx.base_url}/v1", wire_api="responses", env_key="{KEY_VAR}", '
            "request_max_retries=0, stream_max_retries=0}"
        )  # the gateway retries; a retry here would only repeat a refusal
        entry = sandbox_path(ctx.install, ctx.install / "node_modules" / self.package / self.entry)
        argv = [
            "node", entry, "exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox",
            "--color", "never", "-C", "/workspace", "-m", ctx.api_model,
            "-c", f"model_provider={PROVIDER}", "-c", f"model_providers.{PROVIDER}={provider}",
            "-c", "check_for_update_on_startup=false", "-c", 'web_search="disabled"', "-c", "analytics.enabled=false",
            "-",  # the prompt comes on stdin
        ]  # fmt: skip
        env = {"HOME": home, "CODEX_HOME": f"{home}/.codex", KEY_VAR: "worktrial-gateway", "NO_COLOR": "1"}
        return Launch(argv, env, mkdir=(f"{home}/.codex",))

    def parse(self, lines: Iterable[str]) -> Transcript:
        t = Transcript(self.name)
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:
                t.unparsed += 1
                continue
            if isinstance(event, dict):
                _event(t, event)
        return t


def _event(t: Transcript, event: dict[str, Any]) -> None:
    kind = event.get("type")
    if kind == "turn.completed":
        t.turns += 1
        t.add_usage(**(event.get("usage") or {}))
    elif kind == "turn.failed":
        t.turns += 1
        t.error(str((event.get("error") or {}).get("message", "turn failed")))
    elif kind == "error":
        t.error(str(event.get("message", "")))
    elif kind == "item.completed" and isinstance(event.get("item"), dict):
        _item(t, event["item"])


def _item(t: Transcript, item: dict[str, Any]) -> None:
    kind, item_id = item.get("type"), str(item.get("id", ""))
    ok = item.get("status") in (None, "completed")
    if kind == "agent_message":
        t.message(str(item.get("text", "")))
    elif kind == "reasoning":
        t.events.append(("reasoning", {"harness": t.harness, "text": str(item.get("text", ""))[:4000]}))
    elif kind == "command_execution":
        t.tool_call(item_id, "command_execution", {"command": str(item.get("command", ""))})
        code = item.get("exit_code")
        t.tool_result(item_id, "command_execution", ok and code == 0, str(item.get("aggregated_output", "")),
                      exit_code=code)  # fmt: skip
    elif kind == "file_change":
        changes = [{"path": c.get("path"), "kind": c.get("kind")} for c in item.get("changes") or []]
        t.tool_call(item_id, "file_change", {"changes": changes})
        t.tool_result(item_id, "file_change", ok, str(item.get("status", "")))
    elif kind == "mcp_tool_call":
        tool = f"mcp:{item.get('server')}/{item.get('tool')}"
        t.tool_call(item_id, tool, {"arguments": json.dumps(item.get("arguments"))})
        t.tool_result(item_id, tool, ok, json.dumps(item.get("result") or item.get("error")))
    elif kind == "web_search":
        t.tool_call(item_id, "web_search", {"query": str(item.get("query", ""))})
        t.tool_result(item_id, "web_search", False, "no network in the sandbox")
    elif kind == "error":
        t.error(str(item.get("message", "")))
