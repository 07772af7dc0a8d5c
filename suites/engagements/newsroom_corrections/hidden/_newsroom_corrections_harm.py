"""What a month of triage decisions costs the Wenmouth Courier, under a variant's hidden truth (GBP).

`evaluate(items, stories, decisions, holds, truth)` plays every item through the desks. A desk works to the
deadline the job gives it (`due_by`: some items well before it, some up to a fifth of the time after it); the
legal desk clears only `legal_capacity` items a day and the Readers' Editor `READERS_CAPACITY`, so what they
are sent beyond that waits for the next morning. An item at the wrong desk is passed on (the Readers' Editor in
2 h to Legal or 24 h to the story's desk; a section desk in a day or two); an item closed, written to an
unknown or no-longer-read desk queue, or given no triage row, is never seen. Costs:

- a legal-risk item (defamation, or a complaint about a court report: contempt, reporting restrictions,
  anonymity; or about a youth court report, where a child identified is an offence) the legal desk never
  sees: the claim or the court's sanction; seen after its window (4 h for court reports, 1 h for youth court
  reports, 24 h otherwise): part of it, more the later; on a syndicated story that partners republish within
  hours (from the variant's day, of the variant's sections), their copies too unless a HOLD went to the
  partner feed in time;
- a regulator referral not acknowledged within the Code's deadline (the deadline of the day it arrived);
- a factual error not corrected within the 48 h window (late), or never;
- editor time on items that need no action, by desk (the legal desk's time is dearest), and interruptions
  for deadlines under two hours; every story held on the partner titles costs their syndication fee.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from _newsroom_corrections_world import DESKS, SECRET, SECTION_DESK, Truth, originals, shared_story, truth_of

from worktrial.kit.grader import keyed_uniform

MISS = {"defamation": 3000.0, "court": 3500.0, "youth": 6000.0}
LATE_SHARE = (0.35, 0.45)  # late: MISS x (first + second x min(1, hours late / 48))
ACK_GBP = 1000.0
UNCORRECTED_GBP = {"reader": 400.0, "staff": 700.0, "cmsflag": 700.0}
CORRECTED_LATE_GBP = 200.0
WASTE_GBP = {"LEGAL": 60.0, "READERS": 15.0}
WASTE_DESK_GBP = 20.0
URGENT_GBP = 50.0  # an editor pulled off the page in hand
HOLD_GBP = 500.0  # the story's syndication fee from five partner titles, and their goodwill
READERS_CAPACITY = 18  # items the Readers' Editor clears a day
UNSEEN_H = 168.0  # a due date the desk cannot read: it looks at the item in a week


def parse_time(value: object) -> datetime | None:
    text = str(value or "").strip().replace("T", " ")
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d"):
        try:
            return datetime.strptime(text[: len(fmt) + 2], fmt)
        except ValueError:
            continue
    return None


def live_desk(desk: str, day: str, truth: Truth) -> bool:
    if desk not in DESKS:
        return False
    return not any(d == desk and day >= first for d, _, first in truth.merged)


def right_desk(section: str, day: str, truth: Truth) -> str:
    desk = SECTION_DESK.get(section, "READERS") if section else "READERS"
    for d, into, first in truth.merged:
        if d == desk and day >= first:
            desk = into
    return desk


def _queue(arrivals: list[tuple[datetime, str]], capacity: int) -> dict[str, datetime]:
    """When a desk with a daily capacity actually gets to each item: in arrival order, at most `capacity` a day."""
    used: dict[str, int] = {}
    served: dict[str, datetime] = {}
    for at, key in sorted(arrivals):
        when = at
        while used.get(when.date().isoformat(), 0) >= capacity:
            nxt = when.date() + timedelta(days=1)
            when = datetime(nxt.year, nxt.month, nxt.day, 9, 0)
        day = when.date().isoformat()
        used[day] = used.get(day, 0) + 1
        served[key] = when
    return served


def evaluate(
    items: list[dict], stories: dict[str, dict], decisions: dict[str, dict], holds: dict[str, datetime], truth: Truth
) -> dict:
    """items: rows of the intake; decisions: item_id -> {desk, due_by}; holds: story_id -> first HOLD time."""
    cost = dict.fromkeys(
        ("legal_missed", "legal_late", "republished", "regulator", "uncorrected", "wasted_time", "urgent", "holds"),
        0.0,
    )
    counts = dict.fromkeys(
        (
            "legal",
            "legal_missed",
            "legal_late",
            "republished",
            "regulator",
            "regulator_late",
            "factual",
            "uncorrected",
            "corrected_late",
            "not_actionable",
            "routed_needlessly",
            "no_decision",
            "dead_queue",
        ),
        0,
    )
    orig = originals(items)
    per_item: dict[str, tuple[str, str, float]] = {}
    plan = []
    arrivals: list[tuple[datetime, str]] = []
    for it in items:
        iid = str(it["item_id"])
        recv = parse_time(it["received_at"]) or datetime(2026, 1, 1)
        story = stories.get(str(it.get("story_id") or ""), {})
        section = str(story.get("section", "") or "")
        cat, kind = truth_of(iid, str(it["channel"]), section, truth) if iid in orig else ("NONE", "duplicate")
        dec = decisions.get(iid)
        desk = str((dec or {}).get("desk", "")).strip().upper()
        day = recv.date().isoformat()
        if dec is None:
            counts["no_decision"] += 1
        if desk and desk not in ("NONE", "CLOSED") and not live_desk(desk, day, truth):
            counts["dead_queue"] += 1
        live = live_desk(desk, day, truth)
        due = parse_time((dec or {}).get("due_by")) if live else None
        act = recv + timedelta(hours=UNSEEN_H)
        if due:  # desks work to the deadline: some well before it, some a little after
            pace = 0.45 + 0.75 * keyed_uniform(SECRET, iid, "pace")
            act = max(recv + (due - recv) * pace, recv + timedelta(minutes=15))
        if live and due and due - recv <= timedelta(hours=2):
            cost["urgent"] += URGENT_GBP
        entry = {
            "id": iid,
            "recv": recv,
            "cat": cat,
            "kind": kind,
            "desk": desk if live else "",
            "act": act,
            "story": story,
            "section": section,
            "day": day,
        }
        plan.append(entry)
    readers = _queue([(e["act"], e["id"]) for e in plan if e["desk"] == "READERS"], READERS_CAPACITY)
    for e in plan:  # the Readers' Editor reads her queue in order; what she cannot reach waits a day
        e["act"] = readers.get(e["id"], e["act"])
        if e["desk"] == "LEGAL":
            arrivals.append((e["act"], e["id"]))
        elif e["desk"] and e["cat"] == "LEGAL":
            arrivals.append((e["act"] + timedelta(hours=2 if e["desk"] == "READERS" else 24), e["id"]))
    served = _queue(arrivals, truth.legal_capacity)
    held_stories: set[str] = set()
    for e in plan:
        desk, recv, act, iid = e["desk"], e["recv"], e["act"], e["id"]
        cat, kind = e["cat"], e["kind"]
        if cat == "LEGAL":
            counts["legal"] += 1
            seen = served.get(iid)
            if seen is None:
                counts["legal_missed"] += 1
                cost["legal_missed"] += MISS[kind]
                out = ("LEGAL_CLAIM", "", MISS[kind])
            else:
                window = {"court": truth.court_window_h, "youth": truth.youth_window_h}.get(kind, truth.legal_window_h)
                over = (seen - recv).total_seconds() / 3600 - window
                out = ("LEGAL_HANDLED", _t(seen), 0.0)
                if over > 0:
                    counts["legal_late"] += 1
                    harm = MISS[kind] * (LATE_SHARE[0] + LATE_SHARE[1] * min(1.0, over / 48))
                    cost["legal_late"] += harm
                    out = ("LEGAL_LATE", _t(seen), harm)
            sid = str(e["story"].get("story_id", ""))
            republishing = truth.republish_h > 0 and e["day"] >= truth.republish_from
            republishing = republishing and (not truth.republish_sections or e["section"] in truth.republish_sections)
            syndicated = int(e["story"].get("syndicated", 0) or 0)
            shared = not syndicated and shared_story(e["story"], truth)
            if republishing and (syndicated or shared):
                hold = holds.get(sid)
                if hold is None or hold > recv + timedelta(hours=truth.republish_h):
                    extra = truth.shared_gbp if shared else truth.republish_gbp
                    counts["republished"] += 1
                    cost["republished"] += extra
                    out = ("REPUBLISHED_" + out[0], out[1], out[2] + extra)
            per_item[iid] = out
        elif cat == "STANDARDS":
            counts["regulator"] += 1
            ack = None
            if desk == "READERS":
                ack = act
            elif desk == "LEGAL":
                ack = served[iid] + timedelta(hours=24)
            elif desk:
                ack = act + timedelta(hours=48)
            new = e["day"] >= truth.regulator_deadline_from
            deadline = truth.regulator_deadline_h if new else truth.regulator_old_deadline_h
            per_item[iid] = ("NSC_ACKNOWLEDGED", _t(ack), 0.0)
            if ack is None or ack - recv > timedelta(hours=deadline):
                counts["regulator_late"] += 1
                cost["regulator"] += ACK_GBP
                per_item[iid] = ("NSC_NOT_ACKNOWLEDGED" if ack is None else "NSC_ACK_LATE", _t(ack), ACK_GBP)
        elif cat == "FACTUAL":
            counts["factual"] += 1
            right = right_desk(e["section"], e["day"], truth)
            fixed = None
            if desk == right:
                fixed = act
            elif desk == "READERS":
                fixed = act + timedelta(hours=24)
            elif desk == "LEGAL":
                fixed = served[iid] + timedelta(hours=24)
            elif desk:
                fixed = act + timedelta(hours=48)
            per_item[iid] = ("CORRECTED", _t(fixed), 0.0)
            if fixed is None:
                counts["uncorrected"] += 1
                cost["uncorrected"] += UNCORRECTED_GBP[kind]
                per_item[iid] = ("NOT_CORRECTED", "", UNCORRECTED_GBP[kind])
            elif fixed - recv > timedelta(hours=truth.correction_window_h):
                counts["corrected_late"] += 1
                cost["uncorrected"] += CORRECTED_LATE_GBP
                per_item[iid] = ("CORRECTED_LATE", _t(fixed), CORRECTED_LATE_GBP)
        else:
            counts["not_actionable"] += 1
            per_item[iid] = ("CLOSED", "", 0.0)
            if desk:
                counts["routed_needlessly"] += 1
                waste = WASTE_GBP.get(desk, WASTE_DESK_GBP)
                cost["wasted_time"] += waste
                per_item[iid] = ("NO_ACTION_NEEDED", _t(served.get(iid, act)), waste)
    for sid in holds:
        if int(stories.get(sid, {}).get("syndicated", 0) or 0) or shared_story(stories.get(sid, {}), truth):
            held_stories.add(sid)
    cost["holds"] = HOLD_GBP * len(held_stories)
    total = sum(cost.values())
    return {
        "cost_gbp": round(total, 2),
        "by_cost": {k: round(v, 2) for k, v in cost.items()},
        "counts": counts,
        "stories_held": len(held_stories),
        "per_item": per_item,
        "acted": {e["id"]: _t(e["act"]) for e in plan if e["desk"]},
    }


def _t(when: datetime | None) -> str:
    return when.strftime("%Y-%m-%d %H:%M") if when else ""
