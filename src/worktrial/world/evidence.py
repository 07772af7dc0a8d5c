"""Does a worker's message show a fact? The deterministic judge of `[fact.evidence]` (docs/world.md).

A message is cut into sentences. A claim is asserted by a sentence in which every concept group has a phrasing
that is neither negated ("not caused by ...", "rather than ..."), hedged ("maybe", "whether ...") nor reported
("Vantrel say ...") by a cue shortly before it; one group may come from the sentence before when this one
refers back to it ("they", "these", "such"). Parenthesised asides and enumerations ("a, b, c") are examples,
not the claim, and are left out of claims; a run of keywords without a single function word asserts nothing.
A figure is cited when a sentence holds a phrasing of each of its `near` groups and a quantity in the accepted
range and unit; a sentence listing more than `MAX_VALUES` values of that unit is a list, not a citation. A
counter-claim is asserted by a single clause, the same way, and contradicts the fact. A figure whose context is
there with values in its unit, none of them accepted, is *off*: the person says that figure does not match, so a
worker who worked a number out wrongly learns which one to check instead of being asked for it again.

Verdicts are per message; `EvidenceState` folds them over the messages to one person: met items accumulate,
a contradicting message withdraws them. The world records each verdict in the ledger, so a replay never judges
again -- which is also what lets a non-deterministic judge (an LLM behind `EvidenceJudge`) stay replayable.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from worktrial.tasks.evidence import KNOWN_UNITS, Claim, Evidence, Figure

from .numbers import Quantity, convert, quantities

MAX_VALUES = 4
NEGATION_WINDOW = 5  # words after a cue that it negates or hedges
EXPLAIN_SENTENCES = 3  # a claim's last concept may come from a sentence this close (see `_explained`)
EXPLAIN_WORDS = 8  # ... if both sentences have at least this many words

_ABBREVIATIONS = re.compile(r"\b(?:e\.g|i\.e|approx|vs|etc|ca|no|fig|cf)\.", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")
_PARENS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_CUE_RE = re.compile(
    r"\b(?:not|no|never|neither|nor|without|cannot|unlikely|ruled out|rule out|rather than|instead of|"
    r"\w+n't|maybe|perhaps|possibly|might|whether|wonder(?:ing)?|unsure|unclear|guess|suspect|"
    r"hypothes\w*|speculat\w*|could (?:it|that|this) be|could be|not sure|doubt|"
    r"says?|said|claim(?:s|ed)?|according to|alleg\w*|insist\w*|argu(?:e|es|ed|ing)|suggest\w*|told)\b",
    re.IGNORECASE,
)
# A reporting cue ("Vantrel says ...") scopes its whole clause, not just the next few words: what follows is
# someone else's statement however long it is.
_REPORT_CUE = re.compile(
    r"^(?:says?|said|claim(?:s|ed)?|according to|alleg\w*|insist\w*|argu(?:e|es|ed|ing)|suggest\w*|told)$",
    re.IGNORECASE,
)
# A yes/no question ("Do the cells lose time ...?") asks, it does not assert.
_YES_NO_QUESTION = re.compile(
    r"^\W*(?:(?:so|and|but|also|then)\W+)?(?:do|does|did|is|are|was|were|has|have|had|isn't|aren't|doesn't|"
    r"don't|didn't|wasn't|weren't)\b.*\?\W*$",
    re.IGNORECASE | re.DOTALL,
)
# Phrases that contain a cue word but negate, hedge or report nothing: "not only", a hyphenated compound noun
# ("a no-match result", "a no-show"), and "claim(s)" used as a noun ("the claims team", "scam claims").
_NOT_A_CUE = re.compile(
    r"\b(?:not only|not just|no doubt|no longer|no question|without doubt)\b|\bno-(?=\w)"
    r"|\b(?:the|our|their|its|these|those|such|new|open|scam|insurance|warranty|reimbursement|\d+)\s+claims?\b"
    r"|\bclaims?(?=\s+(?:team|data|register|table|file|handlers?|handling|process|history|list|queue|paid|were|are"
    r"|reimbursed|refunded|declined|up|down|rose|fell|jumped|doubled|grew|dropped|went|in|since|from|on|for|of|to"
    r"|under|with|by|at|and|or)\b)",
    re.IGNORECASE,
)
_BOUNDARY_RE = re.compile(
    r"[,;:()\[\]]|\s[-–—]\s|\b(?:but|however|whereas|although|though|yet|instead|while)\b",
    re.IGNORECASE,
)
_CLAUSE_SPLIT = re.compile(  # no colon: "Reason: speed." is one statement
    r"[,;()\[\]]|\s[-–—]\s|\b(?:but|however|whereas|although|though|yet|while)\b", re.IGNORECASE
)
MIN_LIST_RUN = 3  # comma-separated items of at most LIST_ITEM_WORDS words in a row make an enumeration
LIST_ITEM_WORDS = 3
_ANAPHOR = re.compile(r"\b(?:they|them|their|these|those|such)\b")
_WORD = re.compile(r"[\w'’-]+")
_FUNCTION_TEXT = """
    a an the of to in on at by for with from into onto off out over under through and or but so as than then
    is are was were be been being am it its they them their this that these those which who when where while
    because after before since until if we i you our us he she his her has have had do does did not no can
    will would should could may must there here
