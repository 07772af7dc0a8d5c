"""Reply texts the engine writes itself, in the person's voice: repeats, referrals and refusals.

Authors who start their answers with the person's first name ("Declan: ...") get the same prefix on every
default text, so a default never sounds like a different speaker.
"""

from __future__ import annotations

import re

from worktrial.tasks.models import Person, Topic, TopicAfter

from .text import STOPWORDS

DEFAULT_REFER = "I don't know - {who} would."
DEFAULT_REPEATED = "I answered that already - see my earlier reply."
_FIRST_SENTENCE = re.compile(r"(.+?[.!?])(?=\s+[A-Z0-9\"'(]|\s*$)", re.DOTALL)


def speaker(person: Person) -> str:
    """`"Declan: "` when the person's own texts are written with that prefix, else `""`."""
    tag = f"{person.name.split()[0]}:"
    texts = [person.fallback, *(t.answer for t in person.topics)]
    return f"{tag} " if any(t.lstrip().startswith(tag) for t in texts) else ""


def unprefixed(person: Person, text: str) -> str:
    tag = f"{person.name.split()[0]}:"
    text = text.strip()
    return text[len(tag) :].lstrip() if text.startswith(tag) else text


def first_sentence(text: str) -> str:
    m = _FIRST_SENTENCE.match(text.strip())
    return (m.group(1) if m else text).strip()


def as_i_said(person: Person, topic: Topic, stance: TopicAfter | None = None) -> str:
    """The brief reply to a topic asked again: "As I said, " + its short form (default: first sentence), or the
    short form of the changed `stance` the person answered it with."""
    said: Topic | TopicAfter = stance or topic
    short = unprefixed(person, said.short) if said.short else first_sentence(unprefixed(person, said.answer))
    texts = [t.answer for t in person.topics]
    return f"{speaker(person)}As I said, {_lower_first(short, texts) if short else short}"


def _lower_first(text: str, corpus: list[str]) -> str:
    """Lower-case the first word unless it is a name: an acronym, a code, "I", or a word that the person's
    texts capitalise in mid-sentence too ("Parcelink", "Vantrel")."""
    word = re.match(r"[\w'-]+", text)
    if word is None:
        return text
    first = word.group().split("'")[0]  # "They've" -> "They"
    if not first.isalpha() or not first[1:].islower() or first == "I":
        return text
    mid_sentence = re.compile(rf"(?<![.!?:]\s)(?<!^)\b{re.escape(first)}\b")
    if first.lower() not in STOPWORDS and any(mid_sentence.search(t.strip()) for t in corpus):
        return text
    return text[0].lower() + text[1:]


def referral(person: Person, other: Person) -> str:
    who = f"{other.name} ({other.role})"
    if person.refer:
        return person.refer.replace("{who}", who)
    return speaker(person) + DEFAULT_REFER.replace("{who}", who)


def repeated(person: Person) -> str:
    return person.repeated or speaker(person) + DEFAULT_REPEATED


def refusal(person: Person, intro: str, lines: list[str], default: str) -> str:
    """A gate or requirement miss: the author's intro, then one line per missing item."""
    body = " ".join(line.strip() for line in lines if line.strip())
    if intro.strip():
        return f"{intro.strip()} {body}".strip()
    if body:
        return speaker(person) + body
    return default
