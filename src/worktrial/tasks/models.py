"""Pydantic models: the single schema of every on-disk task file.

`task.toml` → `TaskConfig`, `hidden/people.toml` → `PeopleConfig`, `variants/<id>/variant.toml` →
`VariantConfig`. Every field carries a description; `docs/task-format.md` is generated from the same text.
Unknown keys are errors (`extra="forbid"`), so a typo is reported, not ignored; nan and inf are refused in
every number (`allow_inf_nan=False`); paths may not leave the folder they are relative to (`RelPath`).
"""

from __future__ import annotations

import shlex
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .checks import CheckList
from .evidence import Evidence, compile_check
from .fields import (
    FactId,
    Id,
    ParamName,
    ParamValue,
    RelPath,
    invalid,
    minute_time,
    real_date,
    under,
    unique,
)
from .rubric import RubricConfig

SCHEMA_VERSION = 1
"""The task.toml format this worktrial reads."""
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


STRICT = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Strict(BaseModel):
    model_config = STRICT


# ---------------------------------------------------------------- task.toml


class Budgets(Strict):
    max_actions: int = Field(200, ge=1, description="Most tool calls an agent may make before the trial ends.")
    max_minutes: float = Field(150, gt=0, description="Wall-clock minutes the agent may run.")
    max_usd: float = Field(8.0, ge=0, description="Most model spend in US dollars for one trial.")
    disk_mb: int = Field(
        2048, ge=16, description="Disk the workspace may hold during the trial; past it the session is stopped."
    )


class SystemConfig(Strict):
    entrypoints: Annotated[list[RelPath], unique("entrypoint")] = Field(
        min_length=1,
        description="Files under workspace/ that production runs; the delivered versions of these are graded.",
    )
    production: str = Field(
        description=(
            "Command (shell words) run in /workspace of a fresh grading sandbox. `/data` holds the unseen "
            "production data (read-only), `/out` is where the system must write what it produces."
        )
    )
    timeout_s: float = Field(120, gt=0, description="Wall-clock limit of one production run.")
    memory_mb: int = Field(1024, ge=64, description="Address-space limit of one production run.")
    disk_mb: int = Field(
        1024, ge=16, description="Disk the run's workspace and `/out` may hold together; past it the run stops."
    )

    @field_validator("production")
    @classmethod
    def _shell_words(cls, v: str) -> str:
        try:
            words = shlex.split(v)
        except ValueError as e:
            raise invalid(f"not a shell command: {e}", "balance the quotes") from None
        if not words:
            raise invalid("the command is empty", "write the command that runs the system")
        return v


class PilotConfig(Strict):
    max_runs: int = Field(3, ge=0, description="How many pilot runs the worker may request.")
    costs: list[Annotated[float, Field(ge=0)]] = Field(
        default_factory=lambda: [0.02, 0.03, 0.05],
        description="Cost of the n-th pilot run in score units; the last value repeats.",
    )


class WorldConfig(Strict):
    start: str = Field("2026-03-02T09:00", description="Simulated start time, ISO `YYYY-MM-DDTHH:MM`.")
    ask_minutes: int = Field(30, ge=0, description="Simulated minutes each message to a person takes.")
    wait_cost_per_day: float = Field(0.01, ge=0, description="Score cost of each simulated day waited.")
    max_wait_days: float = Field(14, gt=0, description="Longest single `bin/ask --wait`.")
    total_questions: int | None = Field(None, ge=1, description="Cap on messages to all people together.")
    pilot: PilotConfig | None = Field(None, description="Pilot runs (`bin/pilot`); absent = no pilot.")

    _start = field_validator("start")(minute_time)


