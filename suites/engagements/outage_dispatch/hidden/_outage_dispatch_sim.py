"""What really happens to a dispatch plan (outage_dispatch): crews work their lists in order, HV jobs queue at
the control room's switching desks, unauthorised crews hand HV jobs back, some feeders re-trip when restored
without a patrol; and what it costs the company.

A plan is a list of rows (outage_id, crew_id, seq, dispatch_at, patrol). Each crew works its rows in `seq`
order: it leaves when it is free, the fault has been reported and `dispatch_at` has come, never between 22:00
and 07:00 (the welfare limit), and pays overtime after 19:00.
"""

from __future__ import annotations

import heapq
from datetime import datetime

from _outage_dispatch_world import (
    DAY_START,
    MUTUAL_AID_DEPOT,
    NIGHT_START,
    SECRET,
    TRAVEL_AID,
    TRAVEL_OTHER,
    TRAVEL_SAME,
    _p,
    hv_valid,
    true_customers,
    true_repair,
)

from worktrial.kit.grader import keyed_uniform

CML_RATE = 0.10  # GBP per customer minute lost (the incentive rate, storm-adjusted)
PSR_EXTRA = 3.0  # a priority-register customer's minute weighs 1 + PSR_EXTRA
PSR_WELFARE = 400.0  # per PSR customer off supply 6 h or more: welfare visit, generator, hot food
GS_FIRST, GS_NEXT = 80.0, 40.0  # guaranteed standard: per customer at 12 h, and per further 12 h
OVERTIME_RATE = 320.0  # per crew-hour after 19:00
CONTRACTOR_SLOW = 1.4  # repair time of a contractor crew, relative to ours
CONTRACTOR_DAY = 4500.0  # per contractor crew per day it is called out
SWITCH_ISOLATE, SWITCH_RESTORE = 30, 20
BACKFEED = 0.6  # share of an HV outage's customers restored by switching once the fault is isolated
PATROL_MIN, HANDBACK_WAIT, HANDBACK_DELAY, RETRIP_REWORK = 50, 30, 480, 150
REFUSED_DELAY = 720  # a job refused for hours on duty: from 07:00 the next day, after the reserve's own list


