"""What a week of re-accommodation decisions really costs Halden Air, under a variant's hidden truth.

`evaluate(db_rows, decisions, truth)` prices every disrupted passenger's outcome: UK261 compensation
(distance band, arrival delay, re-routing within the Art. 5 / 7(2) limits, extraordinary circumstances), the
care owed (meals, hotel nights; what the job does not issue is claimed later at receipts plus handling),
refunds, passengers stranded (turned away at a partner that no longer accepts them, or given nothing), missed
connections (under the hub's real minimum connecting time), downgrades (Art. 10, plus the corporate
contract's penalty for a fare family that must never be downgraded) and seats sold twice (a confirmed
passenger denied boarding, plus the tour operator's penalty where seats were held for a charter; seats a
crewing limit takes off a flight are denied boardings without that penalty).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import pairwise

from _airline_rebooking_network import COMP_GBP, MEAL_AFTER_H, REROUTE_REDUCTION_H, band, parse
from _airline_rebooking_week import EXTRAORDINARY, parse_holds

HOTEL_GBP = 95.0  # contracted rate per night, transfers included
MEAL_GBP = 12.0
CLAIM_FACTOR = 1.8  # care the passenger had to buy: receipts at retail prices ...
HOTEL_CLAIM_FEE = 25.0  # ... plus the handling of the claim
MEAL_CLAIM_FEE = 5.0
STRANDED_GBP = 300.0  # self-rebooking reimbursed, complaint handling, goodwill
MISCONNECT_GBP = 140.0  # desk handling at the hub, re-issue, bags delivered later, on top of the night and meals
OVERSALE_CARE_GBP = 60.0
CHARTER_PENALTY_GBP = 150.0  # per held seat sold away, under the tour-operator / group contract
DOWNGRADE_PCT = {1: 0.30, 2: 0.50, 3: 0.75}  # Art. 10(2)
NEVER_DOWNGRADE_PENALTY_GBP = 400.0


@dataclass(frozen=True)
class Truth:
    partners: frozenset[str]  # carriers with an interline acceptance agreement at all
    refusing: dict[str, str] = field(default_factory=dict)  # carrier -> first day it refuses rebooked passengers
    default_mct: int = 35
    mct: tuple[tuple[str, str, int], ...] = ()  # (hub, from day, minutes)
    interline_mct: dict[str, int] = field(default_factory=dict)  # hub -> minutes when a partner flight is involved
    caps: dict[str, int] = field(default_factory=dict)  # carrier -> most rebooked passengers it takes per flight
    holds: tuple = ()
    club_families: frozenset[str] = frozenset({"CLUB", "CORP"})
    never_downgrade: frozenset[str] = frozenset({"CORP"})


def _pairs(text: str) -> dict[str, str]:
    out = {}
    for part in (p.strip() for p in str(text or "").split(",")):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k.strip()] = v.strip()
    return out


def truth_of(params: dict) -> Truth:
    mct = []
    for hub, spec in _pairs(params.get("mct_changes", "")).items():  # "DNM=55@2026-02-02"
        minutes, first = spec.split("@")
        mct.append((hub, first.strip(), int(minutes)))
    return Truth(
        partners=frozenset(c.strip() for c in str(params.get("accepting_partners", "SU,CV")).split(",") if c.strip()),
        refusing=_pairs(params.get("refusing_partners", "")),
        mct=tuple(mct),
        interline_mct={k: int(v) for k, v in _pairs(params.get("interline_mct", "")).items()},
        caps={k: int(v) for k, v in _pairs(params.get("partner_caps", "")).items()},
        holds=tuple(parse_holds(str(params.get("holds", "")))),
        never_downgrade=frozenset(x for x in str(params.get("never_downgrade", "CORP")).split(",") if x),
    )


def true_mct(truth: Truth, hub: str, day: str, interline: bool) -> int:
    m = truth.default_mct
    for h, first, minutes in truth.mct:
        if h == hub and day >= first:
            m = minutes
    if interline and hub in truth.interline_mct:
        m = max(m, truth.interline_mct[hub])
    return m


def refuses(truth: Truth, carrier: str, day: str) -> bool:
    if carrier == "HD":
        return False
    if carrier not in truth.partners:
        return True
    first = truth.refusing.get(carrier)
    return first is not None and day >= first


def nights(ready: datetime, dep: datetime) -> int:
    cut = timedelta(hours=4)
    return max(0, ((dep - cut).date() - (ready - cut).date()).days)


def care_owed(p: dict, first_dep: datetime) -> tuple[int, int]:
    b = band(float(p["journey_km"]))
    wait = (first_dep - parse(p["sched_dep"])).total_seconds() / 3600
    meals = min(4, 1 + int((wait - MEAL_AFTER_H[b]) // 6)) if wait >= MEAL_AFTER_H[b] else 0
    return nights(parse(p["ready_at"]), first_dep), meals


def _int(v, default: int = 0, hi: int = 10) -> int:
    try:
        return max(0, min(hi, int(float(str(v).strip() or default))))
    except ValueError:
        return default


def _legs(dec: dict, p: dict, flights: dict[str, dict]) -> tuple[list[dict], list[str]] | None:
    keys = [k.strip() for k in str(dec.get("itinerary", "")).replace(";", "+").split("+") if k.strip()]
    if not keys or len(keys) > 3 or any(k not in flights or flights[k]["status"] == "CANCELLED" for k in keys):
        return None
    legs = [flights[k] for k in keys]
    if legs[0]["dep_airport"] != p["at_airport"] or legs[-1]["arr_airport"] != p["journey_to"]:
        return None
    if parse(legs[0]["dep_time"]) < parse(p["ready_at"]) - timedelta(minutes=5):
        return None
    if parse(legs[0]["dep_time"]) > parse(p["ready_at"]) + timedelta(hours=72):
        return None
    for a, b in pairwise(legs):
        if a["arr_airport"] != b["dep_airport"] or parse(b["dep_time"]) < parse(a["arr_time"]):
            return None
    raw = [c.strip().upper()[:1] for c in str(dec.get("cabins", "")).replace(";", "+").split("+")]
    cabins = [(raw[i] if i < len(raw) and raw[i] in ("J", "Y") else "Y") for i in range(len(legs))]
    cabins = [c if (c == "Y" or int(leg["cap_j"]) > 0) else "Y" for c, leg in zip(cabins, legs, strict=True)]
    return legs, cabins


def evaluate(rows: dict, decisions: dict[str, dict], truth: Truth) -> dict:
    """rows: {"flights": {key: row}, "pax": [row]}; decisions: pax_id -> {action, itinerary, cabins, ...}."""
    flights = rows["flights"]
    cost = {
        k: 0.0
        for k in (
            "compensation",
            "care_issued",
            "care_claims",
            "refunds",
            "stranded",
            "misconnects",
            "oversales",
            "downgrades",
            "never_downgrade",
        )
    }
    counts = {
        k: 0
        for k in (
            "rebooked",
            "refunded",
            "stranded",
            "refused_at_partner",
            "invalid",
            "missing",
            "misconnected",
            "oversold_seats",
            "held_seats_sold",
            "downgraded",
            "never_downgrade_hit",
        )
    }
    per_pax: dict[str, dict] = {}
    booked: dict[tuple[str, str], int] = {}
    taken: dict[str, int] = {}
    plans: list[tuple[dict, list[dict], list[str], dict]] = []
    for p in sorted(rows["pax"], key=lambda r: r["pax_id"]):
        dec = decisions.get(p["pax_id"])
        ec = p["cause_code"] in EXTRAORDINARY
        b = band(float(p["journey_km"]))
        full = 0.0 if ec else COMP_GBP[b]
        res = {"outcome": "", "arrived": "", "delay_min": "", "compensation": 0.0, "care": 0.0, "claims": 0.0}
        per_pax[p["pax_id"]] = res
        if dec is None or str(dec.get("action", "")).strip().upper() not in ("REBOOK", "REFUND"):
            counts["missing" if dec is None else "invalid"] += 1
            _strand(res, cost, counts, full)
            continue
        if str(dec["action"]).strip().upper() == "REFUND":
            counts["refunded"] += 1
            res.update(outcome="REFUNDED", compensation=full)
            cost["refunds"] += float(p["fare_paid_gbp"])
            cost["compensation"] += full
            continue
        got = _legs(dec, p, flights)
        if got is None:
            counts["invalid"] += 1
            _strand(res, cost, counts, full)
            continue
        legs, cabins = got
        for leg, c in zip(legs, cabins, strict=True):
            booked[(leg["flight_key"], c)] = booked.get((leg["flight_key"], c), 0) + 1
        plans.append((p, legs, cabins, dec))
    for p, legs, cabins, dec in plans:
        res = per_pax[p["pax_id"]]
        ec = p["cause_code"] in EXTRAORDINARY
        b = band(float(p["journey_km"]))
        full = COMP_GBP[b]  # turned away at a partner: a failed re-routing is ours whatever the first cause
        refused = False
        for leg in legs:
            day = leg["dep_time"][:10]
            if refuses(truth, leg["carrier"], day):
                refused = True
            elif leg["carrier"] in truth.caps:
                taken[leg["flight_key"]] = taken.get(leg["flight_key"], 0) + 1
                refused = refused or taken[leg["flight_key"]] > truth.caps[leg["carrier"]]
        if refused:
            counts["refused_at_partner"] += 1
            _strand(res, cost, counts, full, outcome="REFUSED_AT_PARTNER")
            continue
        counts["rebooked"] += 1
        first_dep, arrive = parse(legs[0]["dep_time"]), parse(legs[-1]["arr_time"])
        missed = False
        for a, nxt in pairwise(legs):
            gap = (parse(nxt["dep_time"]) - parse(a["arr_time"])).total_seconds() / 60
            inter = a["carrier"] != "HD" or nxt["carrier"] != "HD"
            if gap < true_mct(truth, a["arr_airport"], a["arr_time"][:10], inter):
                missed = True
        owed_h, owed_m = care_owed(p, first_dep)
        got_h, got_m = _int(dec.get("hotel_nights")), _int(dec.get("meal_vouchers"))
        issued = HOTEL_GBP * got_h + MEAL_GBP * got_m
        claims = max(0, owed_h - got_h) * (HOTEL_GBP * CLAIM_FACTOR + HOTEL_CLAIM_FEE) + max(0, owed_m - got_m) * (
            MEAL_GBP * CLAIM_FACTOR + MEAL_CLAIM_FEE
        )
        if missed:  # a failed re-routing is ours, whatever the first cause (undertaking to the CAA, Jan 2026)
            counts["misconnected"] += 1
            arrive += timedelta(hours=24)
            cost["misconnects"] += HOTEL_GBP + 2 * MEAL_GBP + MISCONNECT_GBP
            ec = False
        delay_h = (arrive - parse(p["sched_arr"])).total_seconds() / 3600
        comp = 0.0
        if not ec:
            on_time = parse(p["sched_dep"]) - timedelta(hours=1) <= first_dep and delay_h < 2
            if (p["reason"] == "CXL" and on_time) or (p["reason"] != "CXL" and delay_h < 3):
                comp = 0.0
            elif delay_h <= REROUTE_REDUCTION_H[b]:
                comp = COMP_GBP[b] / 2
            else:
                comp = COMP_GBP[b]
        club = p["fare_family"] in truth.club_families
        y_legs = sum(1 for c in cabins if c == "Y")
        if club and y_legs:
            counts["downgraded"] += 1
            cost["downgrades"] += DOWNGRADE_PCT[b] * float(p["fare_paid_gbp"]) * y_legs / len(legs)
            if p["fare_family"] in truth.never_downgrade:
                counts["never_downgrade_hit"] += 1
                cost["never_downgrade"] += NEVER_DOWNGRADE_PENALTY_GBP
        cost["compensation"] += comp
        cost["care_issued"] += issued
        cost["care_claims"] += claims
        res.update(
            outcome="MISCONNECTED" if missed else "ARRIVED",
            arrived=arrive.strftime("%Y-%m-%d %H:%M"),
            delay_min=round(delay_h * 60),
            compensation=comp,
            care=issued,
            claims=round(claims, 2),
        )
    by_flight: dict[str, int] = {}
    for (key, cabin), n in booked.items():
        f = flights[key]
        free = int(f["seats_free_j"])
        if cabin == "Y":
            free = int(f["seats_free_y"]) - int(f.get("held", 0) or 0) - int(f.get("crew_cut", 0) or 0)
        over = max(0, n - max(0, free))
        if over:
            held = int(f.get("held", 0) or 0) if cabin == "Y" else 0
            counts["oversold_seats"] += over
            sold_held = min(over, held)
            counts["held_seats_sold"] += sold_held
            by_flight[key] = by_flight.get(key, 0) + over
            cost["oversales"] += (
                over * (COMP_GBP[band(float(f["km"]))] + OVERSALE_CARE_GBP) + sold_held * CHARTER_PENALTY_GBP
            )
    total = sum(cost.values())
    return {
        "cost_gbp": round(total, 2),
        "by_cost": {k: round(v, 2) for k, v in cost.items()},
        "counts": counts,
        "per_pax": per_pax,
        "oversold_by_flight": by_flight,
    }


def _strand(res: dict, cost: dict, counts: dict, full: float, outcome: str = "STRANDED") -> None:
    counts["stranded"] += 1
    claims = HOTEL_GBP * CLAIM_FACTOR + HOTEL_CLAIM_FEE + 2 * (MEAL_GBP * CLAIM_FACTOR + MEAL_CLAIM_FEE)
    cost["stranded"] += STRANDED_GBP
    cost["care_claims"] += claims
    cost["compensation"] += full
    res.update(outcome=outcome, compensation=full, claims=round(claims, 2))
