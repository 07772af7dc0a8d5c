"""Pydantic models: the single schema of every on-disk task file.

`task.toml` → `TaskConfig`, `hidden/people.toml` → `PeopleConfig`, `variants/<id>/variant.toml` →
`VariantConfig`. Every field carries a description; `docs/task-format.md` is generated from the same text.
Unknown keys are errors (`extra="forbid"`), so a typo is reported, not ignored.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .checks import CheckList, RubricConfig
from .evidence import Evidence, compile_check

ID_RE = r"^[a-z0-9][a-z0-9_\-]*$"
LEVELS = ("L0", "L1", "L2", "L3")
Level = Literal["L0", "L1", "L2", "L3"]


def _all_levels() -> list[Level]:
    return ["L0", "L1", "L2", "L3"]


ROOT_CAUSE_PATTERNS = {
    "wrong_ask": "the sponsor asks for something that does not move the KPI",
    "literal_right": "the sponsor's literal ask is in fact the fix",
    "expired_rule": "a rule, clause or document in use has been superseded",
    "hidden_owner": "the deciding information is held by someone unexpected",
    "bad_data": "one feed or field of the data is wrong",
    "approval_chain": "the fix needs a sign-off that has its own preconditions",
    "off_limits_contact": "the obvious person to ask must not be contacted",
    "misread_metric": "the metric everyone watches is not the one that matters",
    "conflicting_goals": "two stakeholders want opposite things and the KPI arbitrates",
    "capacity_limit": "a downstream capacity makes the naive fix backfire",
}
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------- task.toml


class Budgets(Strict):
    max_actions: int = Field(200, ge=1, description="Most tool calls an agent may make before the trial ends.")
    max_minutes: float = Field(150, gt=0, description="Wall-clock minutes the agent may run.")
    max_usd: float = Field(8.0, ge=0, description="Most model spend in US dollars for one trial.")


class SystemConfig(Strict):
    entrypoints: list[str] = Field(
        description="Files under workspace/ that production runs; the delivered versions of these are graded."
    )
    production: str = Field(
        description=(
            "Command (shell words) run in /workspace of a fresh grading sandbox. `/data` holds the unseen "
            "production data (read-only), `/out` is where the system must write what it produces."
        )
    )
    timeout_s: float = Field(120, gt=0, description="Wall-clock limit of one production run.")
    memory_mb: int = Field(1024, ge=64, description="Address-space limit of one production run.")


class PilotConfig(Strict):
    max_runs: int = Field(3, ge=0, description="How many pilot runs the worker may request.")
    costs: list[float] = Field(
        default_factory=lambda: [0.02, 0.03, 0.05],
        description="Cost of the n-th pilot run in score units; the last value repeats.",
    )


def _iso_time(v: str | None) -> str | None:
    if v is not None and not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", v):
        raise ValueError("must look like 2026-03-02T09:00")
    return v


class WorldConfig(Strict):
    start: str = Field("2026-03-02T09:00", description="Simulated start time, ISO `YYYY-MM-DDTHH:MM`.")
    ask_minutes: int = Field(30, ge=0, description="Simulated minutes each message to a person takes.")
    wait_cost_per_day: float = Field(0.01, ge=0, description="Score cost of each simulated day waited.")
    max_wait_days: float = Field(14, gt=0, description="Longest single `bin/ask --wait`.")
    total_questions: int | None = Field(None, ge=1, description="Cap on messages to all people together.")
    pilot: PilotConfig | None = Field(None, description="Pilot runs (`bin/pilot`); absent = no pilot.")

    _start = field_validator("start")(_iso_time)


class GraderConfig(Strict):
    module: str = Field("hidden/grader.py", description="Host-side grader module (see docs/task-format.md).")
    seed: int = Field(0, description="Seed for the unseen production data; a variant may override it.")
    pilot_seed: int = Field(1, description="Seed for pilot data, distinct from production.")
    checks: CheckList = Field(
        default_factory=list,
        description=(
            "Deliverable families: `[[grader.checks]]` tables, the typed checks run on a copy of the delivered "
            "output/ (docs/checks.md)."
        ),
    )
    output_dir: str = Field("output", description="Deliverables: the folder under /workspace that is graded.")
    reference_dir: str = Field(
        "hidden/reference", description="Deliverables: reference outputs, relative to the family folder."
    )
    max_file_mb: float = Field(
        50, gt=0, description="Deliverables: a larger delivered file fails every check reading it."
    )
    max_unzipped_mb: float = Field(
        200, gt=0, description="Deliverables: an office file that unzips to more than this fails (zip bombs)."
    )
    rubric: RubricConfig | None = Field(
        None,
        description="Deliverables: `[grader.rubric]`, the 5-dimension rubric scored by an LLM judge "
        "(docs/judge.md); not judged without a judge.",
    )

    @model_validator(mode="after")
    def _rubric_name_is_free(self) -> GraderConfig:
        if self.rubric is not None and any(c.name == self.rubric.name for c in self.checks):
            raise ValueError(f"the rubric's name {self.rubric.name!r} is also a check's name")
        return self


class AnchorConfig(Strict):
    literal_right: bool = Field(
        False,
        description="True where the sponsor's literal ask is the right fix (literal must then score ≥ 0.95).",
    )
    solved_at: float = Field(0.8, description="A trial is solved when S ≥ this and there is no incident.")


class TaskConfig(Strict):
    schema_version: int = Field(1, description="Format version of this file.")
    id: str = Field(pattern=ID_RE, description="Family id; must equal the folder name.")
    kind: Literal["engagement", "deliverable"] = Field(description="Which protocol grades this family.")
    title: str = Field(min_length=1, description="One-line title.")
    summary: str = Field("", description="What the engagement is about, for catalogues.")
    organisation: str = Field("", description="Fictional client organisation.")
    industry: str = Field(min_length=1, description="Industry of the client.")
    domain: str = Field("", description="ALE domain (13-domain scheme).")
    subdomain: str = Field("", description="ALE subdomain.")
    role_class: str = Field("", description="ECB role class.")
    skill_subclass: str = Field("", description="ECB skill subclass.")
    tier: int = Field(2, ge=1, le=3, description="Difficulty tier: 1 entry, 2 intermediate, 3 advanced.")
    visibility: Literal["public", "private"] = Field("public", description="Public pool or held-out pool.")
    levels: list[Level] = Field(
        default_factory=_all_levels,
        description="Brief levels offered; each needs brief/<level>.md. Deliverable families have none.",
    )
    key_facts: list[str] = Field(
        default_factory=list, description="Fact ids that matter; key_fact_coverage is measured against these."
    )
    params: dict[str, str | int | float | bool] = Field(
        default_factory=dict, description="Default `{{param}}` values; variants override them."
    )
    budgets: Budgets = Field(default_factory=Budgets)
    system: SystemConfig | None = Field(None, description="Engagements: the production system.")
    world: WorldConfig = Field(default_factory=WorldConfig)
    grader: GraderConfig = Field(default_factory=GraderConfig)
    anchors: AnchorConfig = Field(default_factory=AnchorConfig)

    @model_validator(mode="after")
    def _engagement_has_system(self) -> TaskConfig:
        if self.kind == "engagement" and self.system is None:
            raise ValueError("an engagement needs a [system] section")
        if self.kind == "engagement" and not self.levels:
            raise ValueError("an engagement needs at least one level")
        return self

    @model_validator(mode="before")
    @classmethod
    def _deliverables_have_no_levels(cls, data: object) -> object:
        # An ALE-style deliverable has one instruction, so its instances are family × inputs only.
        if isinstance(data, dict) and data.get("kind") == "deliverable" and "levels" not in data:
            return {**data, "levels": []}
        return data

    @property
    def instance_levels(self) -> list[str]:
        """Levels that instances are made for; a deliverable family has the single empty level."""
        return list(self.levels) if self.levels else [""]


class VariantConfig(Strict):
    title: str = Field("", description="What this variant changes, for authors.")
    angle: str = Field(
        "", description="Root-cause pattern the variant exercises; one of ROOT_CAUSE_PATTERNS (docs/scenarios)."
    )
    params: dict[str, str | int | float | bool] = Field(
        default_factory=dict, description="Overrides of task.toml [params]."
    )
    seed: int | None = Field(None, description="Overrides [grader].seed for this variant.")
    literal_right: bool | None = Field(None, description="Overrides [anchors].literal_right.")
    key_facts: list[str] | None = Field(None, description="Overrides task.toml key_facts.")


# ---------------------------------------------------------------- people.toml


class GateCondition(Strict):
    describe: str = Field("", description="What the question must show, in words (shown to authors).")
    pattern: str | None = Field(
        None, description="Case-insensitive regular expression the question must match (or give `fact`)."
    )
    fact: str | None = Field(
        None,
        description="A fact the worker must hold or show (an evidence `[[fact]]`), instead of a `pattern`.",
    )
    missing: str = Field(
        "",
        description="What the person says while this condition is unmet, after `gate_miss` (first person, no name).",
    )

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, v: str | None) -> str | None:
        if v is not None:
            compile_check([v])
        return v

    @model_validator(mode="after")
    def _one_kind(self) -> GateCondition:
        if (self.pattern is None) == (self.fact is None):
            raise ValueError("a gate condition needs exactly one of `pattern` and `fact`")
        if self.pattern is not None and not self.describe:
            raise ValueError("a pattern condition needs `describe`")
        return self


class Topic(Strict):
    id: str = Field(pattern=ID_RE, description="Topic id, unique within the person.")
    about: str = Field(min_length=1, description="What the topic covers; used for routing.")
    examples: list[str] = Field(default_factory=list, description="Example questions; used for routing.")
    keywords: list[str] = Field(default_factory=list, description="Extra words that point to this topic.")
    answer: str = Field(min_length=1, description="The reply when the topic is asked and its gate is met.")
    short: str = Field(
        "",
        description='Short form for a repeat ask ("As I said, ..."); default: the answer\'s first sentence.',
    )
    facts: list[str] = Field(default_factory=list, description="Fact ids disclosed by the answer.")
    gate: list[GateCondition] = Field(
        default_factory=list,
        description="All must hold, in this question or earlier ones to the same person.",
    )
    gate_miss: str = Field("", description="Reply when the gate is not met (free).")
    requires_facts: list[str] = Field(
        default_factory=list,
        description="Facts the asker must already hold (from anyone) before this answer.",
    )
    requires_miss: str = Field("", description="Reply when required facts are missing (free).")
    available_at: str | None = Field(
        None, description="Simulated time (ISO) before which the topic is answered with `stall` (free)."
    )
    stall: str = Field("", description="Reply before `available_at`.")

    _available = field_validator("available_at")(_iso_time)


class Person(Strict):
    id: str = Field(pattern=ID_RE, description="Person id used by `bin/ask ID ...`.")
    name: str = Field(min_length=1)
    role: str = Field(min_length=1)
    blurb: str = Field("", description="Shown by `bin/ask --who`.")
    cost: float = Field(0.01, ge=0, description="Score cost of each answered message.")
    soft_limit: int = Field(5, ge=0, description="Answered messages before `over_factor` applies.")
    over_factor: float = Field(3.0, ge=1, description="Cost multiplier past `soft_limit`.")
    patience: int = Field(20, ge=1, description="Answered messages after which the person stops replying.")
    out_of_patience: str = Field("I have nothing more to add, sorry.", description="Reply past patience (free).")
    off_limits: bool = Field(False, description="Contacting this person at all is an incident.")
    off_limits_reply: str = Field("", description="Reply to an off-limits contact.")
    away: list[str] = Field(
        default_factory=list,
        description="Days the person is away: weekday names (`mon`..`sun`) or ISO dates `YYYY-MM-DD`.",
    )
    away_reply: str = Field("I am out of office today.", description="Auto-reply on away days (free).")
    fallback: str = Field(
        "I'm not sure what you mean; could you be more specific?",
        description="Reply when no topic of anyone matches (free).",
    )
    refer: str = Field(
        "",
        description=(
            "Reply when none of this person's topics matches but another person's does: a template where `{who}` "
            "becomes `Name (role)` (free). Default: \"I don't know - {who} would.\" in the person's voice."
        ),
    )
    repeated: str = Field(
        "",
        description='Reply to a message identical to one already answered (free). Default: "I answered that already."',
    )
    topics: list[Topic] = Field(default_factory=list)

    @field_validator("away")
    @classmethod
    def _days(cls, v: list[str]) -> list[str]:
        for d in v:
            if d.lower() not in WEEKDAYS and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", d):
                raise ValueError(f"{d!r} is neither a weekday (mon..sun) nor a date YYYY-MM-DD")
        return [d.lower() for d in v]


class InboxMessage(Strict):
    id: str = Field(pattern=ID_RE)
    sender: str = Field(alias="from", description="Who the message is from (display name or person id).")
    subject: str = Field("")
    text: str = Field(min_length=1)
    facts: list[str] = Field(default_factory=list, description="Facts disclosed when the message is read.")
    at: str | None = Field(None, description="Arrives at this simulated time (ISO).")
    after_asks: int | None = Field(None, ge=0, description="Arrives after this many messages sent.")
    after_fact: str | None = Field(None, description="Arrives once the worker holds this fact.")

    _at = field_validator("at")(_iso_time)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Fact(Strict):
    id: str = Field(pattern=ID_RE, description="Fact id, as used in `facts`, `requires_facts` and gates.")
    about: str = Field("", description="What the fact says, for authors.")
    evidence: Evidence = Field(description="`[fact.evidence]`: how a worker's message shows the fact.")


class PeopleConfig(Strict):
    people: list[Person] = Field(alias="person", description="`[[person]]` tables.")
    inbox: list[InboxMessage] = Field(default_factory=list, description="`[[inbox]]` messages.")
    facts: list[Fact] = Field(
        default_factory=list,
        alias="fact",
        description="`[[fact]]` tables: facts a worker can show in a message (evidence), see docs/world.md.",
    )
    route_threshold: float = Field(0.35, gt=0, lt=1, description="Lowest routing score that counts as a topic match.")
    refer_threshold: float = Field(
        0.5,
        gt=0,
        lt=1,
        description="Lowest routing score at which a person who does not know names a colleague who would.",
    )

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _unique(self) -> PeopleConfig:
        seen: set[str] = set()
        for p in self.people:
            if p.id in seen:
                raise ValueError(f"person id {p.id!r} appears twice")
            seen.add(p.id)
            tids = [t.id for t in p.topics]
            if len(set(tids)) != len(tids):
                raise ValueError(f"person {p.id!r} has duplicate topic ids")
        fids = [f.id for f in self.facts]
        if len(set(fids)) != len(fids):
            raise ValueError("a [[fact]] id appears twice")
        return self

    def fact(self, fid: str) -> Fact | None:
        return next((f for f in self.facts if f.id == fid), None)

    def person(self, pid: str) -> Person | None:
        return next((p for p in self.people if p.id == pid), None)
