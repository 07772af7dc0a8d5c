"""A model-backed reviewer: the funnel's judgement steps asked of a configured model, cached and replayable.

Each step — is the session self-contained, which role class and skill subclass, the single-turn instruction — is
one prompt to the model through the one model-client layer. Its answer is cached under `cache/` by the digest of
the model id and the prompt, so a second build with the same archive and cache asks nothing and writes the same
bytes (`replay=True` makes a cache miss an error instead of a call). What must be exact stays with the fixed
rules: a session with no accepted output is never self-contained, and the input list and delivery requirements
are the offline reviewer's. An answer the reviewer cannot use (not JSON, an unknown class, an empty text) falls
back to the offline rules for that step and is counted, never guessed at.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

from ...agents.providers.base import Message, ProviderError
from ...agents.providers.factory import ProviderOptions, make_provider
from ...agents.providers.retry import RetryPolicy
from .archive import ROLE_CLASSES, Session
from .gates import Passed, restore
from .review import SUBCLASSES, OfflineReviewer, Rewrite, Taxonomy, Verdict, clean

MAX_TOKENS = 400
REASONS = ("ok", "needed_clarification", "outside_context")


class ReviewUnavailable(RuntimeError):
    """The model could not be asked (or a replay found no cached answer): the build stops, nothing is written."""


class ModelReviewer:
    """`spec` is a model id, optionally with `?retries=N&retry_delay_s=S` (how an outage is retried)."""

    def __init__(self, spec: str, cache: Path, replay: bool = False) -> None:
        model_id, _, query = spec.partition("?")
        options = dict(item.partition("=")[::2] for item in query.split("&") if item)
        unknown = set(options) - {"retries", "retry_delay_s"}
        if unknown:
            raise ReviewUnavailable(f"reviewer {spec!r}: unknown option(s) {', '.join(sorted(unknown))}")
        try:
            self.retry = RetryPolicy(
                retries=int(options.get("retries", RetryPolicy().retries)),
                base_delay_s=float(options.get("retry_delay_s", RetryPolicy().base_delay_s)),
            )
        except ValueError:
            raise ReviewUnavailable(f"reviewer {spec!r}: retries and retry_delay_s must be numbers") from None
        self.model_id, self.cache, self.replay = model_id, cache, replay
        self.name = f"model:{model_id}"
        self.offline = OfflineReviewer()
        self.fallbacks: Counter[str] = Counter()  # step -> answers the rules replaced
        self.calls = 0

    def _ask(self, step: str, prompt: str) -> str:
        digest = hashlib.sha256(f"{self.model_id}\n{step}\n{prompt}".encode()).hexdigest()
        path = self.cache / f"{step}-{digest[:32]}.json"
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            if record.get("digest") == digest and isinstance(record.get("answer"), str):
                return str(record["answer"])
        except (OSError, ValueError, AttributeError):
            pass
        if self.replay:
            raise ReviewUnavailable(f"replay: no cached {step} answer of {self.model_id} in {self.cache}")
        answer = asyncio.run(self._complete(prompt))
        self.calls += 1
        self.cache.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"model": self.model_id, "step": step, "digest": digest, "answer": answer}) + "\n")
        tmp.replace(path)
        return answer

    async def _complete(self, prompt: str) -> str:
        provider = make_provider(self.model_id, ProviderOptions(retry=self.retry))
        try:
            reply = await provider.complete([Message("user", prompt)], max_tokens=MAX_TOKENS)
        except ProviderError as e:
            raise ReviewUnavailable(f"reviewer {self.model_id}: {e}") from None
        finally:
            await provider.aclose()
        return reply.text or ""

    def _json(self, step: str, prompt: str) -> dict[str, Any] | None:
        text = self._ask(step, prompt).strip()
        start, end = text.find("{"), text.rfind("}")
        try:
            value = json.loads(text[start : end + 1]) if start >= 0 and end > start else None
        except ValueError:
            value = None
        return value if isinstance(value, dict) else None

    def self_contained(self, session: Session, passed: Passed) -> Verdict:
        if not any(o.accepted for o in session.outputs):
            return self.offline.self_contained(session, passed)
        answer = self._json(
            "self_contained",
            "Could an assistant do the user's request below from these messages and their attached files alone, "
            "without asking anything or knowing earlier conversations? Answer JSON: "
            '{"self_contained": true|false, "reason": "ok"|"needed_clarification"|"outside_context", '
            '"detail": "one sentence"}.\n\n' + _conversation(session, passed),
        )
        if answer is None or not isinstance(answer.get("self_contained"), bool) or answer.get("reason") not in REASONS:
            self.fallbacks["self_contained"] += 1
            return self.offline.self_contained(session, passed)
        ok = bool(answer["self_contained"])
        reason = "ok" if ok else str(answer["reason"]) if answer["reason"] != "ok" else "outside_context"
        return Verdict(ok, reason, str(answer.get("detail", ""))[:200])

    def taxonomy(self, session: Session, passed: Passed) -> Taxonomy:
        if session.role_hint is not None:  # the user's own team says so: no judgement needed
            return self.offline.taxonomy(session, passed)
        options = "; ".join(f"{r}: {', '.join(s for s, _ in SUBCLASSES[r])}" for r in ROLE_CLASSES)
        answer = self._json(
            "taxonomy",
            "Which role class and skill subclass does this workplace request belong to? Options (class: "
            f'subclasses): {options}. Answer JSON: {{"role_class": "...", "skill_subclass": "..."}}.\n\n'
            + _conversation(session, passed),
        )
        role = answer.get("role_class") if answer else None
        sub = answer.get("skill_subclass") if answer else None
        if role not in SUBCLASSES or sub not in {s for s, _ in SUBCLASSES[str(role)]}:
            self.fallbacks["taxonomy"] += 1
            return self.offline.taxonomy(session, passed)
        return Taxonomy(str(role), f"{role}__{sub}", "model")

    def rewrite(self, session: Session, passed: Passed, inputs: list[str], outputs: list[str]) -> Rewrite:
        rules = self.offline.rewrite(session, passed, inputs, outputs)
        text = clean(
            self._ask(
                "rewrite",
                "Rewrite the user's messages below as one self-contained request, in the user's voice, keeping every "
                "figure, name and requirement and dropping greetings and chatter. Answer with the request only.\n\n"
                + "\n".join(f"- {restore(m.text, passed.recovered)}" for m in session.messages if m.author == "user"),
            )
        )
        if not text:
            self.fallbacks["rewrite"] += 1
            return rules
        structure = rules.instruction[rules.instruction.find("\n\nInput files:") :]
        if "\n\nInput files:" not in rules.instruction:
            structure = rules.instruction[rules.instruction.find("\n\nDelivery requirements:") :]
        return Rewrite(text + structure, rules.inputs)


def _conversation(session: Session, passed: Passed) -> str:
    lines = [f"{m.author}: {restore(m.text, passed.recovered)}" for m in session.messages]
    files = [a.name for a in session.attachments]
    return "\n".join(lines + ([f"attached files: {', '.join(files)}"] if files else []))
