"""The judgement steps of the funnel — is the session self-contained, what single-turn instruction states it, which
role class and skill subclass it belongs to, what a strong deliverable must reflect — done offline by fixed rules,
so a bundled build reproduces byte for byte.

`OfflineReviewer` is the deterministic path; a model-backed reviewer implements the same `Reviewer` protocol and
its answers are cached so a build can be replayed (build.py records which one ran).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

from .archive import ROLE_CLASSES, Session
from .gates import Passed, restore

# Words that point outside the session: the task would need what was said or sent elsewhere.
OUTSIDE = re.compile(
    r"\b(as (we )?discussed|like last time|the usual (format|way|template)|you know (which|the one)|"
    r"from (yesterday|last week)'?s? (call|meeting)|the file i sent (earlier|before)|same as before)\b",
    re.IGNORECASE,
)
MEDIA = {
    "md": "a Markdown document",
    "txt": "a plain-text file",
    "html": "an HTML page",
    "docx": "a Word document",
    "xlsx": "a spreadsheet",
    "csv": "a CSV table",
    "pptx": "a slide deck",
    "json": "a JSON file",
    "pdf": "a PDF document",
    "png": "an image",
}
SUBCLASSES: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "product_project": [
        ("status_reporting", ("status", "progress", "milestone", "rag")),
        ("spec_writing", ("spec", "requirement", "user stor", "acceptance")),
        ("presentation_delivery", ("deck", "slides", "presentation")),
        ("planning", ("plan", "roadmap", "timeline", "schedule")),
    ],
    "engineering_it": [
        ("scripting", ("script", "python", "bash", "sql", "query")),
        ("incident_writeup", ("incident", "outage", "postmortem", "root cause")),
        ("configuration", ("config", "yaml", "settings", "cron")),
        ("data_cleaning", ("clean", "dedup", "csv", "merge")),
    ],
    "hr_admin": [
        ("policy_drafting", ("policy", "handbook", "guideline")),
        ("rota_and_leave", ("rota", "leave", "holiday", "shift", "absence")),
        ("onboarding", ("onboard", "induction", "welcome", "new starter")),
        ("headcount_records", ("headcount", "org chart", "contract", "salary")),
    ],
    "executive": [
        ("briefing", ("brief", "summary", "summarise", "one-pager")),
        ("board_paper", ("board", "committee", "paper")),
        ("decision_memo", ("decision", "options", "recommend")),
    ],
    "sales_customer": [
        ("proposal", ("proposal", "quote", "pricing", "tender")),
        ("customer_reply", ("reply", "complaint", "customer", "respond")),
        ("account_review", ("account", "pipeline", "renewal", "churn")),
    ],
    "marketing": [
        ("copywriting", ("copy", "newsletter", "post", "blog", "tagline")),
        ("campaign_analysis", ("campaign", "open rate", "click", "conversion")),
        ("event_planning", ("event", "webinar", "trade show", "stand")),
    ],
    "finance_ops": [
        ("reconciliation", ("reconcil", "match", "bank", "ledger")),
        ("budgeting", ("budget", "forecast", "variance")),
        ("supplier_analysis", ("supplier", "invoice", "purchase", "spend")),
    ],
}
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    role: tuple(w for _sub, words in subs for w in words) for role, subs in SUBCLASSES.items()
}
DIMENSION_WEIGHTS: dict[str, dict[str, float]] = {
    "xlsx": {"grounded_accuracy": 0.35, "task_relevance": 0.2, "substantive_depth": 0.15, "practical_utility": 0.2,
             "communication_quality": 0.1},
    "csv": {"grounded_accuracy": 0.4, "task_relevance": 0.2, "substantive_depth": 0.1, "practical_utility": 0.2,
            "communication_quality": 0.1},
    "pptx": {"grounded_accuracy": 0.25, "task_relevance": 0.2, "substantive_depth": 0.15, "practical_utility": 0.15,
             "communication_quality": 0.25},
    "html": {"grounded_accuracy": 0.2, "task_relevance": 0.25, "substantive_depth": 0.15, "practical_utility": 0.2,
             "communication_quality": 0.2},
}  # fmt: skip
DEFAULT_WEIGHTS = {
    "grounded_accuracy": 0.3,
    "task_relevance": 0.2,
    "substantive_depth": 0.2,
    "practical_utility": 0.2,
    "communication_quality": 0.1,
}


@dataclass(frozen=True)
class Verdict:
    self_contained: bool
    reason: str  # ok, needed_clarification, outside_context, no_accepted_output
    detail: str = ""


@dataclass(frozen=True)
class Taxonomy:
    role_class: str
    skill_subclass: str
    confidence: str  # directory (the user's team said so) or keywords


@dataclass(frozen=True)
class Rewrite:
    instruction: str
    inputs: list[str] = field(default_factory=list)  # paths relative to /workspace


class Reviewer(Protocol):
    name: str

    def self_contained(self, session: Session, passed: Passed) -> Verdict: ...
    def taxonomy(self, session: Session, passed: Passed) -> Taxonomy: ...
    def rewrite(self, session: Session, passed: Passed, inputs: list[str], outputs: list[str]) -> Rewrite: ...


def clean(text: str) -> str:
    """A chat message as an instruction: no @mentions, no leading greetings of the agent, tidy blanks."""
    text = re.sub(r"(?<![\w.])@[\w.-]+", "", text)  # a mention, not the domain of an address
    text = re.sub(r"^\s*(hi|hey|hello)\b[^,\n]*,?\s*", "", text, flags=re.IGNORECASE)
    return "\n".join(" ".join(line.split()) for line in text.strip().splitlines()).strip()


class OfflineReviewer:
    """Fixed rules, no model: the reproducible path of a bundled build."""

    name = "offline-rules-1"

    def self_contained(self, session: Session, passed: Passed) -> Verdict:
        if not any(o.accepted for o in session.outputs):
            return Verdict(False, "no_accepted_output", "the user took none of the agent's files")
        asks = [restore(m.text, passed.recovered) for m in session.messages if m.author == "user"]
        outside = next((m.group(0) for a in asks if (m := OUTSIDE.search(a))), None)
        if outside:
            return Verdict(False, "outside_context", f"the ask refers to what is not in the session: {outside!r}")
        first_output = min((t.at for t in session.tools if t.tool == "write_file"), default=None)
        for i, msg in enumerate(session.messages):
            if first_output is not None and msg.at >= first_output:
                break
            later_user = any(n.author == "user" for n in session.messages[i + 1 :])
            if msg.author == "agent" and msg.text.rstrip().endswith("?") and later_user:
                return Verdict(False, "needed_clarification", f"the agent had to ask: {msg.text.strip()[:120]!r}")
        return Verdict(True, "ok")

    def taxonomy(self, session: Session, passed: Passed) -> Taxonomy:
        ask = restore(" ".join(m.text for m in session.messages if m.author == "user"), passed.recovered).lower()
        role: str
        if session.role_hint is not None:
            role, confidence = session.role_hint, "directory"
        else:
            counts = {r: sum(ask.count(w) for w in words) for r, words in ROLE_WORDS.items()}
            role, confidence = max(sorted(counts), key=lambda r: counts[r]), "keywords"
        subs = SUBCLASSES[role]
        scores = [(sum(ask.count(w) for w in words), -i, sub) for i, (sub, words) in enumerate(subs)]
        best = max(scores)
        return Taxonomy(role, f"{role}__{best[2]}", confidence)

    def rewrite(self, session: Session, passed: Passed, inputs: list[str], outputs: list[str]) -> Rewrite:
        users = [m for m in session.messages if m.author == "user"]
        first, *more = [clean(restore(m.text, passed.recovered)) for m in users]
        lines = [first]
        amendments = [t for m, t in zip(users[1:], more, strict=True) if m.follow_up and t]
        if amendments:
            lines += ["", "Also:"] + [f"- {t}" for t in amendments]
        if inputs:
            lines += ["", "Input files:"] + [f"- `{p}`" for p in inputs]
        kinds: dict[str, int] = {}
        for name in outputs:
            ext = name.rsplit(".", 1)[-1].lower()
            kinds[ext] = kinds.get(ext, 0) + 1
        wanted = ", ".join(f"{n} × {MEDIA.get(ext, ext + ' file')} (.{ext})" for ext, n in sorted(kinds.items()))
        example = ", ".join(f"`{o}`" for o in outputs)
        lines += [
            "",
            "Delivery requirements:",
            f"- Write {wanted} into `output/`; names may be chosen but should relate to the task (e.g. {example}).",
            "- Base every figure and statement on the input files; say briefly at the end where the deliverable is.",
        ]
        return Rewrite("\n".join(lines).strip() + "\n", inputs)


def rubric_weights(outputs: list[str]) -> dict[str, float]:
    ext = outputs[0].rsplit(".", 1)[-1].lower() if outputs else ""
    return dict(DIMENSION_WEIGHTS.get(ext, DEFAULT_WEIGHTS))


__all__ = [
    "MEDIA",
    "ROLE_CLASSES",
    "SUBCLASSES",
    "OfflineReviewer",
    "Reviewer",
    "Rewrite",
    "Taxonomy",
    "Verdict",
    "clean",
    "rubric_weights",
]
