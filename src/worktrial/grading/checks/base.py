"""What every check gets (the context) and gives back (an outcome)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .files import Tree

if TYPE_CHECKING:
    from ..taskcode import TaskCode

Runner = Callable[[list[str], Path], tuple[int, str, str]]
"""Runs `argv` with `workdir` as its working folder, isolated (a sandbox); returns (exit code, stdout, stderr)."""

MAX_EVIDENCE = 1500


@dataclass(frozen=True)
class JudgeAnswer:
    yes: bool
    rationale: str = ""


class Judge(Protocol):
    """Answers one narrow yes/no question from the evidence given (text, or page images)."""

    def ask(self, question: str, *, text: str | None = None, images: tuple[Path, ...] = ()) -> JudgeAnswer: ...


@dataclass(frozen=True)
class Outcome:
    """`value` in [0, 1], or None when the check could not be judged (then it counts for nothing).

    `error` is set for an infrastructure problem (a tool missing, the sandbox failing), never for a fault of
    the delivered files.
    """

    value: float | None
    evidence: str
    error: str | None = None
    dimensions: dict[str, float] | None = None  # a rubric's score per dimension (0–10)

    @classmethod
    def passed(cls, evidence: str = "ok") -> Outcome:
        return cls(1.0, evidence)

    @classmethod
    def failed(cls, evidence: str) -> Outcome:
        return cls(0.0, evidence)

    @classmethod
    def binary(cls, ok: bool, evidence: str) -> Outcome:
        return cls(1.0 if ok else 0.0, evidence)

    @classmethod
    def unavailable(cls, why: str) -> Outcome:
        return cls(None, f"not evaluated: {why}", error=why)


@dataclass
class CheckContext:
    output: Tree
    reference: Tree
    judge: Judge | None = None
    runner: Runner | None = None
    hidden: Path | None = None  # the instance's hidden/ folder (after overlay), for custom `python` checks
    task_code: TaskCode | None = None  # runs custom `python` checks in their own process
    params: dict[str, Any] = field(default_factory=dict)
    cache: dict[tuple[str, str], Any] = field(default_factory=dict)  # (what, file) → parsed, shared by checks

    def cached(self, what: str, rel: str, make: Callable[[], Any]) -> Any:
        key = (what, rel)
        if key not in self.cache:
            try:
                self.cache[key] = make()
            except Exception as e:  # remembered, so a second check of the same file fails the same way
                self.cache[key] = e
        value = self.cache[key]
        if isinstance(value, Exception):
            raise value
        return value


@dataclass
class Tally:
    """Items of a check that passed or failed; the value is the share passed."""

    passed: int = 0
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, ok: bool, failure: str) -> None:
        if ok:
            self.passed += 1
        else:
            self.failures.append(failure)

    def outcome(self) -> Outcome:
        """The share passed; a check with no item at all earns nothing (there was nothing to give credit for)."""
        total = self.passed + len(self.failures)
        if total == 0:
            return Outcome.failed(clip("; ".join(["nothing to check", *self.notes])))
        head = f"{self.passed}/{total} passed"
        parts = [head, *self.failures, *self.notes]
        return Outcome(self.passed / total, clip("; ".join(parts)))


def clip(text: str, limit: int = MAX_EVIDENCE) -> str:
    return text if len(text) <= limit else text[: limit - 15] + " … (truncated)"


def listing(items: list[str], limit: int = 5) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")
