"""What the desks report after a pilot week has been worked (variants with `pilot_report`).

`desk_report(items, stories, decisions, holds, truth)` plays the pilot week through the same desks as the KPI
(`_newsroom_corrections_harm.evaluate`) and says what each desk saw, in counts as the desks would log them -
never in money and never an item's hidden truth by name: the legal desk's load and how much of it needed
nothing, legal matters that reached it after their window or that it only heard of later, referrals
acknowledged late, corrections late or never made, items left in a queue nobody reads.
"""

from __future__ import annotations

from collections import Counter

from _newsroom_corrections_harm import evaluate, live_desk
from _newsroom_corrections_world import Truth


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def desk_report(
    items: list[dict], stories: dict[str, dict], decisions: dict[str, dict], holds: dict, truth: Truth
) -> list[str]:
    """Lines of the desks' report on the pilot week."""
    res = evaluate(items, stories, decisions, holds, truth)
    per_item = res["per_item"]
    desk_of = {iid: str(d.get("desk", "")).strip().upper() for iid, d in decisions.items()}
    at_desk: Counter[str] = Counter()
    idle: Counter[str] = Counter()
    dead: Counter[str] = Counter()
    for it in items:
        iid = str(it["item_id"])
        desk = desk_of.get(iid, "")
        if not desk or desk in ("NONE", "CLOSED"):
            continue
        if not live_desk(desk, str(it["received_at"])[:10], truth):
            dead[desk] += 1
            continue
        at_desk[desk] += 1
        if per_item[iid][0] == "NO_ACTION_NEEDED":
            idle[desk] += 1
    res_of: Counter[str] = Counter(r[0].removeprefix("REPUBLISHED_") for r in per_item.values())
    section_of = {
        str(it["item_id"]): str(stories.get(str(it.get("story_id") or ""), {}).get("section", "")) for it in items
    }
    court_late = sum(
        1 for iid, r in per_item.items() if r[0].endswith("LEGAL_LATE") and section_of[iid] in truth.legal_sections
    )
    lines = ["- when the week had been worked, the desks reported:"]
    lines.append(
        f"  - legal desk: {_n(at_desk['LEGAL'], 'item')} sent to it, {idle['LEGAL']} of them needing nothing from "
        f"Legal; {_n(res_of['LEGAL_LATE'], 'legal matter')} reached it after its window"
        + (f" ({court_late} about court reports)" if court_late else "")
        + f"; it heard later, from solicitors or the court, of {res_of['LEGAL_CLAIM']} it never saw;"
    )
    regulator = res["counts"]["regulator"]
    lines.append(
        f"  - Readers' Editor: {_n(at_desk['READERS'], 'item')}, {idle['READERS']} of them needing nothing; "
        f"NSC referrals: {regulator}, acknowledged late or not at all: {res['counts']['regulator_late']};"
    )
    others = sum(v for k, v in at_desk.items() if k not in ("LEGAL", "READERS"))
    idle_others = sum(v for k, v in idle.items() if k not in ("LEGAL", "READERS"))
    lines.append(
        f"  - section desks: {_n(others, 'item')}, {idle_others} of them needing nothing; corrections "
        f"published within 48 hours {res_of['CORRECTED']}, later {res_of['CORRECTED_LATE']}, readers still "
        f"waiting for one {res_of['NOT_CORRECTED']};"
    )
    if dead:
        lines.append(
            "  - left unread in a queue nobody picked up: " + ", ".join(f"{k} {v}" for k, v in sorted(dead.items()))
        )
    lines[-1] = lines[-1].rstrip(";") + "."
    return lines
