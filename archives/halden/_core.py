"""A session as the generator plans it (Case), and how it becomes a line of sessions.jsonl: the timeline of
messages and tool calls, the account hashes, the redacted spans and their records."""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from _office import media
from _world import AGENT, account


@dataclass
class F:
    """A file: attached by the user or delivered by the agent."""

    name: str
    data: bytes

    @property
    def sha(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def preview(self) -> str:
        """What the agent's read_file showed: the start of the text, or of the document's content."""
        ext = self.name.rsplit(".", 1)[-1]
        if ext in ("xlsx", "docx", "pptx", "pdf"):
            text = f"{ext} file, {len(self.data):,} bytes\n" + office_text(ext, self.data)
        else:
            text = self.data.decode("utf-8")
        return text[:400] + (" …" if len(text) > 400 else "")


@dataclass
class Link:
    """A URL the session needed: its recorded body, or None when it did not answer; recorded=False when the
    recorder missed it altogether."""

    url: str
    body: bytes | None
    recorded: bool = True
    fetched: bool = True

    @property
    def host(self) -> str:
        return self.url.split("://", 1)[1].split("/", 1)[0]


@dataclass
class Redact:
    value: str
    kind: str  # url, path, name
    host: str | None = None
    start: int = 1  # the placeholder's number


@dataclass
class Case:
    role: str
    ask: str
    atts: list[F]
    outs: list[F]
    plan: str
    done: str
    calc: str = ""
    command: str = "python3 work.py"
    follow: list[str] = field(default_factory=list)
    draft: list[F] = field(default_factory=list)
    redo: str = ""
    redone: str = ""
    thanks: str | None = "Thanks, that's what I needed."
    channel: str = "private"
    quote: tuple[str, str] | None = None  # (who, text) the first message quotes
    colleague: str = ""  # in a group chat, who sends the follow-ups
    links: list[Link] = field(default_factory=list)
    clarify: tuple[str, str] = ("", "")
    hint: bool = True
    user: str = ""
    echo: list[str] = field(default_factory=list)  # extra sentences of the agent's plan message
    redactions: list[Redact] = field(default_factory=list)
    missing: set[str] = field(default_factory=set)  # attachment names whose file the archive lost
    tail: list[str] = field(default_factory=list)  # user messages after the delivery (a redo never answered)
    fetch_errors: dict[str, str] = field(default_factory=dict)
    extra_tools: list[tuple[str, dict[str, object], str]] = field(default_factory=list)
    spans: list[tuple[str, str]] = field(default_factory=list)  # (kind, value) in the ask a redactor could hide
    asof: date = date(2026, 3, 2)  # the working day the ask was made
    ambiguity: tuple[str, str] = ("", "")  # a question the ask leaves open, and the user's answer
    read_as: dict[str, str] = field(default_factory=dict)  # attachment name -> the path the agent read it under


def office_text(ext: str, data: bytes) -> str:
    import io

    if ext == "xlsx":
        import openpyxl

        wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True)
        ws = wb.worksheets[0]
        rows = [" | ".join("" if c is None else str(c) for c in r) for r in ws.iter_rows(max_row=6, values_only=True)]
        return f"sheet {ws.title}:\n" + "\n".join(rows)
    if ext == "docx":
        import docx

        return "\n".join(p.text for p in docx.Document(io.BytesIO(data)).paragraphs[:6])
    if ext == "pptx":
        from pptx import Presentation

        return "\n".join(s.shapes.title.text for s in Presentation(io.BytesIO(data)).slides if s.shapes.title)
    lines = re.findall(rb"\((.*?)\) Tj", data)[:8]
    return "\n".join(ln.decode("cp1252").replace("\\(", "(").replace("\\)", ")") for ln in lines)


def snippet(text: str, value: str, margin: int = 46) -> str:
    """The words of `text` around `value`, at least `margin` characters either side (cut at blanks)."""
    s = text.index(value)
    e = s + len(value)
    a = max(0, s - margin)
    while a > 0 and not text[a - 1].isspace():
        a -= 1
    b = min(len(text), e + margin)
    while b < len(text) and not text[b].isspace():
        b += 1
    return ("…" if a > 0 else "") + " ".join(text[a:b].split()) + ("…" if b < len(text) else "")


def echo_context(case: Case, value: str, intro: str = "Working from your note") -> None:
    """Make the agent repeat the user's words around `value`, so a redaction of it is recoverable by context."""
    source = next(t for t in [case.ask, *case.follow] if value in t)
    case.echo.append(f'{intro}: "{snippet(source, value)}"')


def _tool(at: datetime, tool: str, args: dict[str, object], result: str) -> dict[str, object]:
    return {"at": at.isoformat(), "tool": tool, "arguments": args, "result": result}


def _redact(text: str, field_name: str, pending: list[Redact], records: list[dict[str, object]]) -> str:
    """Replace each pending value found in `text` by its placeholder, recording the words around it."""
    original = text
    for r in list(pending):
        if r.value not in original:
            continue
        s = original.index(r.value)
        e = s + len(r.value)
        ph = f"[{r.kind.upper()}_{r.start}]"
        text = text.replace(r.value, ph)
        records.append(
            {
                "placeholder": ph,
                "kind": r.kind,
                "field": field_name,
                "host": r.host,
                "before": original[max(0, s - 80) : s],
                "after": original[e : e + 80],
            }
        )
        pending.remove(r)
    return text


