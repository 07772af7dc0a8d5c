"""Small people configurations built with the real pydantic models."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from worktrial.tasks.models import GateCondition, InboxMessage, PeopleConfig, Person, Topic

FIXTURES = Path(__file__).parent / "fixtures"


def load_fixture(name: str = "people.toml") -> PeopleConfig:
    with (FIXTURES / name).open("rb") as fh:
        return PeopleConfig.model_validate(tomllib.load(fh))


def topic(tid: str, about: str, examples: list[str], keywords: list[str], **kw: Any) -> Topic:
    kw.setdefault("answer", f"answer:{tid}")
    kw.setdefault("facts", [f"f_{tid}"])
    return Topic(id=tid, about=about, examples=examples, keywords=keywords, **kw)


def cast(**overrides: Any) -> PeopleConfig:
    """alice (sponsor, priced, gated topics), bob (away Fridays and on 2026-03-03), carol (off limits)."""
    alice = Person(
        id="alice",
        name="Alice Marsh",
        role="Sponsor",
        cost=0.1,
        soft_limit=2,
        over_factor=3.0,
        patience=4,
        out_of_patience="I have nothing more to add.",
        fallback="fallback:alice",
        topics=[
            topic("deadline", "When the project must be delivered", ["What is the deadline?"], ["deadline"]),
            topic("budget", "Money available for the project", ["How much budget do we have?"], ["budget"]),
            topic(
                "threshold",
                "Why refunds above the review threshold are held",
                ["Why is the review threshold set like this?"],
                ["threshold"],
                gate=[GateCondition(describe="cites the ticket", pattern=r"REF-\d+")],
                gate_miss="gate_miss:threshold",
            ),
            topic(
                "currency",
                "Exchange rates used for refunds in foreign currencies",
                ["Which exchange rate is used for currency conversion?"],
                ["exchange rate"],
                requires_facts=["f_export"],
                requires_miss="requires_miss:currency",
            ),
            topic(
                "report",
                "The weekly reconciliation report",
                ["Is the weekly reconciliation report ready?"],
                ["reconciliation"],
                available_at="2026-03-04T09:00",
                stall="stall:report",
            ),
        ],
    )
    bob = Person(
        id="bob",
        name="Bob Chen",
        role="Data engineer",
        cost=0.05,
        away=["fri", "2026-03-03"],
        away_reply="away:bob",
        topics=[topic("export", "The nightly data export file", ["What columns does the export have?"], ["export"])],
    )
    carol = Person(id="carol", name="Carol Diaz", role="CFO", cost=0.5, off_limits=True, off_limits_reply="no:carol")
    inbox = [
        InboxMessage(id="hello", sender="alice", text="Welcome.", facts=["f_hello"]),
        InboxMessage(id="later", sender="bob", text="Export fixed.", at="2026-03-03T12:00", facts=["f_later"]),
        InboxMessage(id="nudge", sender="Alice Marsh", text="Any news?", after_asks=2),
        InboxMessage(id="followup", sender="bob", text="More on export.", after_fact="f_export"),
    ]
    fields: dict[str, Any] = {"person": [alice, bob, carol], "inbox": inbox, **overrides}
    return PeopleConfig(**fields)
