"""One disruption week: which flights are cancelled or late, who was booked on them, what inventory shows.

`build_week(start, spec, params, seed)` draws the week (deterministic in its arguments) and returns a `Week`
holding the rows of the operations database the re-accommodation job reads (`flights`, `disruptions`,
`disrupted_pax`) and the hidden part the grader keeps (seats held outside the inventory feed).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from _airline_rebooking_network import AIRPORTS, HUBS, Flight, dist, parse, schedule, ts

EXTRAORDINARY = {"WX", "ATC", "SEC"}
CAUSES = {
    "WX": "adverse weather",
    "ATC": "air traffic control industrial action",
    "SEC": "airport security alert",
    "TECH": "technical: aircraft unserviceable",
    "CREW": "crew sickness / crew out of hours",
    "ROT": "late inbound aircraft (rotation)",
}
CORP_ROUTES = {frozenset(p) for p in (("CRK", "BRG"), ("CRK", "DNM"), ("DNM", "KVD"), ("CRK", "ZRN"), ("DNM", "BRG"))}


@dataclass
class Week:
    start: date
    flights: list[Flight]
    status: dict[str, str] = field(default_factory=dict)  # key -> SCHEDULED / CANCELLED / DELAYED
    delay: dict[str, int] = field(default_factory=dict)  # key -> minutes late
    free: dict[str, list[int]] = field(default_factory=dict)  # key -> [Club, economy] seats shown free
    held: dict[str, int] = field(default_factory=dict)  # key -> economy seats held outside the feed (hidden)
    disruptions: list[dict] = field(default_factory=list)
    pax: list[dict] = field(default_factory=list)

    @property
    def by_key(self) -> dict[str, Flight]:
        return {f.key: f for f in self.flights}

    def times(self, key: str) -> tuple[datetime, datetime]:
        f = self.by_key[key]
        d = timedelta(minutes=self.delay.get(key, 0))
        return f.dep + d, f.arr + d


def parse_holds(text: str) -> list[dict]:
    """'HD 431,HD 432@2026-01-10..2026-04-11=24; ...' -> [{numbers, first, last, seats}]."""
    out = []
    for part in (p.strip() for p in str(text or "").split(";")):
        if not part:
            continue
        nums, rest = part.split("@")
        span, seats = rest.split("=")
        first, last = span.split("..")
        out.append(
            {
                "numbers": [n.strip() for n in nums.split(",")],
                "first": first.strip(),
                "last": last.strip(),
                "seats": int(seats),
            }
        )
    return out


def parse_crew_limits(text: str) -> list[dict]:
    """'HD 101,HD 102=20@2026-02-09; PHV=20@2026-03-09' -> [{keys, seats, first}]: seats fewer than the feed
    shows from that day (a crewing limit the feed does not know) on the flights named, or on every flight to
    or from an airport named by its code."""
    out = []
    for part in (p.strip() for p in str(text or "").split(";")):
        if not part:
            continue
        keys, rest = part.split("=")
        seats, first = rest.split("@")
        out.append({"keys": {k.strip() for k in keys.split(",")}, "seats": int(seats), "first": first.strip()})
    return out


def crew_cut(flight: dict, limits: list[dict]) -> int:
    """Economy seats a crewing limit takes away from a flight (a row of `flights`) the feed shows in full."""
    names, day = {flight["flight_no"], flight["dep_airport"], flight["arr_airport"]}, flight["dep_time"][:10]
    return max((lim["seats"] for lim in limits if lim["keys"] & names and day >= lim["first"]), default=0)


def held_seats(flight: Flight, holds: list[dict]) -> int:
    day = flight.dep.date().isoformat()
    return sum(h["seats"] for h in holds if flight.number in h["numbers"] and h["first"] <= day <= h["last"])


def _round5(d: datetime) -> datetime:
    return d - timedelta(minutes=d.minute % 5, seconds=d.second)


def _matches(f: Flight, ev: dict) -> bool:
    if f.carrier != "HD" and not ev.get("all_carriers"):
        return False
    if "numbers" in ev:
        return f.number in ev["numbers"]
    if "airports" in ev and not ({f.org, f.dst} & set(ev["airports"])):
        return False
    if "countries" in ev and not ({AIRPORTS[f.org][1], AIRPORTS[f.dst][1]} & set(ev["countries"])):
        return False
    return not ("hours" in ev and not (ev["hours"][0] <= f.dep.hour < ev["hours"][1]))


def build_week(
    start: date, spec: list[dict], params: dict, seed: str, days: int = 7, carriers: set[str] | None = None
) -> Week:
    """Draw the week from `start`: `spec` lists the disruption events (see _airline_rebooking_history.py).

    An event is {"day": 0-6, "cause": code, "kind": "cancel" | "delay", filters: "numbers", "airports",
    "countries", "hours": [from, to), "share" (cancel) or "n" and "delay": (min, max) minutes (delay)}."""
    rng = random.Random(f"airline_rebooking/week/{seed}")
    flights = schedule(start, start + timedelta(days=days + 1), carriers)
    wk = Week(start, flights)
    holds = parse_holds(str(params.get("holds", "")))
    production = bool(params.get("_production", False)) and bool(params.get("new_fares", True))
    pmax, pmode = (float(x) for x in str(params.get("partner_free", "14,4")).split(","))
    for f in flights:
        j = f.cap[0]
        wk.status[f.key] = "SCHEDULED"
        fj = rng.choice([0, 0, 1, 2, 2, 3, 4]) if j else 0
        fy = max(0, int(rng.triangular(0, 30, 10))) if f.carrier == "HD" else int(rng.triangular(0, pmax, pmode))
        h = held_seats(f, holds)
        wk.held[f.key] = h
        wk.free[f.key] = [fj, fy + h]
    last_day = start + timedelta(days=days - 1)
    for ev in spec:
        day = start + timedelta(days=ev["day"])
        if day > last_day:
            continue
        pool = [f for f in flights if f.dep.date() == day and _matches(f, ev) and wk.status[f.key] == "SCHEDULED"]
        if ev.get("kind", "cancel") == "cancel":
            share = float(ev.get("share", 1.0))
            for f in pool:
                if rng.random() < share:
                    wk.status[f.key] = "CANCELLED"
                    _disruption(wk, f, ev, rng)
        else:  # late inbound flights into a hub: connections missed
            cands = [f for f in pool if f.dst in HUBS and f.org not in HUBS]
            for f in rng.sample(cands, min(len(cands), int(ev.get("n", 2)))):
                wk.status[f.key] = "DELAYED"
                wk.delay[f.key] = rng.randrange(ev.get("delay", (70, 160))[0], ev.get("delay", (70, 160))[1], 5)
                _disruption(wk, f, ev, rng)
    pnr_n = 0
    for d in wk.disruptions:
        f = wk.by_key[d["flight_key"]]
        if f.carrier != "HD":
            continue
        made = _passengers(wk, f, d, rng, production, pnr_n)
        pnr_n += len({p["pnr"] for p in made})
        wk.pax += made
    for f in flights:
        if wk.status[f.key] == "CANCELLED":
            wk.free[f.key] = [0, 0]
    return wk


def _disruption(wk: Week, f: Flight, ev: dict, rng: random.Random) -> None:
    cause = ev["cause"]
    lead = rng.uniform(3, 14) if cause in EXTRAORDINARY else rng.uniform(1, 4)
    decided = _round5(f.dep - timedelta(hours=lead))
    dep, arr = wk.times(f.key)
    wk.disruptions.append(
        {
            "flight_key": f.key,
            "flight_no": f.number,
            "carrier": f.carrier,
            "dep_airport": f.org,
            "arr_airport": f.dst,
            "sched_dep": ts(f.dep),
            "sched_arr": ts(f.arr),
            "status": wk.status[f.key],
            "est_dep": ts(dep) if wk.status[f.key] == "DELAYED" else "",
            "est_arr": ts(arr) if wk.status[f.key] == "DELAYED" else "",
            "cause_code": cause,
            "cause_text": CAUSES[cause],
            "decided_at": ts(decided),
        }
    )


def _fare_family(rng: random.Random, cabin: str, route: frozenset, production: bool) -> str:
    if cabin == "J":
        if production and route in CORP_ROUTES and rng.random() < 0.6:
            return "CORP"
        return "CLUB"
    fams = {"LITE": 0.38, "STANDARD": 0.34, "FLEX": 0.18, "SAVER": 0.10}
    if production:  # the new hand-baggage-only family replaces part of LITE from March
        fams = {"BASIC": 0.18, "LITE": 0.22, "STANDARD": 0.32, "FLEX": 0.18, "SAVER": 0.10}
    x, acc = rng.random() * sum(fams.values()), 0.0
    for k, w in fams.items():
        acc += w
        if x <= acc:
            return k
    return "STANDARD"


FARE_FACTOR = {"BASIC": 0.7, "SAVER": 0.75, "LITE": 0.85, "STANDARD": 1.0, "FLEX": 1.6, "CLUB": 2.8, "CORP": 3.2}


def _passengers(wk: Week, f: Flight, d: dict, rng: random.Random, production: bool, pnr_base: int) -> list[dict]:
    j_cap, y_cap = f.cap
    sched_dep, sched_arr = f.dep, f.arr
    decided = parse(d["decided_at"])
    out: list[dict] = []
    route = frozenset((f.org, f.dst))
    if d["status"] == "DELAYED":
        # only the passengers whose onward connection is missed are re-accommodated
        est_arr = wk.times(f.key)[1]
        onward = [
            g
            for g in wk.flights
            if g.org == f.dst
            and g.carrier == "HD"
            and g.dst != f.org
            and 40 <= (g.dep - f.arr).total_seconds() / 60 <= 150
            and g.dep < est_arr + timedelta(minutes=25)
        ]
        groups = [(g, rng.randint(2, 7)) for g in onward]
        n_j = 0
    else:
        load_y = int(y_cap * rng.uniform(0.6, 0.86))
        n_j = int(j_cap * rng.uniform(0.35, 0.9)) if j_cap else 0
        groups = [(None, load_y + n_j)]
    seq = 0
    pnr_i = pnr_base
    for g, n in groups:
        left = n
        while left > 0:
            size = min(left, rng.choice([1, 1, 1, 2, 2, 3]))
            left -= size
            pnr_i += 1
            pnr = f"{chr(65 + (pnr_i * 7) % 26)}{chr(65 + (pnr_i * 11) % 26)}{pnr_i:04d}"
            cabin = "J" if seq < n_j else "Y"
            at, dest, jfrom = f.org, f.dst, f.org
            s_dep, s_arr = sched_dep, sched_arr
            reason = "CXL"
            ready = max(decided + timedelta(minutes=60), sched_dep - timedelta(minutes=60))
            if g is not None:  # missed connection at the hub after a late inbound flight
                reason, at, jfrom, dest = "MCX", f.dst, f.org, g.dst
                s_dep, s_arr = g.dep, g.arr
                ready = _round5(wk.times(f.key)[1] + timedelta(minutes=15))
                cabin = "J" if g.cap[0] and rng.random() < 0.12 else "Y"
                route = frozenset((g.org, g.dst))
            elif f.dst in HUBS and rng.random() < (0.6 if f.org not in HUBS else 0.35):  # booked on through the hub
                nxt = [
                    h
                    for h in wk.flights
                    if h.org == f.dst
                    and h.carrier == "HD"
                    and h.dst not in (f.org,)
                    and 40 <= (h.dep - f.arr).total_seconds() / 60 <= 170
                    and (cabin == "Y" or h.cap[0])
                ]
                if nxt:
                    h = rng.choice(nxt)
                    dest, s_arr = h.dst, h.arr
                    route = frozenset((h.org, h.dst)) if cabin == "J" else route
            elif f.org in HUBS and f.dst not in HUBS and rng.random() < 0.3:  # arrived on a feeder, waits at the hub
                jfrom = rng.choice([a for a in ("ELD", "PHV", "SKB", "ABN", "KWL") if a != f.dst])
            fam = _fare_family(rng, cabin, route, production)
            tier = rng.choices(["", "SILVER", "GOLD"], [0.85, 0.10, 0.05])[0]
            km = dist(jfrom, dest)
            for _ in range(size):
                seq += 1
                base = 45 + 0.11 * km
                fare = round(base * FARE_FACTOR[fam] * rng.uniform(0.8, 1.3), 2)
                out.append(
                    {
                        "pax_id": f"{f.number.replace(' ', '')}-{f.dep:%m%d}-{seq:03d}",
                        "pnr": pnr,
                        "fare_family": fam,
                        "tier": tier,
                        "fare_paid_gbp": f"{fare:.2f}",
                        "journey_from": jfrom,
                        "journey_to": dest,
                        "journey_km": km,
                        "at_airport": at,
                        "ready_at": ts(_round5(ready)),
                        "sched_dep": ts(s_dep),
                        "sched_arr": ts(s_arr),
                        "disruption_flight": f.key,
                        "reason": reason,
                        "cause_code": d["cause_code"],
                    }
                )
    return out