def minute_of(ts: str, day0: datetime) -> int:
    return int((datetime.fromisoformat(ts[:16]) - day0).total_seconds() // 60)


def day_of(minute: int, day0: datetime) -> str:
    from datetime import timedelta

    return (day0 + timedelta(minutes=minute)).date().isoformat()


def window(t: int, shift: str) -> int:
    """The first minute at or after t at which a crew of this shift may set off on a job."""
    tod, d = t % 1440, t // 1440
    if shift == "night":
        return t if tod >= NIGHT_START or tod < DAY_START else d * 1440 + NIGHT_START
    if tod < DAY_START:
        return d * 1440 + DAY_START
    return t if tod < NIGHT_START else (d + 1) * 1440 + DAY_START


def shift_end(depart: int, shift: str) -> int:
    d, tod = depart // 1440, depart % 1440
    if shift == "night":
        return (d + 1) * 1440 + DAY_START if tod >= NIGHT_START else d * 1440 + DAY_START
    return d * 1440 + NIGHT_START


def travel(crew: dict, outage: dict) -> int:
    if crew["depot"] == MUTUAL_AID_DEPOT or crew.get("crew_type") == "contractor":
        return TRAVEL_AID if crew["depot"] == MUTUAL_AID_DEPOT else TRAVEL_OTHER
    return TRAVEL_SAME if crew["depot"] == outage["depot"] else TRAVEL_OTHER


def retrips(o: dict, patrolled: bool, params: dict, circuit: str) -> bool:
    if o["level"] != "HV" or circuit == "UG":
        return False
    bad = o["depot"] in str(_p(params, "retrip_depot", "CLH")).split(",")
    p = (0.05 if patrolled else 0.6) if bad else (0.03 if patrolled else 0.07)
    if not bad and o["depot"] == str(_p(params, "retrip_fixed", "")).split("<")[0]:
        p = 0.02  # lines cleared of trees end to end: a patrol finds nothing
    return keyed_uniform(SECRET, "retrip", o["outage_id"]) < p


def execute(
    plan: list[dict],
    outages: dict[str, dict],
    crews: dict[str, dict],
    register: list[dict],
    net: dict,
    params: dict,
    day0: datetime,
    mopup: int,
    desks: int,
) -> dict:
    """Run the plan; returns per-outage restoration and per-crew work."""
    lists: dict[str, list[dict]] = {}
    seen: set[str] = set()
    held_assigned: list[str] = []
    for r in plan:
        oid, cid = r["outage_id"], r["crew_id"]
        if oid in seen or oid not in outages or cid not in crews:
            continue
        seen.add(oid)
        if outages[oid]["status"] != "OPEN":
            held_assigned.append(oid)
        lists.setdefault(cid, []).append(r)
    for cid in lists:
        lists[cid].sort(key=lambda r: r["seq"])
    desk_free = [0] * max(1, desks)
    res: dict[str, dict] = {}
    work: dict[str, dict] = {cid: {"days": {}, "jobs": 0} for cid in lists}
    heap: list[tuple] = []
    order = 0

    def push(t: int, cid: str, phase: str, job: dict | None) -> None:
        nonlocal order
        order += 1
        heapq.heappush(heap, (t, order, cid, phase, job))

    for cid in sorted(lists):
        push(DAY_START if crews[cid].get("shift", "day") == "day" else NIGHT_START, cid, "next", None)
    idx = {cid: 0 for cid in lists}
    rest = int(_p(params, "crew_rest_min", 0) or 0)  # the Safety Rules' rest between duties (0: not enforced)
    while heap:
        t, _, cid, phase, job = heapq.heappop(heap)
        crew = crews[cid]
        if phase == "next":
            if idx[cid] >= len(lists[cid]):
                continue
            r = lists[cid][idx[cid]]
            idx[cid] += 1
            o = outages[r["outage_id"]]
            depart = window(max(t, o["t_reported"], r.get("t_dispatch") or 0), crew.get("shift", "day"))
            if rest and depart >= shift_end(t - 1, crew.get("shift", "day")):
                depart = window(max(depart, t + rest), crew.get("shift", "day"))  # a new duty after the rest
            if depart >= mopup:
                continue
            day = shift_end(depart, crew.get("shift", "day"))
            arrive = depart + travel(crew, o)
            job = {"o": o, "r": r, "day": day, "depart": depart, "wait": 0, "retrip": False}
            work[cid]["jobs"] += 1
            if o["status"] != "OPEN":  # turned away at the cordon
                _end(work, cid, day, arrive + HANDBACK_WAIT)
                push(arrive + HANDBACK_WAIT, cid, "next", None)
                continue
            late = _past_hours_limit(o, r, crew, day, arrive, params)
            if o["level"] == "HV" and (late or not hv_valid(register, cid, day_of(arrive, day0))):
                # past the hours limit the job joins the next day's reserve queue, done by the evening
                restart = (arrive // 1440 + (arrive % 1440 >= DAY_START)) * 1440 + DAY_START if late else arrive
                res[o["outage_id"]] = {
                    "restored": restart + HANDBACK_WAIT + (REFUSED_DELAY if late else HANDBACK_DELAY),
                    "handed_back": True,
                    "hours_limit": late,
                    **({"arrived": arrive} if late else {}),
                    "crew": cid,
                    "retrip_off": 0,
                    "wait": 0,
                    "patrolled": False,
                }
                _end(work, cid, day, arrive + HANDBACK_WAIT)
                push(arrive + HANDBACK_WAIT, cid, "next", None)
                continue
            if o["level"] == "LV":
                # a contractor crew does not know our network: slower on every job
                end = arrive + round(true_repair(o) * (CONTRACTOR_SLOW if crew.get("crew_type") == "contractor" else 1))
                res[o["outage_id"]] = {
                    "restored": end,
                    "handed_back": False,
                    "crew": cid,
                    "retrip_off": 0,
                    "wait": 0,
                    "patrolled": False,
                    "arrived": arrive,
                }
                _end(work, cid, day, end)
                push(end, cid, "next", None)
                continue
            job["arrived"] = arrive
            push(arrive, cid, "isolate", job)
        elif phase in ("isolate", "restore", "restore2"):
            i = min(range(len(desk_free)), key=lambda k: desk_free[k])
            start = max(t, desk_free[i])
            dur = SWITCH_ISOLATE if phase == "isolate" else SWITCH_RESTORE
            desk_free[i] = start + dur
            job["wait"] += start - t
            o, r = job["o"], job["r"]
            if phase == "isolate":
                patrol = bool(r.get("patrol"))
                job["patrolled"] = patrol
                job["iso_done"] = start + dur  # the healthy sections are back by switching
                push(start + dur + true_repair(o) + (patrol_minutes(o, params) if patrol else 0), cid, "restore", job)
                continue
            done = start + dur
            circuit = net["by_id"][o["section_id"]]["circuit"]
            if phase == "restore" and retrips(o, job["patrolled"], params, circuit):
                job["retrip"] = True
                job["first_restore"] = done
                push(done + 10 + RETRIP_REWORK, cid, "restore2", job)
                continue
            off_again = (done - job["first_restore"] - 10) if phase == "restore2" else 0
            if off_again:  # the re-trip takes the whole feeder off again while the fault is found and repaired
                feeder = o["feeder_id"]
                off_again = round(
                    off_again
                    * sum(
                        s["customers_true"] for s in net["sections"] if s["feeder_id"] == feeder and s["level"] == "HV"
                    )
                    / max(1, true_customers(o, net))
                )
            res[o["outage_id"]] = {
                "restored": job.get("first_restore", done) if phase == "restore2" else done,
                "final": done,
                "handed_back": False,
                "crew": cid,
                "retrip_off": off_again,
                "wait": job["wait"],
                "patrolled": job["patrolled"],
                "arrived": job["arrived"],
                "retripped": job["retrip"],
                "iso_done": job["iso_done"],
            }
            _end(work, cid, job["day"], done)
            push(done, cid, "next", None)
    return {"restorations": res, "work": work, "held_assigned": held_assigned}


def patrol_minutes(o: dict, params: dict) -> int:
    """A line patrol before re-energising; a depot of long rural lines may take longer (`patrol_minutes`,
    "DEPOT=minutes,...")."""
    for item in str(_p(params, "patrol_minutes", "")).split(","):
        if "=" in item and item.split("=")[0].strip() == o["depot"]:
            return int(item.split("=")[1])
    return PATROL_MIN


def _past_hours_limit(o: dict, r: dict, crew: dict, shift_ends_at: int, arrive: int, params: dict) -> bool:
    """The Safety Rules' hours limit (variant param `hv_hours_limit`, minutes on duty): the control room issues
    no HV switching programme a crew would still be working after that long on duty; 0 = no limit."""
    limit = int(_p(params, "hv_hours_limit", 0) or 0)
    if not limit or o["level"] != "HV":
        return False
    finish = arrive + SWITCH_ISOLATE + true_repair(o) + (patrol_minutes(o, params) if r.get("patrol") else 0)
    finish += SWITCH_RESTORE
    return finish > shift_ends_at - 720 + limit


def _end(work: dict, cid: str, shift_ends_at: int, end: int) -> None:
    """Record the end of a job against the crew's shift (keyed by the minute that shift ends)."""
    d = work[cid]["days"]
    d[shift_ends_at] = max(d.get(shift_ends_at, 0), end)


def costs(
    outages: dict[str, dict], result: dict, crews: dict[str, dict], psr: dict[str, int], net: dict, mopup: int
) -> dict:
    """Money lost: customer minutes (PSR weighted), welfare, guaranteed standards, overtime, contractors."""
    tot = {"cml": 0.0, "psr": 0.0, "gs": 0.0, "overtime": 0.0, "contractors": 0.0}
    per_depot: dict[str, float] = {}
    unrestored = 0
    for oid, o in outages.items():
        if o["status"] != "OPEN":
            continue
        r = result["restorations"].get(oid)
        end = min(r["restored"], mopup) if r else mopup
        if not r:
            unrestored += 1
        final = min(r.get("final", r["restored"]), mopup) if r else mopup
        cust = true_customers(o, net)
        n_psr = min(cust, round(psr.get(o["section_id"], 0) * float(o["share"])))
        # HV: the healthy sections (BACKFEED of the customers) are restored by switching once the fault is isolated
        iso = min(r["iso_done"], end) if r and r.get("iso_done") is not None else end
        part = BACKFEED if o["level"] == "HV" else 0.0
        off = part * max(0, iso - o["t_reported"]) + (1 - part) * max(0, end - o["t_reported"])
        off += r["retrip_off"] if r else 0
        long_share = (1 - part) if iso - o["t_reported"] < 720 else 1.0
        c_cml = cust * off * CML_RATE
        c_psr = n_psr * off * CML_RATE * PSR_EXTRA + (
            n_psr * PSR_WELFARE * (long_share if iso - o["t_reported"] < 360 else 1.0)
            if final - o["t_reported"] >= 360
            else 0
        )
        c_gs = 0.0
        if final - o["t_reported"] >= 720:
            c_gs = cust * long_share * (GS_FIRST + GS_NEXT * ((final - o["t_reported"] - 720) // 720))
        tot["cml"] += c_cml
        tot["psr"] += c_psr
        tot["gs"] += c_gs
        per_depot[o["depot"]] = per_depot.get(o["depot"], 0.0) + c_cml + c_psr + c_gs
    for cid, w in result["work"].items():
        for ends_at, end in w["days"].items():
            tot["overtime"] += max(0, end - ends_at) / 60 * OVERTIME_RATE
        if crews[cid]["crew_type"] == "contractor":
            tot["contractors"] += CONTRACTOR_DAY * len(w["days"])
    total = sum(tot.values())
    return {
        "total": round(total, 2),
        "parts": {k: round(v, 2) for k, v in tot.items()},
        "per_depot": {k: round(v, 2) for k, v in sorted(per_depot.items())},
        "unrestored": unrestored,
    }
