"""`LLMJudge`: the `Judge` of rubric probes, and the rater of the 5-dimension rubric, on any `ChatBackend`.

Every answer is pinned (provider, endpoint, model, prompt-template hash), cached on disk under that pin, and
asked at temperature 0. A failed or unreadable reply is retried with backoff; when the retries are spent the
judge raises `JudgeUnavailable`, which grading turns into `status=error`, never into a score.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TypeVar

from ..checks.base import JudgeAnswer
from . import prompts
from .backend import Backoff, ChatBackend, ChatRequest
from .cache import AnswerCache, cache_key, evidence_hash
from .errors import BackendFailure, JudgeUnavailable
from .parse import DimensionScore, parse_rubric, parse_yes_no

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class JudgePin:
    """What an answer depends on besides the evidence; recorded next to every judged value."""

    provider: str
    endpoint: str
    model: str
    template: str

    @property
    def label(self) -> str:
        where = f" at {self.endpoint}" if self.endpoint else ""
        return f"{self.provider}/{self.model}{where} tpl {self.template}"

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


@dataclass(frozen=True)
class RubricRating:
    scores: dict[str, DimensionScore]
    pin: JudgePin
    cached: bool = False


@dataclass
class JudgeStats:
    requests: int = 0  # requests sent to the model, failed ones included
    cache_hits: int = 0
    retries: int = 0


@dataclass
class LLMJudge:
    backend: ChatBackend
    cache_dir: Path | None = None
    backoff: Backoff = field(default_factory=Backoff)
    max_text_chars: int | None = None  # the judge's own limit on text evidence (its context window)
    probe_max_tokens: int = 256
    rubric_max_tokens: int = 768
    sleep: Callable[[float], None] = time.sleep
    stats: JudgeStats = field(default_factory=JudgeStats)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def pin(self) -> JudgePin:
        template = prompts.template_hash(self.backend.structured, self.probe_max_tokens, self.rubric_max_tokens)
        return JudgePin(self.backend.provider, self.backend.endpoint, self.backend.model, template)

    @property
    def cache(self) -> AnswerCache | None:
        return AnswerCache(self.cache_dir) if self.cache_dir is not None else None

    # ------------------------------------------------------------------ the two kinds of question

    def ask(self, question: str, *, text: str | None = None, images: tuple[Path, ...] = ()) -> JudgeAnswer:
        """A yes/no answer; the rationale starts with the judge's pin."""
        text, pictures, what = self._evidence(text, images)
        schema = prompts.probe_schema(bounded=self.backend.structured == "json_object")
        request = ChatRequest(
            prompts.PROBE_SYSTEM, prompts.probe_prompt(question, text or "(see the attached images)", what),
            pictures, "yes_no_answer", schema, self.probe_max_tokens,
        )  # fmt: skip
        answer, _ = self._answer(f"probe\0{question}", request, text, parse_yes_no)
        return JudgeAnswer(answer.yes, f"[judge {self.pin.label}] {answer.rationale}".strip())

    def rate(
        self, task: str, key_evidence: Sequence[str], *, text: str | None = None, images: tuple[Path, ...] = ()
    ) -> RubricRating:
        """Scores 0–10 with justifications on the five rubric dimensions."""
        text, pictures, what = self._evidence(text, images)
        schema = prompts.rubric_schema(bounded=self.backend.structured == "json_object")
        prompt = prompts.rubric_prompt(task, key_evidence, text or "(see the attached images)", what)
        request = ChatRequest(prompts.RUBRIC_SYSTEM, prompt, pictures, "rubric_scores", schema, self.rubric_max_tokens)
        question = "rubric\0" + json.dumps([task, list(key_evidence)])
        scores, cached = self._answer(question, request, text, parse_rubric)
        return RubricRating(scores, self.pin, cached)

    # ------------------------------------------------------------------ machinery

    def _evidence(self, text: str | None, images: tuple[Path, ...]) -> tuple[str | None, tuple[bytes, ...], str]:
        if images and not self.backend.vision:
            raise JudgeUnavailable(f"the judge {self.pin.label} cannot see images: configure a vision model")
        if text is not None and self.max_text_chars is not None and len(text) > self.max_text_chars:
            text = text[: self.max_text_chars] + "\n… (cut to the judge's limit)"
        pictures = tuple(p.read_bytes() for p in images)
        parts = ["extracted text"] if text is not None else []
        if images:
            parts.append(f"{len(images)} images attached")
        return text, pictures, "; ".join(parts) or "none"

    def _answer(
        self, question: str, request: ChatRequest, text: str | None, parse: Callable[[str], T | None]
    ) -> tuple[T, bool]:
        pin = self.pin
        key = cache_key(pin.label, question, evidence_hash(text, request.images))
        cache = self.cache
        if cache is not None and (record := cache.get(key)) is not None:
            remembered = parse(str(record.get("reply", "")))
            if remembered is not None:
                with self._lock:
                    self.stats.cache_hits += 1
                return remembered, True
        parsed, reply = self._call(request, parse, pin)
        if cache is not None:
            cache.put(key, {"pin": pin.as_dict(), "question": question, "reply": reply})
        return parsed, False

    def _call(self, request: ChatRequest, parse: Callable[[str], T | None], pin: JudgePin) -> tuple[T, str]:
        n = 0
        while True:
            with self._lock:
                self.stats.requests += 1
            try:
                reply = self.backend.complete(request)
            except BackendFailure as e:
                failure = e
            else:
                parsed = parse(reply)
                if parsed is not None:
                    return parsed, reply
                failure = BackendFailure(f"unreadable reply {reply[:200]!r}", retryable=True)
            if not failure.retryable or n >= self.backoff.retries:
                raise JudgeUnavailable(f"judge {pin.label}: {failure} (after {n + 1} tries)", attempts=n + 1)
            delay = self.backoff.delay(n, failure.retry_after)
            log.warning("judge %s: %s; retry %d/%d in %.2fs", pin.label, failure, n + 1, self.backoff.retries, delay)
            with self._lock:
                self.stats.retries += 1
            n += 1
            self.sleep(delay)