"""
_FUNCTION_WORDS = frozenset(_FUNCTION_TEXT.split())


@dataclass(frozen=True)
class MessageEvidence:
    """What one message shows of one fact: item keys met (`claim1`, `figure2`), counter-claims (`against1`) and
    figures cited with a value that is not accepted (`off`: `figure2`)."""

    met: tuple[str, ...] = ()
    against: tuple[str, ...] = ()
    off: tuple[str, ...] = ()

    def to_json(self) -> dict[str, list[str]]:
        out = {"met": list(self.met), "against": list(self.against)}
        if self.off:  # absent when empty, so ledgers written before `off` existed read the same
            out["off"] = list(self.off)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Iterable[str]]) -> MessageEvidence:
        return cls(tuple(data.get("met", ())), tuple(data.get("against", ())), tuple(data.get("off", ())))


class EvidenceJudge(Protocol):
    """Judges one message against one fact's evidence; the default is `RuleJudge`."""

    def judge(self, evidence: Evidence, message: str) -> MessageEvidence: ...


@dataclass(frozen=True)
class EvidenceState:
    """The items of one fact that the messages to one person have shown so far."""

    met: frozenset[str] = frozenset()
    against: tuple[str, ...] = ()  # counter-claims of the latest message, if it contradicted
    off: tuple[str, ...] = ()  # figures the latest message gave a value for that is not accepted

    def after(self, verdict: MessageEvidence) -> EvidenceState:
        """The state once one more message is read: a contradiction withdraws everything shown before."""
        if verdict.against:
            return EvidenceState(frozenset(), verdict.against)
        met = self.met | frozenset(verdict.met)
        return EvidenceState(met, (), tuple(k for k in verdict.off if k not in met))

    def shown(self, evidence: Evidence) -> bool:
        claims = all(f"claim{i}" in self.met for i in range(1, len(evidence.claims) + 1))
        figures = sum(f"figure{i}" in self.met for i in range(1, len(evidence.figures) + 1))
        return claims and figures >= evidence.needed


class RuleJudge:
    """The offline, deterministic judge: regular expressions, negation scope, numbers with units."""

    def judge(self, evidence: Evidence, message: str) -> MessageEvidence:
        sentences = [_Sentence.of(s) for s in split_sentences(message)]
        clauses = [_Sentence.of(c) for s in sentences for c in _CLAUSE_SPLIT.split(s.full) if c.strip()]
        against = [
            f"against{i}"
            for i, claim in enumerate(evidence.against, 1)
            if any(_asserted(clauses, n, claim) for n in range(len(clauses)))
        ]
        if against:
            return MessageEvidence((), tuple(against))
        met = [
            f"claim{i}"
            for i, claim in enumerate(evidence.claims, 1)
            if any(_asserted(sentences, n, claim) or _explained(sentences, n, claim) for n in range(len(sentences)))
        ]
        figures = list(enumerate(evidence.figures, 1))
        cited = [f"figure{i}" for i, figure in figures if any(s.cites(figure) for s in sentences)]
        off = [
            f"figure{i}"
            for i, figure in figures
            if f"figure{i}" not in cited and any(s.cites_other(figure) for s in sentences)
        ]
        return MessageEvidence(tuple(met + cited), (), tuple(off))


