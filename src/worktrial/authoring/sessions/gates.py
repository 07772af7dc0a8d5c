"""The mechanical gates of the session → task funnel: each takes one session and either passes it (with what it
recovered) or rejects it with a reason code and the evidence.

- `length`: the user's own words (quotes, placeholders and blanks left out) must be at least MIN_USER_CHARS;
- `fixtures`: every attached file must be in the archive (`files/<sha256>`);
- `redactions`: every placeholder in what the user wrote must be recovered, and only in two ways: by context (the
  agent's side of the session — its messages, tool calls and results — holds exactly one value of that kind next
  to the same CONTEXT_CHARS characters of words the span had before or after it) or, for a URL, host-unique (the
  session holds exactly one URL on the redactor's host);
- `network`: every URL the ask needs must be a recorded resource that answered when the session ran (its body is
  then bundled with the task, so the task runs offline);
- `duplicates`: the same ask over the same files as an earlier session is one task, not two.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from .archive import PLACEHOLDER, Archive, Session

MIN_USER_CHARS = 10
URL = re.compile(r"https?://[^\s<>\"')\]]+")
PATH = re.compile(r"~?(?:/[\w.-]+){2,}")
NAME = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)?\b")
KINDS = {"url": URL, "path": PATH, "name": NAME}


@dataclass(frozen=True)
class Rejection:
    gate: str
    reason: str  # a code: too_short, fixture_missing, redaction_unrecoverable, ...
    detail: str


@dataclass
class Passed:
    """What the gates learnt about a session that passed them."""

    recovered: dict[str, str] = field(default_factory=dict)  # placeholder → value
    how: dict[str, str] = field(default_factory=dict)  # placeholder → context | host_unique
    urls: list[str] = field(default_factory=list)  # the URLs the ask needs, recovered


def user_text(session: Session) -> str:
    """What the user wrote in their own words: every user message, without what it quotes."""
    return "\n".join(m.text for m in session.messages if m.author == "user")


def agent_side(session: Session) -> str:
    """Everything the agent's side of the session recorded: its messages, tool arguments and results."""
    parts = [m.text for m in session.messages if m.author == "agent"]
    for t in session.tools:
        parts += [str(v) for v in t.arguments.values()] + [t.result]
    return "\n".join(parts)


def length(session: Session) -> Rejection | None:
    words = PLACEHOLDER.sub("", user_text(session))
    chars = len("".join(words.split()))
    if chars < MIN_USER_CHARS:
        return Rejection("length", "too_short", f"{chars} characters of the user's own words (needs {MIN_USER_CHARS})")
    return None


def fixtures(session: Session, archive: Archive) -> Rejection | None:
    missing = [a.name for a in session.attachments if archive.file(a.sha256) is None]
    if missing:
        return Rejection(
            "fixtures",
            "fixture_missing",
            f"{len(missing)} of {len(session.attachments)} attached files are not in the archive: {', '.join(missing)}",
        )
    return None


CONTEXT_CHARS = 16  # words on one side of the span that must recur around the value


def _context_values(kind: str, before: str, after: str, text: str) -> set[str]:
    """Values of `kind` that `text` holds next to the same words the redacted span had on either side."""
    pattern = KINDS[kind]
    found: set[str] = set()
    b = " ".join(before.split())[-CONTEXT_CHARS:]
    a = " ".join(after.split())[:CONTEXT_CHARS]
    if len(b) < CONTEXT_CHARS and len(a) < CONTEXT_CHARS:
        return found  # too little context to tell one value from another
    for m in pattern.finditer(text):
        head = " ".join(text[max(0, m.start() - 200) : m.start()].split())
        tail = " ".join(text[m.end() : m.end() + 200].split())
        if (len(b) == CONTEXT_CHARS and head.endswith(b)) or (len(a) == CONTEXT_CHARS and tail.startswith(a)):
            found.add(m.group(0).rstrip(".,;:"))
    return found


def redactions(session: Session) -> tuple[Passed, Rejection | None]:
    passed = Passed()
    needed = set(PLACEHOLDER.findall(user_text(session)))
    wanted = {f"[{kind}_{n}]" for kind, n in needed} | {
        f"[{kind}_{n}]" for a in session.attachments for kind, n in PLACEHOLDER.findall(a.name)
    }
    records = {r.placeholder: r for r in session.redactions}
    side = agent_side(session)
    for placeholder in sorted(wanted):
        record = records.get(placeholder)
        if record is None:
            return passed, Rejection("redactions", "redaction_unrecorded", f"{placeholder} has no redaction record")
        by_context = _context_values(record.kind, record.before, record.after, side)
        if len(by_context) == 1:
            passed.recovered[placeholder], passed.how[placeholder] = by_context.pop(), "context"
            continue
        if record.kind == "url" and record.host:
            on_host = on_host_all(side, record.host)
            if len(on_host) == 1:
                passed.recovered[placeholder], passed.how[placeholder] = on_host.pop(), "host_unique"
                continue
        several = len(by_context) > 1 or (
            record.kind == "url" and record.host and len(on_host_all(side, record.host)) > 1
        )
        why = "several candidates" if several else "no candidate in the session"
        return passed, Rejection("redactions", "redaction_unrecoverable", f"{placeholder} ({record.kind}): {why}")
    return passed, None


def on_host_all(text: str, host: str) -> set[str]:
    return {u.rstrip(".,;:") for u in URL.findall(text) if _host(u) == host}


def _host(url: str) -> str:
    return url.split("://", 1)[-1].split("/", 1)[0].lower()


def restore(text: str, recovered: dict[str, str]) -> str:
    return PLACEHOLDER.sub(lambda m: recovered.get(m.group(0), m.group(0)), text)


def network(session: Session, archive: Archive, passed: Passed) -> Rejection | None:
    urls = sorted({u.rstrip(".,;:") for u in URL.findall(restore(user_text(session), passed.recovered))})
    for url in urls:
        resource = archive.resources.get(url)
        if resource is None:
            return Rejection("network", "link_unrecorded", f"{url} is not among the archive's recorded resources")
        if not resource.reachable or archive.resource_body(resource) is None:
            return Rejection("network", "link_unreachable", f"{url} did not answer when the session ran")
    passed.urls = urls
    return None


def ask_key(session: Session, passed: Passed) -> str:
    """The ask and its files, normalised: two sessions with the same key are the same task."""
    words = " ".join(restore(user_text(session), passed.recovered).lower().split())
    files = ",".join(sorted(a.sha256 for a in session.attachments))
    return hashlib.sha256(f"{words}\n{files}".encode()).hexdigest()


__all__ = [
    "MIN_USER_CHARS",
    "Passed",
    "Rejection",
    "agent_side",
    "ask_key",
    "fixtures",
    "length",
    "network",
    "redactions",
    "restore",
    "user_text",
]
