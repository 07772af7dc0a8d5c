"""The catalog: every family of the served suites with what a visitor needs to choose one."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..tasks import Family, load_suite

FILTERS = ("kind", "tier", "industry", "domain")


@dataclass(frozen=True)
class Entry:
    id: str
    suite: str
    kind: str
    title: str
    summary: str
    industry: str
    domain: str
    role_class: str
    tier: int
    visibility: str
    variants: list[str] = field(default_factory=list)
    levels: list[str] = field(default_factory=list)
    instances: list[str] = field(default_factory=list)

    def value(self, name: str) -> str:
        return str(getattr(self, name))


def entry(family: Family) -> Entry:
    """The family's catalog entry; its suite is the folder holding it (`engagements`, `deliverables`, `uploaded`),
    also when a served folder holds several suites."""
    c = family.config
    return Entry(
        id=family.id,
        suite=family.root.parent.name,
        kind=c.kind,
        title=c.title,
        summary=c.summary,
        industry=c.industry,
        domain=c.domain,
        role_class=c.role_class,
        tier=c.tier,
        visibility=c.visibility,
        variants=sorted(family.variants),
        levels=[str(level) for level in c.levels],
        instances=[i.id for i in family.instances()],
    )


def load_catalog(suites: list[Path]) -> list[Entry]:
    return sorted((entry(f) for s in suites for f in load_suite(s)), key=lambda e: (e.kind, e.id))


def visible(entries: list[Entry], admin: bool) -> list[Entry]:
    """The private pool is held out: only administrators see its families."""
    return [e for e in entries if admin or e.visibility == "public"]


def filtered(entries: list[Entry], wanted: dict[str, str]) -> list[Entry]:
    picks = {k: v for k, v in wanted.items() if k in FILTERS and v}
    return [e for e in entries if all(e.value(k) == v for k, v in picks.items())]


def choices(entries: list[Entry]) -> dict[str, list[str]]:
    return {k: sorted({e.value(k) for e in entries}) for k in FILTERS}


__all__ = ["FILTERS", "Entry", "choices", "filtered", "load_catalog", "visible"]
