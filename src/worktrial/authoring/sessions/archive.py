"""The session archive: what a company's staff did with their workplace agent, as the task builder reads it.

An archive is a folder::

    <archive>/
      archive.toml          ArchiveInfo: the company, its role classes, the archive's version
      sessions.jsonl        one Session per line, in the order they happened
      files/<sha256>        attached files, named by their content hash (a missing one is a missing fixture)
      resources.jsonl       one Resource per line: every URL the sessions mention, as recorded when they ran
      resources/<sha256>    the recorded body of each reachable resource

Everything that names a person, a path or an address inside a message may have been redacted before the archive
was handed over: the text then holds a placeholder (`[URL_1]`, `[PATH_2]`, `[NAME_3]`) and the session keeps a
`Redaction` for it with the text around it, from which the builder may recover it (build.py's gates).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

ROLE_CLASSES = {
    "product_project": "Product and project management: specs, plans, status reports, decks",
    "engineering_it": "Engineering and IT: code, scripts, configurations, incident write-ups, data pipelines",
    "hr_admin": "HR and administration: policies, rotas, onboarding, leave and headcount records",
    "executive": "Executive: briefings, board papers, decisions, strategy notes",
    "sales_customer": "Sales and customer service: proposals, quotes, customer replies, account reviews",
    "marketing": "Marketing: campaigns, copy, market analyses, event plans",
    "finance_ops": "Finance and operations: reconciliations, budgets, accounting entries, supplier analyses",
}
RoleClass = Literal[
    "product_project", "engineering_it", "hr_admin", "executive", "sales_customer", "marketing", "finance_ops"
]
PLACEHOLDER = re.compile(r"\[(URL|PATH|NAME)_(\d+)\]")
Sha256 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
T = TypeVar("T", bound="_Model")
SessionId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]{2,63}$")]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ArchiveInfo(_Model):
    name: str = Field(description="The archive's name, e.g. the company's.")
    company: str = Field(description="The fictional company whose staff's sessions these are.")
    version: str = Field(description="The archive's version; a built suite records it.")
    description: str = Field("", description="What the company does, for the built tasks' context.")
    agent: str = Field("the workplace agent", description="What the staff called their agent.")


class Quote(_Model):
    author: str = Field(description="Account hash of whoever wrote the quoted message.")
    text: str


class Message(_Model):
    at: datetime = Field(description="When it was sent (local time of the company).")
    author: Literal["user", "agent"] = Field(description="A member of staff, or their agent.")
    account: str = Field(description="Account hash of the sender (the agent's own for its messages).")
    text: str = Field(description="The message as sent, placeholders of redacted spans included.")
    quotes: list[Quote] = Field(default_factory=list, description="Messages it quotes (chat clients' replies).")
    follow_up: bool = Field(False, description="A user's message that amends or narrows an earlier ask.")


class Attachment(_Model):
    name: str = Field(description="The file's name as the user attached it.")
    sha256: Sha256 = Field(description="Its content hash: the file is files/<sha256>.")
    media_type: str = Field(description="What the user's client said it was (may be wrong).")
    size: int = Field(ge=0)


class ToolCall(_Model):
    at: datetime
    tool: str = Field(description="The agent's tool: read_file, run_command, web_fetch, write_file, ...")
    arguments: dict[str, str | int | float | bool | None] = Field(default_factory=dict)
    result: str = Field("", description="What the tool returned (cut as recorded).")


class Output(_Model):
    name: str = Field(description="The file the agent delivered, as the platform offered it for download.")
    sha256: Sha256
    media_type: str
    accepted: bool = Field(description="Whether the user took it without asking for a redo.")


class Redaction(_Model):
    placeholder: str = Field(description="The placeholder in the text, e.g. [URL_1].")
    kind: Literal["url", "path", "name"]
    field: str = Field(description="Where it sits: messages[3].text, attachments[0].name, ...")
    host: str | None = Field(None, description="For a URL, its host, when the redactor kept it.")
    before: str = Field("", description="Up to 80 characters before the span in its original text.")
    after: str = Field("", description="Up to 80 characters after it.")


class Session(_Model):
    id: SessionId
    started: datetime
    channel: Literal["private", "group"] = "private"
    role_hint: RoleClass | None = Field(
        None, description="The role class of the user's team, when the directory knows it."
    )
    messages: list[Message] = Field(min_length=1)
    attachments: list[Attachment] = Field(default_factory=list)
    tools: list[ToolCall] = Field(default_factory=list)
    outputs: list[Output] = Field(default_factory=list)
    redactions: list[Redaction] = Field(default_factory=list)


class Resource(_Model):
    url: str
    host: str
    reachable: bool = Field(description="Whether the URL answered when the session ran.")
    sha256: Sha256 | None = Field(None, description="Its recorded body, resources/<sha256>; None if unreachable.")
    media_type: str = "text/html"


class ArchiveError(ValueError):
    """An archive that cannot be read; the message names the file, the line and the field."""


class Archive:
    """An archive on disk, read and checked against the schema."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.info = ArchiveInfo.model_validate(_toml(root / "archive.toml"))
        self.sessions = _jsonl(root / "sessions.jsonl", Session)
        self.resources = {r.url: r for r in _jsonl(root / "resources.jsonl", Resource)}
        seen: set[str] = set()
        for s in self.sessions:
            if s.id in seen:
                raise ArchiveError(f"{root / 'sessions.jsonl'}: session id {s.id!r} appears twice (ids must be unique)")
            seen.add(s.id)

    def file(self, sha256: str) -> Path | None:
        path = self.root / "files" / sha256
        return path if path.is_file() else None

    def resource_body(self, resource: Resource) -> Path | None:
        if resource.sha256 is None:
            return None
        path = self.root / "resources" / resource.sha256
        return path if path.is_file() else None


def _toml(path: Path) -> dict[str, object]:
    import tomllib

    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ArchiveError(f"{path}: missing (an archive folder holds archive.toml and sessions.jsonl)") from None
    except tomllib.TOMLDecodeError as e:
        raise ArchiveError(f"{path}: not TOML ({e})") from None


def _jsonl(path: Path, model: type[T]) -> list[T]:
    if not path.is_file():
        if path.name == "resources.jsonl":
            return []
        raise ArchiveError(f"{path}: missing (one {model.__name__} per line)")
    out: list[T] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(model.model_validate(json.loads(line)))
        except json.JSONDecodeError as e:
            raise ArchiveError(f"{path}:{n}: not JSON ({e.msg})") from None
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise ArchiveError(f"{path}:{n}: {where}: {first['msg']}") from None
    return out


__all__ = [
    "PLACEHOLDER",
    "ROLE_CLASSES",
    "Archive",
    "ArchiveError",
    "ArchiveInfo",
    "Attachment",
    "Message",
    "Output",
    "Quote",
    "Redaction",
    "Resource",
    "RoleClass",
    "Session",
    "ToolCall",
]
