"""What an external harness did, read from its JSON event stream: trajectory events, counts, its own usage."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..react.context import clip

ARG_CHARS = 2000
OUTPUT_CHARS = 4000


@dataclass
class Transcript:
    harness: str
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    actions: int = 0  # tool calls the harness made
    turns: int = 0
    errors: list[str] = field(default_factory=list)
    reported_usage: dict[str, int] = field(default_factory=dict)  # the harness's own count, for comparison
    final_text: str = ""
    unparsed: int = 0  # lines that were not JSON events

    def message(self, text: str) -> None:
        if text:
            self.final_text = text
            self.events.append(("message", {"harness": self.harness, "text": clip(text, OUTPUT_CHARS)}))

    def tool_call(self, call_id: str, tool: str, arguments: dict[str, Any]) -> None:
        self.actions += 1
        args = {k: clip(v, ARG_CHARS) if isinstance(v, str) else v for k, v in arguments.items()}
        self.events.append(
            ("tool_call", {"harness": self.harness, "step": self.actions, "call_id": call_id, "tool": tool,
                           "arguments": args})
        )  # fmt: skip

    def tool_result(self, call_id: str, tool: str, ok: bool, output: str, **extra: Any) -> None:
        self.events.append(
            ("tool_result", {"harness": self.harness, "step": self.actions, "call_id": call_id, "tool": tool,
                             "ok": ok, "output": clip(output, OUTPUT_CHARS), **extra})
        )  # fmt: skip

    def error(self, text: str) -> None:
        self.errors.append(text)
        self.events.append(("harness_error", {"harness": self.harness, "message": clip(text, OUTPUT_CHARS)}))

    def add_usage(self, **counts: Any) -> None:
        for key, value in counts.items():
            if isinstance(value, int | float):
                self.reported_usage[key] = self.reported_usage.get(key, 0) + int(value)