def assemble(case: Case, sid: str, start: datetime, rng: random.Random) -> dict[str, object]:
    """The session record of a case, its clock starting at `start`."""
    user = account(case.user)
    agent = account(AGENT)
    other = account(case.colleague) if case.colleague else user
    pending = list(case.redactions)
    records: list[dict[str, object]] = []
    messages: list[dict[str, object]] = []
    tools: list[dict[str, object]] = []
    t = start

    def say(author: str, who: str, text: str, follow_up: bool = False, quotes: list[object] | None = None) -> None:
        if author == "user":
            text = _redact(text, f"messages[{len(messages)}].text", pending, records)
        messages.append(
            {
                "at": t.isoformat(),
                "author": author,
                "account": who,
                "text": text,
                "quotes": quotes or [],
                "follow_up": follow_up,
            }
        )

    def step(lo: int, hi: int) -> datetime:
        nonlocal t
        t += timedelta(seconds=rng.randint(lo, hi))
        return t

    quotes = [{"author": account(case.quote[0]), "text": case.quote[1]}] if case.quote else []
    say("user", user, case.ask, quotes=quotes)
    for text in case.follow:
        step(40, 300)
        say("user", other if case.channel == "group" else user, text, follow_up=True)
    if case.clarify[0]:
        step(20, 70)
        say("agent", agent, case.clarify[0])
        step(60, 900)
        say("user", user, case.clarify[1], follow_up=True)
    step(15, 60)
    say("agent", agent, " ".join([case.plan, *case.echo]))
    for a in case.atts:
        path = case.read_as.get(a.name, f"inputs/{a.name}")
        tools.append(_tool(step(3, 20), "read_file", {"path": path}, a.preview()))
    for link in case.links:
        if not link.fetched:
            continue
        if link.body is None:
            result = case.fetch_errors.get(link.url, "error: HTTP 503 Service Unavailable")
        else:
            result = link.body.decode("utf-8")[:400]
        tools.append(_tool(step(2, 15), "web_fetch", {"url": link.url}, result))
    for name, args, result in case.extra_tools:
        tools.append(_tool(step(5, 30), name, dict(args), result))

    def deliver(files: list[F], calc: str) -> None:
        if calc:
            tools.append(_tool(step(20, 120), "run_command", {"command": case.command}, calc))
        for f in files:
            tools.append(
                _tool(
                    step(5, 40),
                    "write_file",
                    {"path": f"outputs/{f.name}", "bytes": len(f.data)},
                    f"wrote {len(f.data)} bytes to outputs/{f.name}",
                )
            )

    outputs = []
    if case.draft:
        deliver(case.draft, case.calc)
        step(5, 20)
        say("agent", agent, "First version: " + ", ".join(f.name for f in case.draft) + ".")
        step(120, 1500)
        say("user", user, case.redo, follow_up=True)
        step(20, 60)
        say("agent", agent, case.redone or "Reworking it with that change.")
        outputs += [(f, False) for f in case.draft]
    deliver(case.outs, case.calc if not case.draft else "re-run with the amendment:\n" + case.calc)
    outputs += [(f, not case.tail) for f in case.outs]
    step(5, 30)
    say("agent", agent, case.done)
    for text in case.tail:
        step(120, 2400)
        say("user", user, text, follow_up=True)
    if case.thanks and not case.tail:
        step(60, 3000)
        say("user", user, case.thanks)
    attachments = []
    for i, a in enumerate(case.atts):
        name = _redact(a.name, f"attachments[{i}].name", pending, records)
        attachments.append({"name": name, "sha256": a.sha, "media_type": media(a.name), "size": len(a.data)})
    assert not pending, f"{sid}: redacted values not found in the user's text: {[r.value for r in pending]}"
    return {
        "id": sid,
        "started": start.isoformat(),
        "channel": case.channel,
        "role_hint": case.role if case.hint else None,
        "messages": messages,
        "attachments": attachments,
        "tools": tools,
        "outputs": [
            {"name": f.name, "sha256": f.sha, "media_type": media(f.name), "accepted": ok} for f, ok in outputs
        ],
        "redactions": records,
    }


def check_no_question(session: dict[str, object]) -> bool:
    """True when no agent message before the first write ends in '?' with a user message after it."""
    msgs = session["messages"]
    writes = [t["at"] for t in session["tools"] if t["tool"] == "write_file"]  # type: ignore[index,union-attr]
    first = min(writes) if writes else None
    for i, m in enumerate(msgs):  # type: ignore[arg-type]
        if first is not None and m["at"] >= first:
            break
        later = any(n["author"] == "user" for n in msgs[i + 1 :])  # type: ignore[index]
        if m["author"] == "agent" and m["text"].rstrip().endswith("?") and later:
            return False
    return True


OUTSIDE = re.compile(
    r"\b(as (we )?discussed|like last time|the usual (format|way|template)|you know (which|the one)|"
    r"from (yesterday|last week)'?s? (call|meeting)|the file i sent (earlier|before)|same as before)\b",
    re.IGNORECASE,
)