class GraderConfig(Strict):
    module: Annotated[str, under("hidden/", ".py")] = Field(
        "hidden/grader.py", description="Grader module, run in its own bounded process (docs/task-format.md)."
    )
    seed: int = Field(0, description="Seed for the unseen production data; a variant may override it.")
    pilot_seed: int = Field(1, description="Seed for pilot data, distinct from production.")
    checks: CheckList = Field(
        default_factory=list,
        description=(
            "Deliverable families: `[[grader.checks]]` tables, the typed checks run on a copy of the delivered "
            "output/ (docs/checks.md)."
        ),
    )
    clock: str | None = Field(
        None,
        description=(
            "Time (ISO `YYYY-MM-DDTHH:MM`) the clock shows at the start of every grading sandbox (production and "
            "pilot runs, checks), so grading does not depend on the day it runs; default: `[world].start`."
        ),
    )
    output_dir: RelPath = Field("output", description="Deliverables: the folder under /workspace that is graded.")
    reference_dir: Annotated[str, under("hidden/")] = Field(
        "hidden/reference", description="Deliverables: reference outputs, relative to the family folder."
    )
    max_file_mb: float = Field(
        50, gt=0, description="Deliverables: a larger delivered file fails every check reading it."
    )
    max_unzipped_mb: float = Field(
        200, gt=0, description="Deliverables: an office file that unzips to more than this fails (zip bombs)."
    )
    budget_s: float = Field(
        600,
        gt=0,
        description="Wall-clock seconds the task's own code (generate, kpi, pilot_feedback, custom checks) may "
        "take in one trial's grading, all calls together; running past it is the task's error.",
    )
    memory_mb: int = Field(
        2048, ge=256, description="Address-space limit of each process that runs the task's own code."
    )
    rubric: RubricConfig | None = Field(
        None,
        description="Deliverables: `[grader.rubric]`, the 5-dimension rubric scored by an LLM judge "
        "(docs/judge.md); not judged without a judge.",
    )

    _clock = field_validator("clock")(minute_time)

    @model_validator(mode="after")
    def _rubric_name_is_free(self) -> GraderConfig:
        if self.rubric is not None and any(c.name == self.rubric.name for c in self.checks):
            raise ValueError(f"the rubric's name {self.rubric.name!r} is also a check's name")
        return self

    @field_validator("output_dir")
    @classmethod
    def _not_platform_folder(cls, v: str) -> str:
        if v.strip("/").split("/")[0] in ("input", "bin", "TASK.md"):
            raise invalid(f"{v!r} is filled by the platform, not by the worker", "grade a folder such as output")
        return v


class AnchorConfig(Strict):
    literal_right: bool = Field(
        False,
        description="True where the sponsor's literal ask is the right fix (literal must then score ≥ 0.95).",
    )
    solved_at: float = Field(0.8, gt=0, le=1, description="A trial is solved when S ≥ this and there is no incident.")


class TaskConfig(Strict):
    schema_version: int = Field(SCHEMA_VERSION, description="Format version of this file.")
    id: Id = Field(description="Family id; must equal the folder name.")
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
    levels: Annotated[list[Level], unique("level")] = Field(
        default_factory=_all_levels,
        description="Brief levels offered; each needs brief/<level>.md. Deliverable families have none.",
    )
    key_facts: Annotated[list[FactId], unique("key fact")] = Field(
        default_factory=list, description="Fact ids that matter; key_fact_coverage is measured against these."
    )
    params: dict[ParamName, ParamValue] = Field(
        default_factory=dict, description="Default `{{param}}` values; variants override them."
    )
    budgets: Budgets = Field(default_factory=Budgets)
    system: SystemConfig | None = Field(None, description="Engagements: the production system.")
    world: WorldConfig = Field(default_factory=WorldConfig)
    grader: GraderConfig = Field(default_factory=GraderConfig)
    anchors: AnchorConfig = Field(default_factory=AnchorConfig)

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, v: int) -> int:
        if v != SCHEMA_VERSION:
            raise invalid(
                f"schema_version {v} is not supported; this worktrial reads version {SCHEMA_VERSION}",
                f"write schema_version = {SCHEMA_VERSION} and the format of docs/task-format.md",
            )
        return v

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
    def grading_clock(self) -> str:
        """The time grading sandboxes start at: `[grader].clock`, else the world's start."""
        return self.grader.clock or self.world.start

    @property
    def instance_levels(self) -> list[str]:
        """Levels that instances are made for; a deliverable family has the single empty level."""
        return list(self.levels) if self.levels else [""]


class VariantConfig(Strict):
    title: str = Field("", description="What this variant changes, for authors.")
    angle: str = Field(
        "", description="Root-cause pattern the variant exercises; one of ROOT_CAUSE_PATTERNS (docs/scenarios)."
    )
    params: dict[str, ParamValue] = Field(default_factory=dict, description="Overrides of task.toml [params].")
    seed: int | None = Field(None, description="Overrides [grader].seed for this variant.")
    literal_right: bool | None = Field(None, description="Overrides [anchors].literal_right.")
    key_facts: Annotated[list[FactId], unique("key fact")] | None = Field(
        None, description="Overrides task.toml key_facts."
    )
    world_start: str | None = Field(
        None,
        description=(
            "Overrides `[world].start` (and so the default grading clock) for this variant, for a variant set in "
            "another period than the family's default."
        ),
    )

    _world_start = field_validator("world_start")(minute_time)


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