def _asserted(sentences: list[_Sentence], n: int, claim: Claim) -> bool:
    """Sentence (or clause) n asserts the claim; one concept may come from n-1 when n refers back to it."""
    here = sentences[n].groups(claim)
    if all(here):
        return True
    if n == 0 or here.count(False) > 1 or not sentences[n].refers_back:
        return False
    before = sentences[n - 1].groups(claim)
    return all(a or b for a, b in zip(here, before, strict=True))


def _explained(sentences: list[_Sentence], n: int, claim: Claim) -> bool:
    """The claim explained in two full sentences close together (a cause, then where it bites): sentence n
    states every concept but one, a sentence at most EXPLAIN_SENTENCES - 1 away states that one, both are
    statements of EXPLAIN_WORDS words or more, none negated or hedged. A worker who explains a cause step by step
    states it as surely as in one sentence; "Refunds. The export runs twice." still asserts nothing."""
    here = sentences[n].groups(claim)
    if here.count(False) != 1 or not sentences[n].substantial:
        return False
    gap = here.index(False)
    near = sentences[max(0, n - EXPLAIN_SENTENCES + 1) : n + EXPLAIN_SENTENCES]
    return any(s is not sentences[n] and s.substantial and s.groups(claim)[gap] for s in near)


def split_sentences(text: str) -> list[str]:
    protected = _ABBREVIATIONS.sub(lambda m: m.group().replace(".", "\0"), text.replace("’", "'"))
    parts = (p.replace("\0", ".").strip() for p in _SENTENCE_END.split(protected))
    return [p for p in parts if p]


@dataclass(frozen=True)
class _Sentence:
    full: str  # lowercased, as written
    claim_text: str  # without parenthesised asides and enumerations
    scopes: tuple[tuple[int, int], ...]  # negated, hedged or reported spans of claim_text
    usable: bool  # not a keyword run

    @classmethod
    def of(cls, text: str) -> _Sentence:
        full = text.lower()
        claim_text = _without_lists(_PARENS.sub(" ", full))
        scopes = ((0, len(claim_text)),) if _YES_NO_QUESTION.match(full) else _scopes(claim_text)
        return cls(full, claim_text, scopes, _reads_as_prose(claim_text))

    def groups(self, claim: Claim) -> list[bool]:
        """For each concept group: does this sentence state it (not negated, not hedged)?"""
        if not self.usable:
            return [False] * len(claim.concepts)
        return [any(self._free_match(p) for p in group) for group in claim.concepts]

    @property
    def substantial(self) -> bool:
        return self.usable and len(_WORD.findall(self.claim_text)) >= EXPLAIN_WORDS

    @property
    def refers_back(self) -> bool:
        return bool(_ANAPHOR.search(self.claim_text))

    def _free_match(self, pattern: str) -> bool:
        for m in compiled(pattern).finditer(self.claim_text):
            if not any(lo <= m.start() < hi for lo, hi in self.scopes):
                return True
        return False

    def cites(self, figure: Figure) -> bool:
        values = self._values(figure)
        return values is not None and any(_accepts(figure, v) for v in values)

    def cites_other(self, figure: Figure) -> bool:
        """The figure's context with values in its unit, none of them accepted: a figure worked out wrongly."""
        values = self._values(figure)
        return values is not None and bool(values) and not any(_accepts(figure, v) for v in values)

    def _values(self, figure: Figure) -> list[tuple[float, float]] | None:
        """The values in the figure's unit of a sentence that holds its context; None without the context or
        for a list of more than MAX_VALUES values."""
        if not all(any(compiled(p).search(self.full) for p in group) for group in figure.near):
            return None
        values = [v for v in (_in_unit(q, figure.unit) for q in quantities(self.full)) if v is not None]
        return values if len(values) <= MAX_VALUES else None


