"""The provider protocol: one chat call with tools, in a wire-neutral shape."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

Role = Literal["system", "user", "assistant", "tool"]

# "auto": the model decides; "required": some tool must be called; "none": no tool may be called;
# any other value is the name of the one tool the model must call.
ToolChoice = str
MODES = ("auto", "required", "none")


@dataclass(frozen=True)
class ToolSpec:
    """A function the model may call; `parameters` is a JSON Schema object."""

    name: str
    description: str
    parameters: dict[str, Any]


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]
    raw_arguments: str = ""
    error: str = ""  # set when the arguments were not a JSON object


@dataclass(frozen=True)
class Message:
    role: Role
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str = ""  # role "tool": the call this result answers
    name: str = ""  # role "tool": the tool's name


@dataclass(frozen=True)
class Usage:
    """Tokens of one call. `input` excludes cached tokens: `cache_read` and `cache_write` are counted apart."""

    input: int = 0
    output: int = 0
    cache_read: int = 0
    cache_write: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input + other.input,
            self.output + other.output,
            self.cache_read + other.cache_read,
            self.cache_write + other.cache_write,
        )

    @property
    def prompt(self) -> int:
        """Everything the model read: new input plus cached input."""
        return self.input + self.cache_read + self.cache_write


@dataclass(frozen=True)
class ModelResponse:
    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage = field(default_factory=Usage)
    model: str = ""
    raw_finish_reason: str = ""


class ProviderError(RuntimeError):
    """The model could not be reached or kept failing: an infrastructure failure, never the agent's fault."""

    def __init__(self, message: str, *, attempts: int = 0, status: int | None = None) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.status = status


@runtime_checkable
class Provider(Protocol):
    """A chat model behind some API. `model_id` is worktrial's id, e.g. `anthropic/claude-sonnet-4-5`."""

    model_id: str

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSpec] = (),
        tool_choice: ToolChoice = "auto",
        max_tokens: int = 1024,
    ) -> ModelResponse: ...

    async def aclose(self) -> None: ...
