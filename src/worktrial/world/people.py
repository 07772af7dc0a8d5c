"""The people engine: who answers what, when, and at what cost.

Every operation that changes the world writes exactly one ledger entry and then applies that entry to the
in-memory state through `_apply`; building a `World` over an existing ledger replays its entries the same
way, so the state after a service restart is the state the ledger proves. Decisions use only the
configuration and that state, never wall-clock time, so the same actions always give the same ledger.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from worktrial.tasks.models import InboxMessage, PeopleConfig, Person, Topic, WorldConfig

from . import replies
from .clock import SimClock, describe_time, format_time, parse_duration, parse_time
from .evidence import EvidenceJudge, EvidenceState, MessageEvidence, RuleJudge
from .gates import Said, evidence_needs, judge_topic
from .ledger import Ledger, LedgerSummary, summarise
from .routing import Router
from .text import normalise

log = logging.getLogger(__name__)

MAX_QUESTION_CHARS = 4000
PILOT_MINUTES = 24 * 60

DEFAULT_OFF_LIMITS = "Thanks for your message. I'm not involved in this work; please go through your contact."
DEFAULT_STALL = "I don't have that yet; ask me again later."
# Statuses of an ask (ledger `status`), most informative first when several topics were asked at once.
TOPIC_STATUS = {"answered": "answered", "gate_miss": "gate_miss", "requires_miss": "gate_miss", "stall": "stall"}


@dataclass(frozen=True)
class PilotOutcome:
    """What staff noticed about one pilot run of the worker's current system."""

    feedback: str
    facts: list[str] = field(default_factory=list)


PilotRunner = Callable[[int], PilotOutcome]


@dataclass(frozen=True)
class Reply:
    text: str
    cost: float = 0.0
    facts: list[str] = field(default_factory=list)
    now: str = ""
    ok: bool = True
    people: list[dict[str, str]] = field(default_factory=list)  # `who` only
    # ask: the outcome (answered, repeat, gate_miss, stall, fallback, away, out_of_patience, off_limits);
    # any other request that was served: answered; a rejected request (unknown person, empty message, a limit): refused.
    status: str = "answered"


@dataclass
class _Outcome:
    """One message's reply. `status`: answered, repeat (topics or the message answered before), gate_miss (a
    gate or required fact missing), stall (not available yet), fallback (no topic matched), off_limits, away,
    out_of_patience."""

    status: str
    parts: list[str]
    topics: list[dict[str, Any]] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    refer: str = ""  # the colleague a fallback named


