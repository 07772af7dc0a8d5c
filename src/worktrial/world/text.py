"""Tokenising for routing: lowercase words, stopwords dropped, a light suffix stemmer.

The stemmer only has to map the forms a person's question and an author's example are likely to use onto the
same key ("approved"/"approval"/"approves" -> "approv"); it is applied the same way to both sides, so an odd
stem costs nothing as long as it is consistent.
"""

from __future__ import annotations

import re

_WORD_RE = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
# Words a question opens with.
_QUESTION_WORDS = "how|what|when|where|who|why|which|is|are|do|does|did|can|could|should|would|will"
# Sentence ends, plus "..., and how/what/..." joins, so a message asking two things yields one part per ask.
_CLAUSE_RE = re.compile(
    r"(?<=[.?!;:])\s+|\n+|,?\s+(?:and also|and|also|plus)\s+"
    rf"(?=(?:(?:by|in|on|at|for|from|to|with|until)\s+)?(?:{_QUESTION_WORDS})\b)",
    re.IGNORECASE,
)

# Function words plus the politeness and filler words of a work message, which say nothing about the topic.
_STOPWORD_TEXT = """
    a about above after again against all also am an and any are as at be because been before being below
    between both but by can could did do does doing done down during each else ever few for from further get
    got had has have having he her here hers herself him himself his how i if in into is it its itself just
    let like me might more most much must my myself need no nor not now of off on once one only or other our
    ours ourselves out over own please quick quickly really same shall she should so some such than thank
    thanks that the their theirs them themselves then there these they this those through to too under until
    up us very via want was we were what when where which while who whom whose why will with would you your
    yours yourself yourselves hi hello hey dear regards cheers sorry tell know let's ok okay yes yeah
    hope hoping nice great good fine lovely glad happy sure nothing everything bit lot
    work works working worked question questions wondering wonder maybe perhaps anything something someone
    somebody thing things
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())

# Two passes, like a (much) reduced Porter stemmer: inflection first, then one derivational ending, then a
# final "e" -- so "update", "updated", "updates" and "updating" all become "updat".
_INFLECTIONS = (
    ("ings", ""),
    ("ing", ""),
    ("ies", "y"),
    ("ied", "y"),
    ("ed", ""),
    ("es", ""),
    ("ly", ""),
    ("s", ""),
)
_DERIVATIONS = (("ational", "at"), ("ation", "at"), ("ment", ""), ("ness", ""), ("er", ""), ("al", ""))
_MIN_STEM = 3


def _strip(word: str, table: tuple[tuple[str, str], ...]) -> str:
    for suffix, repl in table:
        if word.endswith(suffix) and len(word) - len(suffix) + len(repl) >= _MIN_STEM:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                continue
            return word[: len(word) - len(suffix)] + repl
    return word


def stem(word: str) -> str:
    if len(word) <= _MIN_STEM or word.isdigit():
        return word
    word = _strip(_strip(word, _INFLECTIONS), _DERIVATIONS)
    if word.endswith("e") and len(word) > _MIN_STEM:
        word = word[:-1]
    # "stopped" -> "stopp" -> "stop", so doubled consonants match the plain form.
    if len(word) > _MIN_STEM and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    return word


def content_words(text: str) -> dict[str, str]:
    """Stem -> first surface form of each content word of `text`, in order of appearance."""
    out: dict[str, str] = {}
    for raw in _WORD_RE.findall(text.lower()):
        word = raw.split("'", 1)[0]
        if word and word not in STOPWORDS:
            out.setdefault(stem(word), word)
    return out


def tokens(text: str) -> list[str]:
    """Distinct stemmed content words of `text`, in order."""
    return list(content_words(text))


def clauses(text: str, limit: int = 12, asks: int = 4) -> list[str]:
    """The parts of a message that can each carry one request: its first `limit` parts, and the last `asks`
    questions after them, because a long message usually ends with what it asks."""
    parts = [p.strip() for p in _CLAUSE_RE.split(text) if p]
    parts = [p for p in parts if _WORD_RE.search(p.lower())]
    later = [p for p in parts[limit:] if is_ask(p)][-asks:]
    return parts[:limit] + later


_ASK_RE = re.compile(
    r"^(?:\W*(?:hi|hello|dear|so|and|also|but|then|ok|okay)\b\W*)*"
    rf"(?:{_QUESTION_WORDS}|whom|whose|was|were|may|might|have|has|please)\b",
    re.IGNORECASE,
)


def is_ask(part: str) -> bool:
    """Whether a part of a message is a question or request put to its reader: it ends with a question mark or
    opens as a question does ("what is the deadline, and how ...")."""
    return part.rstrip().endswith("?") or bool(_ASK_RE.match(part.strip()))


def normalise(text: str) -> str:
    """The form a question is routed in: lowercase, spaces collapsed, line breaks kept (they split parts).

    Routing always works on this form, so the result cache never changes an answer: two questions with the
    same normal form are the same question.
    """
    lines = (" ".join(line.split()) for line in text.lower().splitlines())
    return "\n".join(line for line in lines if line)
