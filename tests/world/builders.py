"""Small people configurations built with the real pydantic models."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from worktrial.tasks.evidence import Claim, Evidence, Figure
from worktrial.tasks.models import Fact, GateCondition, InboxMessage, PeopleConfig, Person, Topic

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


EXPORT_EVIDENCE = Evidence(
    claims=[
        Claim(
            describe="what makes refunds go out twice",
            concepts=[
                [r"refunds?", r"duplicates?"],
                [
                    r"export\w*(?: job)? (?:runs?|ran|running|is run|was run) twice",
                    r"export\w* (?:starts?|started) twice",
                ],
            ],
            missing="What actually pays them twice?",
        )
    ],
    figures=[
        Figure(
            describe="how many returns were refunded twice last week",
            min=38,
            max=44,
            near=[[r"refund", r"duplicate", r"twice"]],
            missing="How many were paid twice?",
        ),
        Figure(describe="the share of refunds paid twice", min=3, max=5, unit="%", near=[[r"refund"]]),
    ],
    figures_needed=1,
    against=[
        Claim(
            describe="that customers claim twice",
            concepts=[[r"customers?"], [r"claim\w* (?:it )?twice", r"fraud\w*"]],
            missing="Fraud checked every one of them - they were not.",
        )
    ],
)


def evidence_cast() -> PeopleConfig:
    """maria approves the fix once the double export is shown (or heard from dev); dev knows it."""
    maria = Person(
        id="maria",
        name="Maria Okafor",
        role="Head of Customer Operations",
        fallback="Maria: Is this about the refunds fix?",
        topics=[
            topic(
                "approve_fix",
                "Sign-off for the worker's fix going live",
                ["Can you approve my fix?", "Please sign off the change.", "Do I have your go-ahead?"],
                ["approve", "sign off", "go-ahead"],
                answer="Maria: Approved. Go ahead with the export change. Log it in the change book.",
                requires_facts=["export_double_run"],
                requires_miss="Maria: Not before I know why we pay twice.",
            ),
            topic(
                "budget",
                "Money available for the project",
                ["How much budget do we have?"],
                ["budget"],
                answer="Maria: Ten days of work. Not more.",
                short="ten days.",
            ),
            topic(
                "audit",
                "The internal audit report",
                ["Can I see the internal audit report?"],
                ["audit"],
                answer="Maria: Here is the audit.",
                gate=[GateCondition(fact="export_double_run")],
                gate_miss="Maria: Why do you need it?",
            ),
        ],
    )
    dev = Person(
        id="dev",
        name="Dev Raman",
        role="Data engineer",
        topics=[
            topic(
                "export",
                "The nightly refund export job and how often it runs",
                ["How often does the refund export run?", "Does the nightly export job run twice?"],
                ["export", "cron"],
                answer="The export runs twice since the migration.",
                facts=["export_double_run"],
            )
        ],
    )
    lee = Person(
        id="lee",
        name="Lee Park",
        role="Finance analyst",
        topics=[topic("costs", "What refunds cost the company", ["How much do refunds cost us?"], ["cost"])],
    )
    vendor = Person(id="vendor", name="Vic Stone", role="Payments vendor", off_limits=True, topics=dev.topics)
    facts = [Fact(id="export_double_run", about="The export runs twice.", evidence=EXPORT_EVIDENCE)]
    return PeopleConfig(person=[maria, dev, lee, vendor], fact=facts)
