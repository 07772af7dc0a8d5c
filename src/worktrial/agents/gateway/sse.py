"""Server-sent events: encoding, and an incremental decoder for streams passed through from upstream."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


def encode(data: Any, event: str | None = None) -> bytes:
    """One event; `data` is JSON-encoded unless it is already a string (e.g. `[DONE]`)."""
    text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {text}\n\n".encode()


@dataclass(frozen=True)
class Event:
    event: str
    data: str

    def json(self) -> Any:
        """The data as JSON, or None when it is not (e.g. `[DONE]`)."""
        try:
            return json.loads(self.data)
        except ValueError:
            return None


class Decoder:
    """Feed it bytes as they arrive; it returns the events completed so far."""

    def __init__(self) -> None:
        self._buffer = b""

    def feed(self, data: bytes) -> list[Event]:
        self._buffer = (self._buffer + data).replace(b"\r\n", b"\n")  # a CR may end one chunk, its LF start the next
        events: list[Event] = []
        while b"\n\n" in self._buffer:
            block, self._buffer = self._buffer.split(b"\n\n", 1)
            name, lines = "", []
            for line in block.decode("utf-8", "replace").split("\n"):
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "event":
                    name = value
                elif field == "data":
                    lines.append(value)
            if lines:
                events.append(Event(name, "\n".join(lines)))
        return events
