"""Skill creators: distil a skill from a consumer's trials — what it was asked, what it did, how it was judged.

A creator is `offline` (fixed rules over the judge's feedback, so an experiment reproduces without a model) or a
model id (`local/smollm2`, `openai/...`, through the one model-client layer). A model creator writes the body;
the name and description are the experiment's, so a small model's formatting cannot break the skill file. Its
answer is cached by the digest of everything it was shown, so an experiment re-run replays the same skill.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .providers.base import Message, ProviderError
from .providers.factory import make_provider
from .skills import Skill

OFFLINE = "offline"
MAX_BODY_CHARS = 6000
MAX_ACTIONS_SHOWN = 12


@dataclass(frozen=True)
class Feedback:
    """One training trial of the consumer, as the creator sees it."""

    instance: str
    brief: str
    score: float | None
    misses: list[str] = field(default_factory=list)  # failed checks and low rubric rows, with their evidence
    dimensions: dict[str, float] = field(default_factory=dict)  # rubric dimension → 0–10, where judged
    actions: list[str] = field(default_factory=list)  # the consumer's commands, in order


def feedback_of(instance: str, brief: str, scorecard: dict[str, Any], trajectory: Path) -> Feedback:
    """A trial's feedback from its stored score card and trajectory."""
    misses, dims = [], {}
    for c in scorecard.get("components", []):
        value = c.get("value")
        if value is not None and value < 0.999:
            evidence = " ".join(str(c.get("evidence", "")).split())[:240]
            misses.append(f"{c.get('name')}: {value:.2f}" + (f" — {evidence}" if evidence else ""))
        for k, v in (c.get("dimensions") or {}).items():
            dims[k] = float(v)
    actions: list[str] = []
    if trajectory.is_file():
        for line in trajectory.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict) and event.get("type") == "tool_call":
                args = event.get("arguments", event.get("argv", ""))
                actions.append(f"{event.get('tool', 'run_command')} {json.dumps(args)[:200]}")
    return Feedback(instance, brief, scorecard.get("score"), misses, dims, actions[-MAX_ACTIONS_SHOWN:])


def feedback_digest(role_class: str, feedback: Sequence[Feedback]) -> str:
    text = json.dumps({"role_class": role_class, "feedback": [asdict(f) for f in feedback]}, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def skill_name(role_class: str) -> str:
    return f"{role_class.replace('_', '-')}-deliverables"[:64]


def skill_description(role_class: str) -> str:
    return f"How to produce {role_class.replace('_', ' ')} deliverables that meet the client's hard rules and rubric."


def distil_offline(role_class: str, feedback: Sequence[Feedback]) -> Skill:
    """A checklist from the judge's feedback: the checks most often missed first, then the weakest dimensions."""
    counts: dict[str, int] = {}
    for f in feedback:
        for miss in f.misses:
            check = miss.split(":", 1)[0]
            counts[check] = counts.get(check, 0) + 1
    dims: dict[str, list[float]] = {}
    for f in feedback:
        for k, v in f.dimensions.items():
            dims.setdefault(k, []).append(v)
    lines = [
        f"Use this on {role_class.replace('_', ' ')} tasks: a single-turn request with input files and a deliverable.",
        "",
        "1. Read the instruction's delivery requirements first: the file name, the format and every section asked for.",
        "2. Open every input file with code and take the figures and names from them, never from memory.",
        "3. Before handing in, check the deliverable against each requirement, one by one.",
    ]
    if counts:
        lines += ["", "Checks earlier attempts failed most often (fix these first):"]
        lines += [f"- {name} (missed in {n} of {len(feedback)} tasks)" for name, n in sorted(counts.items(), key=_most)]
        examples = [m for f in feedback for m in f.misses if " — " in m][:5]
        if examples:
            lines += ["", "What the grader said:"] + [f"- {m}" for m in examples]
    if dims:
        weakest = sorted(dims.items(), key=lambda kv: sum(kv[1]) / len(kv[1]))[:3]
        lines += ["", "Rubric dimensions judged weakest (out of 10):"]
        lines += [f"- {k}: {sum(v) / len(v):.1f}" for k, v in weakest]
    return Skill(skill_name(role_class), skill_description(role_class), "\n".join(lines))


def _most(item: tuple[str, int]) -> tuple[int, str]:
    return (-item[1], item[0])


PROMPT = """You write a short skill file that will help an assistant do better on new tasks of the same kind \
({role_class}). Below are earlier tasks, what the assistant did and how a grader judged the result. Write \
concise, general instructions (a checklist) that would have avoided the failures; do not mention the \
specific tasks, files or figures. Answer with the instructions only.

{cases}"""


def creator_prompt(role_class: str, feedback: Sequence[Feedback]) -> str:
    cases = []
    for i, f in enumerate(feedback, 1):
        score = "void" if f.score is None else f"{f.score:.2f}"
        cases.append(
            f"Task {i} (score {score}):\n{f.brief.strip()[:1200]}\nActions: {'; '.join(f.actions) or 'none'}\n"
            f"Grader: {'; '.join(f.misses) or 'no failed checks'}"
        )
    return PROMPT.format(role_class=role_class.replace("_", " "), cases="\n\n".join(cases))


class CreatorFailed(RuntimeError):
    """The creator's model gave no usable skill (an outage, an empty answer): the cell is void, not zero."""


async def distil_with_model(model_id: str, role_class: str, feedback: Sequence[Feedback], max_tokens: int) -> str:
    provider = make_provider(model_id)
    try:
        reply = await provider.complete([Message("user", creator_prompt(role_class, feedback))], max_tokens=max_tokens)
    except ProviderError as e:
        raise CreatorFailed(f"creator {model_id}: {e}") from None
    finally:
        await provider.aclose()
    body = (reply.text or "").strip()[:MAX_BODY_CHARS]
    if not body:
        raise CreatorFailed(f"creator {model_id}: an empty answer")
    return body


def cache_file(cache: Path, creator: str, digest: str) -> Path:
    return cache / f"{hashlib.sha256(creator.encode()).hexdigest()[:8]}-{digest[:24]}.json"


async def distil(creator: str, role_class: str, feedback: Sequence[Feedback], cache: Path, max_tokens: int) -> Skill:
    """The skill `creator` distils; a cached answer for the same feedback is replayed instead of asked again."""
    if creator == OFFLINE:
        return distil_offline(role_class, feedback)
    digest = feedback_digest(role_class, feedback)
    path = cache_file(cache, creator, digest)
    cached = _cached(path, creator, digest)
    if cached is None:
        cached = await distil_with_model(creator, role_class, feedback, max_tokens)
        cache.mkdir(parents=True, exist_ok=True)
        record = {"creator": creator, "feedback_digest": digest, "body": cached}
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)  # a reader never sees half an answer
    return Skill(skill_name(role_class), skill_description(role_class), cached)


def _cached(path: Path, creator: str, digest: str) -> str | None:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(record, dict) and record.get("creator") == creator and record.get("feedback_digest") == digest:
        body = record.get("body")
        return body if isinstance(body, str) and body.strip() else None
    return None