class TopicAfter(Strict):
    """A changed stance: once the asker holds `fact`, the topic is answered with `answer` instead."""

    fact: FactId = Field(description="Fact (from anyone) after which the person answers differently.")
    answer: str = Field(min_length=1, description="The reply from then on, once; a repeat gets its short form.")
    short: str = Field("", description='Short form for a repeat ("As I said, ..."); default: the first sentence.')


class Topic(Strict):
    id: Id = Field(description="Topic id, unique within the person.")
    about: str = Field(min_length=1, description="What the topic covers; used for routing.")
    examples: list[str] = Field(default_factory=list, description="Example questions; used for routing.")
    keywords: list[str] = Field(default_factory=list, description="Extra words that point to this topic.")
    answer: str = Field(min_length=1, description="The reply when the topic is asked and its gate is met.")
    short: str = Field(
        "",
        description='Short form for a repeat ask ("As I said, ..."); default: the answer\'s first sentence.',
    )
    facts: list[FactId] = Field(default_factory=list, description="Fact ids disclosed by the answer.")
    gate: list[GateCondition] = Field(
        default_factory=list,
        description="All must hold, in this question or earlier ones to the same person.",
    )
    gate_miss: str = Field("", description="Reply when the gate is not met (free).")
    requires_facts: list[FactId] = Field(
        default_factory=list,
        description="Facts the asker must already hold (from anyone) before this answer.",
    )
    requires_miss: str = Field("", description="Reply when required facts are missing (free).")
    available_at: str | None = Field(
        None, description="Simulated time (ISO) before which the topic is answered with `stall` (free)."
    )
    stall: str = Field("", description="Reply before `available_at`.")
    after: list[TopicAfter] = Field(
        default_factory=list,
        description=(
            "Changed stances, first whose fact the asker holds wins: a sponsor who has agreed to a change of scope "
            "no longer restates the original ask as if nothing had happened."
        ),
    )

    _available = field_validator("available_at")(minute_time)


class Person(Strict):
    id: Id = Field(description="Person id used by `bin/ask ID ...`.")
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

    @field_validator("topics")
    @classmethod
    def _unique_topics(cls, topics: list[Topic]) -> list[Topic]:
        _once("topic id", [t.id for t in topics])
        return topics

    @field_validator("away")
    @classmethod
    def _days(cls, v: list[str]) -> list[str]:
        for d in v:
            if d.lower() not in WEEKDAYS and not real_date(d):
                raise invalid(f"{d!r} is neither a weekday nor a date", "write mon … sun or a date YYYY-MM-DD")
        return [d.lower() for d in v]


class InboxMessage(Strict):
    id: Id
    sender: str = Field(alias="from", description="Who the message is from (display name or person id).")
    subject: str = Field("")
    text: str = Field(min_length=1)
    facts: list[FactId] = Field(default_factory=list, description="Facts disclosed when the message is read.")
    at: str | None = Field(None, description="Arrives at this simulated time (ISO).")
    after_asks: int | None = Field(None, ge=0, description="Arrives after this many messages sent.")
    after_fact: FactId | None = Field(None, description="Arrives once the worker holds this fact.")

    _at = field_validator("at")(minute_time)

    model_config = ConfigDict(**STRICT, populate_by_name=True)


class Fact(Strict):
    id: Id = Field(description="Fact id, as used in `facts`, `requires_facts` and gates.")
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

    model_config = ConfigDict(**STRICT, populate_by_name=True)

    @field_validator("people")
    @classmethod
    def _unique_people(cls, people: list[Person]) -> list[Person]:
        _once("person id", [p.id for p in people])
        return people

    @field_validator("inbox")
    @classmethod
    def _unique_messages(cls, inbox: list[InboxMessage]) -> list[InboxMessage]:
        _once("message id", [m.id for m in inbox])
        return inbox

    @field_validator("facts")
    @classmethod
    def _unique_facts(cls, facts: list[Fact]) -> list[Fact]:
        _once("fact id", [f.id for f in facts])
        return facts

    def fact(self, fid: str) -> Fact | None:
        return next((f for f in self.facts if f.id == fid), None)

    def person(self, pid: str) -> Person | None:
        return next((p for p in self.people if p.id == pid), None)


def _once(what: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            raise invalid(f"{what} {ident!r} appears twice", "give each one its own id")
        seen.add(ident)