def _in_unit(q: Quantity, unit: str) -> tuple[float, float] | None:
    if not unit:
        return (q.low, q.high) if q.unit is None else None
    if unit.lower() in KNOWN_UNITS:
        return convert(q, unit.lower())
    if q.unit is None and (
        re.match(rf"^\W*(?:[\w'-]+\W+){{0,3}}?(?:{unit})\b", q.rest, re.IGNORECASE)
        or re.search(rf"(?:{unit})", q.before, re.IGNORECASE)
    ):
        return q.low, q.high
    return None


def _accepts(figure: Figure, value: tuple[float, float] | None) -> bool:
    """A single value must lie in [min, max]; a range must overlap it and be no wider than it."""
    if value is None:
        return False
    low, high = value
    width = figure.max - figure.min
    return low <= figure.max and high >= figure.min and high - low <= max(width, 1e-9)


def _scopes(text: str) -> tuple[tuple[int, int], ...]:
    """Spans negated or hedged by a cue: after the cue, up to NEGATION_WINDOW words or the next boundary."""
    masked = _NOT_A_CUE.sub(lambda m: "_" * len(m.group()), text)
    spans = []
    for cue in _CUE_RE.finditer(masked):
        end = len(text)
        boundary = _BOUNDARY_RE.search(text, cue.end())
        if boundary:
            end = boundary.start()
        words = list(_WORD.finditer(text, cue.end(), end))
        if len(words) > NEGATION_WINDOW and not _REPORT_CUE.match(cue.group()):
            end = words[NEGATION_WINDOW - 1].end()
        spans.append((cue.end(), end))  # a cue inside an author's phrasing is part of that phrasing
    return tuple(spans)


def _reads_as_prose(text: str) -> bool:
    """False for a run of six or more words without a single function word: keywords, not a statement."""
    words = [w.lower() for w in _WORD.findall(text)]
    return len(words) < 6 or any(w in _FUNCTION_WORDS for w in words)


def _without_lists(text: str) -> str:
    """Blank out enumerations: MIN_LIST_RUN or more comma-separated items in a row of LIST_ITEM_WORDS words or
    fewer ("shrink multipacks, cups that slip, the curtain, LC-OUT") name things, they assert nothing."""
    pieces = re.split(r"([,;/|])", text)
    items = pieces[0::2]
    short = [0 < len(_WORD.findall(p)) <= LIST_ITEM_WORDS for p in items]
    keep = list(items)
    start = 0
    while start < len(items):
        end = start
        while end < len(items) and short[end]:
            end += 1
        if end - start >= MIN_LIST_RUN:
            for i in range(start, end):
                keep[i] = " " * len(items[i])
        start = end + 1
    out = [keep[i // 2] if i % 2 == 0 else pieces[i] for i in range(len(pieces))]
    return "".join(out)


@lru_cache(maxsize=4096)
def compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def missing_lines(evidence: Evidence, state: EvidenceState) -> list[str]:
    """What the person says is still missing, one line per item (rebuttals of a contradiction first)."""
    lines = []
    for key in state.against:
        claim = evidence.against[int(key.removeprefix("against")) - 1]
        lines.append(claim.missing or f"I don't accept {claim.describe}.")
    for i, claim in enumerate(evidence.claims, 1):
        if f"claim{i}" not in state.met:
            lines.append(claim.missing or f"Tell me {claim.describe}.")
    have = sum(f"figure{i}" in state.met for i in range(1, len(evidence.figures) + 1))
    short = evidence.needed - have
    for i, figure in enumerate(evidence.figures, 1):
        if short <= 0:
            break
        if f"figure{i}" in state.off:
            lines.append(f"I can't match the figure for {figure.describe} in your message with what I have: check it.")
            short -= 1
        elif f"figure{i}" not in state.met:
            lines.append(figure.missing or f"Show me {figure.describe}.")
            short -= 1
    return lines