class World:
    """The people, clock, inbox and pilot of one trial, recorded in `ledger` (replayed if not empty).

    Every public method is thread-safe (one lock) and returns a `Reply`; refusals have `ok=False`, are free
    and leave no ledger entry.
    """

    def __init__(
        self,
        people: PeopleConfig,
        world: WorldConfig,
        ledger: Ledger,
        router: Router | None = None,
        pilot: PilotRunner | None = None,
        judge: EvidenceJudge | None = None,
    ) -> None:
        self.people = people
        self.config = world
        self.ledger = ledger
        self.router = router or Router(people)
        self.judge = judge or RuleJudge()
        self._pilot = pilot
        self._lock = threading.RLock()
        self.clock = SimClock(world.start)
        self._times = _check_times(people)
        self._questions: dict[str, list[str]] = {}  # every message sent, per person: gate evidence
        self._evidence: dict[str, dict[str, EvidenceState]] = {}  # per person: evidence facts shown so far
        self._answered: dict[str, int] = {}
        self._answered_topics: dict[str, set[str]] = {}
        self._pending: dict[str, list[str]] = {}  # per person: topics refused for missing evidence last time
        self._answered_texts: dict[str, set[str]] = {}  # normal forms of messages answered, per person
        self._asks = 0
        self._facts: dict[str, None] = {}  # insertion-ordered set
        self._read: set[str] = set()
        self._pilot_runs = 0
        for entry in ledger.entries:
            self._apply(entry)

    # ------------------------------------------------------------------ state

    @property
    def facts(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._facts)

    def summary(self) -> LedgerSummary:
        return summarise(self.ledger.entries)

    def _apply(self, entry: dict[str, Any]) -> None:
        """The only place state changes; used for new entries and for replaying a ledger."""
        self.clock.set(entry["now"])
        kind = entry["kind"]
        if kind == "ask":
            to = entry["to"]
            self._asks += 1
            self._questions.setdefault(to, []).append(entry["question"])
            self._evidence[to] = self._read_evidence(to, entry.get("evidence", {}))
            if entry.get("answered"):
                self._answered[to] = self._answered.get(to, 0) + 1
            if entry.get("status") in ("answered", "repeat"):
                self._answered_texts.setdefault(to, set()).add(normalise(entry["question"]))
            topics = entry.get("topics", [])
            # a changed stance, once given, is its own answer ("topic>fact"): a repeat gets its own short form
            done = {t["id"] for t in topics if t.get("result") == "answered" and "after" not in t}
            done |= {f"{t['id']}>{t['after']}" for t in topics if "after" in t}
            self._answered_topics.setdefault(to, set()).update(done)
            if topics:
                self._pending[to] = [t["id"] for t in topics if t.get("result") in ("gate_miss", "requires_miss")]
        elif kind == "inbox":
            self._read.update(entry.get("read", []))
        elif kind == "pilot":
            self._pilot_runs += 1
        self._facts.update(dict.fromkeys(entry.get("facts", [])))

    def _record(self, kind: str, **fields: Any) -> dict[str, Any]:
        entry = self.ledger.append(kind, **fields)
        self._apply(entry)
        return entry

    # ------------------------------------------------------------------ operations

    def who(self) -> Reply:
        with self._lock:
            listed = [{"id": p.id, "name": p.name, "role": p.role, "blurb": p.blurb} for p in self.people.people]
            lines = ['People you can contact (bin/ask PERSON "question"):']
            for p in listed:
                lines.append(f"  {p['id']:<12} {p['name']}, {p['role']}" + (f" -- {p['blurb']}" if p["blurb"] else ""))
            return Reply("\n".join(lines), now=self.clock.iso(), people=listed)

    def now(self) -> Reply:
        with self._lock:
            return Reply(f"It is {self.clock.describe()}.", now=self.clock.iso())

    def ask(self, person_id: str, question: str) -> Reply:
        with self._lock:
            person = self.people.person(person_id)
            if person is None:
                known = ", ".join(p.id for p in self.people.people)
                return self._error(f"There is nobody called {person_id!r}. People: {known} (see bin/ask --who).")
            text = question.strip()
            if not text:
                return self._error("Your message is empty; write a question.")
            if len(text) > MAX_QUESTION_CHARS:
                return self._error(f"Your message has {len(text)} characters; keep it under {MAX_QUESTION_CHARS}.")
            verdicts = self._judge(text)
            evidence = self._read_evidence(person.id, verdicts)
            outcome = self._respond(person, text, evidence, set(verdicts))
            answered = outcome.status == "answered"
            cost = self._ask_cost(person, answered, outcome.status == "off_limits")
            reply_at = self.clock.now + timedelta(minutes=self.config.ask_minutes)
            body = "\n\n".join(dict.fromkeys(outcome.parts))
            facts = list(dict.fromkeys(outcome.facts))
            shown = self._newly_shown(person.id, evidence)
            reply = body + self._inbox_note(reply_at, self._asks + 1, facts)
            extra: dict[str, Any] = {"refer": outcome.refer} if outcome.refer else {}
            if verdicts:
                extra["evidence"] = verdicts
            if shown:
                extra["shown"] = shown
            self._record(
                "ask",
                to=person.id,
                question=text,
                now=format_time(reply_at),
                status=outcome.status,
                off_limits=outcome.status == "off_limits",
                answered=answered,
                topics=outcome.topics,
                facts=facts,
                cost=cost,
                reply=reply,
                **extra,
            )
            return Reply(reply, cost, facts, self.clock.iso(), status=outcome.status)

    def wait(self, duration: str) -> Reply:
        with self._lock:
            try:
                minutes = parse_duration(duration)
            except ValueError as e:
                return self._error(str(e))
            limit = self.config.max_wait_days
            if minutes <= 0:
                return self._error("Wait at least one minute, e.g. 2h or 1d.")
            if minutes > limit * 1440:
                return self._error(f"You can wait at most {limit:g} days at a time.")
            until = self.clock.now + timedelta(minutes=minutes)
            before = {m.id for m in self._arrived(self.clock.now, self._asks, self._facts.keys())}
            arrived = [m for m in self._arrived(until, self._asks, self._facts.keys()) if m.id not in before]
            cost = round(minutes / 1440 * self.config.wait_cost_per_day, 6)
            news = (
                f" {_count(len(arrived), 'new inbox message')} arrived (bin/ask --inbox)."
                if arrived
                else " No new messages arrived."
            )
            shown = f"You waited {_span(minutes)}. It is now {describe_time(until)}.{news}"
            self._record("wait", minutes=minutes, now=format_time(until), facts=[], cost=cost, reply=shown)
            return Reply(shown, cost, [], self.clock.iso())

    def inbox(self) -> Reply:
        with self._lock:
            facts = dict(self._facts)
            fresh: list[InboxMessage] = []
            # Reading a message can disclose the fact another message waits for; show those at once too.
            while True:
                arrived = self._arrived(self.clock.now, self._asks, facts.keys())
                more = [m for m in arrived if m.id not in self._read and m.id not in {f.id for f in fresh}]
                if not more:
                    break
                fresh.extend(more)
                for m in more:
                    facts.update(dict.fromkeys(m.facts))
            new_facts = [f for f in facts if f not in self._facts]
            shown = self._format_inbox(arrived, {m.id for m in fresh})
            self._record(
                "inbox",
                read=[m.id for m in fresh],
                now=self.clock.iso(),
                facts=new_facts,
                cost=0.0,
                reply=shown,
            )
            return Reply(shown, 0.0, new_facts, self.clock.iso())

    def pilot(self) -> Reply:
        with self._lock:
            config = self.config.pilot
            if config is None or config.max_runs == 0:
                return self._error("There is no pilot in this engagement.")
            if self._pilot is None:
                return self._error("The pilot is not available right now.")
            if self._pilot_runs >= config.max_runs:
                return self._error(f"All {config.max_runs} pilot runs are used up.")
            run = self._pilot_runs + 1
            # The lock stays held while the pilot runs: a pilot takes a simulated day, and nothing else should
            # happen in the world meanwhile.
            try:
                outcome = self._pilot(run)
            except Exception:
                log.exception("pilot run %d failed", run)
                return self._error("The pilot could not be run (a problem on our side); try again.")
            cost = round(config.costs[min(run, len(config.costs)) - 1], 6) if config.costs else 0.0
            until = self.clock.now + timedelta(minutes=PILOT_MINUTES)
            facts = list(dict.fromkeys(outcome.facts))
            shown = (
                f"Pilot run {run} of {config.max_runs} finished; it is now {describe_time(until)}.\n\n"
                + outcome.feedback.strip()
                + self._inbox_note(until, self._asks, facts)
            )
            self._record(
                "pilot",
                run=run,
                now=format_time(until),
                feedback=outcome.feedback,
                facts=facts,
                cost=cost,
                reply=shown,
            )
            return Reply(shown, cost, facts, self.clock.iso())

    # ------------------------------------------------------------------ asking

    def _respond(
        self, person: Person, question: str, evidence: dict[str, EvidenceState], touched: set[str]
    ) -> _Outcome:
        """Decide the reply to one message, at the time it is sent; `touched`: facts it gave evidence on."""
        if person.off_limits:
            return _Outcome("off_limits", [person.off_limits_reply or DEFAULT_OFF_LIMITS])
        cap = self.config.total_questions
        if cap is not None and self._asks >= cap:
            return _Outcome("out_of_patience", [person.out_of_patience])
        if self.clock.weekday() in person.away or self.clock.date_iso() in person.away:
            return _Outcome("away", [person.away_reply])
        if self._answered.get(person.id, 0) >= person.patience:
            return _Outcome("out_of_patience", [person.out_of_patience])
        if normalise(question) in self._answered_texts.get(person.id, set()):
            return _Outcome("repeat", [replies.repeated(person)])
        matches = self.router.route(person.id, question)
        said = Said([*self._questions.get(person.id, []), question], self._facts, evidence)
        follow_ups = self._follow_ups(person, matches, said, touched)
        if not matches and not follow_ups:
            other = self._colleague_for(person, question)
            if other is None:
                return _Outcome("fallback", [person.fallback])
            return _Outcome("fallback", [replies.referral(person, other)], refer=other.id)
        topics = {t.id: t for t in person.topics}
        outcome = _Outcome("repeat", [])
        for topic_id, score in [*matches, *((t, 0.0) for t in follow_ups)]:
            topic = topics[topic_id]
            result, text, after = self._topic_reply(person, topic, said)
            outcome.parts.append(text)
            entry: dict[str, Any] = {"id": topic_id, "score": score, "result": result}
            if after is not None:
                entry["after"] = after
            outcome.topics.append(entry | ({"follow_up": True} if topic_id in follow_ups else {}))
            if result == "answered":
                outcome.facts.extend(topic.facts)
        results = [TOPIC_STATUS.get(t["result"], "repeat") for t in outcome.topics]
        outcome.status = next((s for s in ("answered", "gate_miss", "stall") if s in results), "repeat")
        return outcome

    def _topic_reply(self, person: Person, topic: Topic, said: Said) -> tuple[str, str, str | None]:
        """(result, reply text, the fact of the changed stance answered, if any)."""
        done = self._answered_topics.get(person.id, set())
        later = next((a for a in topic.after if a.fact in self._facts), None)
        if later is not None:
            if f"{topic.id}>{later.fact}" in done:
                return "repeat", replies.as_i_said(person, topic, later), None
            # asked again after the change: the new stance in full, but free like any repeat
            return ("repeat" if topic.id in done else "answered"), later.answer, later.fact
        if topic.id in done:
            return "repeat", replies.as_i_said(person, topic), None
        available = self._times.get(topic.available_at or "")
        if available is not None and self.clock.now < available:
            return "stall", topic.stall or DEFAULT_STALL, None
        gate = judge_topic(self.people, person, topic, said)
        return gate.result, gate.text if not gate.ok else topic.answer, None

    def _follow_ups(self, person: Person, matches: list[tuple[str, float]], said: Said, touched: set[str]) -> list[str]:
        """Topics refused last time for missing evidence (an evidence fact they need) that this message takes up
        again: answered now when the evidence is complete (the person was waiting for it), or refused again --
        saying what is still missing -- when the message asks nothing else but gives evidence towards it."""
        routed = {t for t, _ in matches}
        topics = {t.id: t for t in person.topics}
        out = []
        for topic_id in self._pending.get(person.id, []):
            topic = topics.get(topic_id)
            if topic is None or topic_id in routed:
                continue
            needs = evidence_needs(self.people, topic)
            if not needs:
                continue  # waiting for what only others can disclose: the worker has to ask again
            if judge_topic(self.people, person, topic, said).ok or (not matches and needs & touched):
                out.append(topic_id)
        return out

    def _colleague_for(self, person: Person, question: str) -> Person | None:
        """The colleague whose topic fits the question best, if it fits well; never someone off limits."""
        best: tuple[float, Person] | None = None
        for other in self.people.people:
            if other.id == person.id or other.off_limits:
                continue
            routed = self.router.route(other.id, question)
            if routed and routed[0][1] >= self.people.refer_threshold and (best is None or routed[0][1] > best[0]):
                best = (routed[0][1], other)
        return best[1] if best else None

    # ------------------------------------------------------------------ evidence

    def _judge(self, question: str) -> dict[str, dict[str, list[str]]]:
        """This message's verdict on every evidence fact that it touches (recorded in the ledger)."""
        verdicts = {}
        for fact in self.people.facts:
            verdict = self.judge.judge(fact.evidence, question)
            if verdict.met or verdict.against or verdict.off:
                verdicts[fact.id] = verdict.to_json()
        return verdicts

    def _read_evidence(self, person_id: str, verdicts: dict[str, Any]) -> dict[str, EvidenceState]:
        """The person's evidence state after one more message with these verdicts."""
        before = self._evidence.get(person_id, {})
        ids = dict.fromkeys([*before, *verdicts])
        return {f: before.get(f, EvidenceState()).after(MessageEvidence.from_json(verdicts.get(f, {}))) for f in ids}

    def _newly_shown(self, person_id: str, after: dict[str, EvidenceState]) -> list[str]:
        before = self._evidence.get(person_id, {})
        out = []
        for fact in self.people.facts:
            now = after.get(fact.id)
            if now is not None and now.shown(fact.evidence):
                was = before.get(fact.id)
                if was is None or not was.shown(fact.evidence):
                    out.append(fact.id)
        return out

    def _ask_cost(self, person: Person, answered: bool, off_limits: bool) -> float:
        if off_limits:
            return round(person.cost, 6)
        if not answered:
            return 0.0
        factor = person.over_factor if self._answered.get(person.id, 0) + 1 > person.soft_limit else 1.0
        return round(person.cost * factor, 6)

    # ------------------------------------------------------------------ inbox

    def _arrived(self, at: datetime, asks: int, facts: Container[str]) -> list[InboxMessage]:
        """Messages whose conditions (all that are set) hold at time `at`, after `asks` messages sent."""
        out = []
        for m in self.people.inbox:
            if m.at is not None and at < self._times[m.at]:
                continue
            if m.after_asks is not None and asks < m.after_asks:
                continue
            if m.after_fact is not None and m.after_fact not in facts:
                continue
            out.append(m)
        return out

    def _inbox_note(self, at: datetime, asks: int, new_facts: list[str]) -> str:
        facts = self._facts.keys() | set(new_facts)
        unread = [m for m in self._arrived(at, asks, facts) if m.id not in self._read]
        if not unread:
            return ""
        return f"\n\n(You have {_count(len(unread), 'unread inbox message')}: bin/ask --inbox)"

    def _format_inbox(self, arrived: list[InboxMessage], fresh: set[str]) -> str:
        if not arrived:
            return "Your inbox is empty."
        blocks = []
        for m in arrived:
            sender = self.people.person(m.sender)
            who = f"{sender.name} ({sender.id})" if sender else m.sender
            mark = "new" if m.id in fresh else "read"
            subject = f" -- {m.subject}" if m.subject else ""
            blocks.append(f"[{mark}] From {who}{subject}\n{m.text.strip()}")
        return "\n\n".join(blocks)

    def _error(self, text: str) -> Reply:
        return Reply(text, now=self.clock.iso(), ok=False, status="refused")


def _check_times(people: PeopleConfig) -> dict[str, datetime]:
    """Parse every time in the configuration up front, so a bad one fails at start-up, not mid-trial."""
    times: dict[str, datetime] = {}
    found = [(f"inbox {m.id!r} at", m.at) for m in people.inbox]
    found += [(f"topic {p.id}/{t.id} available_at", t.available_at) for p in people.people for t in p.topics]
    for where, value in found:
        if value is not None:
            try:
                times[value] = parse_time(value)
            except ValueError as e:
                raise ValueError(f"{where}: {e}") from None
    return times


def _span(minutes: int) -> str:
    days, rest = divmod(minutes, 1440)
    hours, mins = divmod(rest, 60)
    parts = [f"{days}d" if days else "", f"{hours}h" if hours else "", f"{mins}m" if mins else ""]
    return "".join(parts) or "0m"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
