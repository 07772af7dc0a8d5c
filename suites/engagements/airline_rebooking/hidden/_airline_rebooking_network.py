"""Halden Air's network: airports, distances, aircraft, the weekly schedule and the partners' flights.

Shared by the history (build_history.py) and the unseen weeks (grader.generate). All times are UTC, written
'YYYY-MM-DD HH:MM'. Nothing here knows about a variant's hidden truth except through the parameters passed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, timedelta

FMT = "%Y-%m-%d %H:%M"

# code: (name, country, x km, y km) on a flat map of the network (good enough for distance bands)
AIRPORTS = {
    "CRK": ("Carrick", "GB", 0, 0),
    "DNM": ("Dunmere", "GB", 120, 310),
    "ELD": ("Ellerdale", "GB", -80, -150),
    "PHV": ("Porthaven", "GB", -250, -260),
    "SKB": ("Skelbrook", "GB", 210, 120),
    "ABN": ("Abernairn", "GB", 60, 560),
    "KWL": ("Kirkwell", "GB", -40, 720),
    "VLE": ("Valmer", "FR", 380, -720),
    "ALV": ("Alveras", "FR", 850, -1050),
    "BRG": ("Bruegen", "DE", 900, -200),
    "TRZ": ("Terzano", "IT", 1400, -1300),
    "LSN": ("Lisna", "PT", -600, -1700),
    "KVD": ("Kvaldal", "NO", 800, 600),
    "ZRN": ("Zarnow", "PL", 1350, -150),
}
HUBS = ("CRK", "DNM")

AIRCRAFT = {  # type: (Club seats, economy seats)
    "E75": (12, 76),
    "AT7": (0, 70),
    "P20": (0, 150),  # partners' narrow-bodies: economy only for rebooked passengers
}
PARTNERS = {"SU": "Sundair", "CV": "Corvia", "BT": "Baltair"}

COMP_GBP = {1: 220.0, 2: 350.0, 3: 520.0}  # UK261 Art. 7 amounts by distance band
REROUTE_REDUCTION_H = {1: 2.0, 2: 3.0, 3: 4.0}  # Art. 7(2): 50 % when re-routed within this arrival delay
MEAL_AFTER_H = {1: 2.0, 2: 3.0, 3: 4.0}  # Art. 6: care from this delay of departure on


def dist(a: str, b: str) -> int:
    (_, _, xa, ya), (_, _, xb, yb) = AIRPORTS[a], AIRPORTS[b]
    return round(math.hypot(xa - xb, ya - yb))


def band(km: float) -> int:
    return 1 if km <= 1500 else (2 if km <= 3500 else 3)


def block_minutes(km: int, aircraft: str) -> int:
    speed = 7.0 if aircraft == "AT7" else 11.0
    raw = 30 + km / speed
    return int(5 * round(raw / 5))


def ts(d: datetime) -> str:
    return d.strftime(FMT)


def parse(s: str) -> datetime:
    return datetime.strptime(s, FMT)


@dataclass(frozen=True)
class Route:
    number: str  # "HD 431"
    carrier: str
    org: str
    dst: str
    dep: str  # "HH:MM"
    aircraft: str
    days: str = "1234567"  # ISO weekdays it operates
    valid_from: str = "2025-01-01"
    valid_to: str = "2027-01-01"


def _pair(
    n: int,
    org: str,
    dst: str,
    dep: str,
    aircraft: str,
    days: str = "1234567",
    turn: int = 45,
    carrier: str = "HD",
    valid_from: str = "2025-01-01",
    valid_to: str = "2027-01-01",
) -> list[Route]:
    """An outbound flight and its return, the return leaving `turn` minutes after the outbound lands."""
    km = dist(org, dst)
    h, m = map(int, dep.split(":"))
    back = h * 60 + m + block_minutes(km, aircraft) + turn
    back_dep = f"{(back // 60) % 24:02d}:{back % 60:02d}"
    out = Route(f"{carrier} {n}", carrier, org, dst, dep, aircraft, days, valid_from, valid_to)
    ret = Route(f"{carrier} {n + 1}", carrier, dst, org, back_dep, aircraft, days, valid_from, valid_to)
    return [out, ret]


def _feeder(n: int, spoke: str, hub: str, arrive: str, aircraft: str, **kw) -> list[Route]:
    """A spoke-to-hub flight timed to land at `arrive`, and its return."""
    km = dist(spoke, hub)
    h, m = map(int, arrive.split(":"))
    dep = h * 60 + m - block_minutes(km, aircraft)
    return _pair(n, spoke, hub, f"{dep // 60:02d}:{dep % 60:02d}", aircraft, **kw)


def own_routes() -> list[Route]:
    r: list[Route] = []
    # Carrick banks: departures 07:00, 10:40, 14:20, 18:00; feeders land 40 minutes before.
    for n, spoke in ((101, "ELD"), (111, "PHV"), (121, "SKB")):
        for i, arrive in enumerate(("06:20", "10:00", "13:40", "17:20")):
            r += _feeder(n + 2 * i, spoke, "CRK", arrive, "AT7")
    for n, dst, deps, ac in (
        (201, "DNM", ("07:00", "09:30", "12:00", "14:20", "18:00"), "E75"),
        (221, "ABN", ("10:40", "18:00"), "AT7"),
        (301, "VLE", ("07:00", "14:20"), "E75"),
        (321, "BRG", ("07:00", "14:20"), "E75"),
        (341, "ZRN", ("10:40",), "E75"),
        (361, "TRZ", ("10:40",), "E75"),
        (371, "LSN", ("07:00",), "E75"),
        (381, "KVD", ("14:20",), "E75"),
    ):
        for i, dep in enumerate(deps):
            r += _pair(n + 2 * i, "CRK", dst, dep, ac)
    # Alveras: a daily rotation, plus the weekend ski rotations (Saturday from Carrick, Sunday from Dunmere)
    r += _pair(401, "CRK", "ALV", "10:40", "E75")
    r += _pair(431, "CRK", "ALV", "07:00", "E75", days="6")
    r += _pair(433, "CRK", "ALV", "14:20", "E75", days="67")
    r += _pair(435, "DNM", "ALV", "09:00", "E75", days="7")
    # Dunmere banks: departures 08:40, 13:10, 17:40 (feeders land 40 minutes before) and a later wave at 10:20.
    for n, spoke in ((501, "ABN"), (511, "KWL"), (521, "SKB")):
        for i, arrive in enumerate(("08:00", "12:30", "17:00")):
            r += _feeder(n + 2 * i, spoke, "DNM", arrive, "AT7")
    for n, dst, deps in (
        (601, "VLE", ("08:40",)),
        (611, "BRG", ("08:40", "17:40")),
        (621, "KVD", ("08:40", "13:10")),
        (641, "TRZ", ("10:20",)),
        (651, "ZRN", ("13:10",)),
        (661, "LSN", ("08:40",)),
    ):
        for i, dep in enumerate(deps):
            kw = {"valid_from": "2026-03-02"} if dst == "LSN" else {}  # Dunmere - Lisna is new this summer
            r += _pair(n + 2 * i, "DNM", dst, dep, "E75", **kw)
    r += _pair(681, "DNM", "VLE", "10:20", "E75", days="1357")
    r += _pair(683, "DNM", "BRG", "10:20", "E75", days="246")
    return r


def partner_routes() -> list[Route]:
    r: list[Route] = []
    r += _pair(811, "CRK", "VLE", "09:15", "P20", carrier="SU")
    r += _pair(813, "CRK", "VLE", "16:45", "P20", carrier="SU", days="135")
    r += _pair(821, "DNM", "BRG", "11:30", "P20", carrier="SU")
    r += _pair(831, "CRK", "ZRN", "12:00", "P20", carrier="SU")
    r += _pair(841, "CRK", "ALV", "12:30", "P20", carrier="SU", days="67")
    r += _pair(211, "CRK", "TRZ", "08:30", "P20", carrier="CV")
    r += _pair(221, "CRK", "LSN", "13:00", "P20", carrier="CV")
    r += _pair(231, "DNM", "KVD", "15:30", "P20", carrier="CV")
    r += _pair(241, "CRK", "BRG", "11:10", "P20", carrier="CV")
    r += _pair(251, "DNM", "VLE", "12:10", "P20", carrier="CV", days="246")
    r += _pair(471, "CRK", "BRG", "09:40", "P20", carrier="BT", valid_from="2026-03-02")
    r += _pair(473, "DNM", "VLE", "08:45", "P20", carrier="BT", valid_from="2026-03-02")
    r += _pair(481, "CRK", "KVD", "16:10", "P20", carrier="BT", valid_from="2026-03-02")
    r += _pair(483, "DNM", "ZRN", "13:15", "P20", carrier="BT", valid_from="2026-03-02")
    return r


@dataclass
class Flight:
    key: str  # "HD 431/2026-03-14"
    number: str
    carrier: str
    org: str
    dst: str
    dep: datetime
    arr: datetime
    aircraft: str
    km: int

    @property
    def cap(self) -> tuple[int, int]:
        return AIRCRAFT[self.aircraft]


def schedule(first: date, last: date, carriers: set[str] | None = None) -> list[Flight]:
    """Every flight of the network departing from `first` to `last` (inclusive), sorted by departure."""
    out: list[Flight] = []
    routes = own_routes() + partner_routes()
    d = first
    while d <= last:
        for rt in routes:
            if carriers is not None and rt.carrier not in carriers:
                continue
            if str(d.isoweekday()) not in rt.days or not (rt.valid_from <= d.isoformat() < rt.valid_to):
                continue
            h, m = map(int, rt.dep.split(":"))
            dep = datetime(d.year, d.month, d.day, h, m)
            km = dist(rt.org, rt.dst)
            arr = dep + timedelta(minutes=block_minutes(km, rt.aircraft))
            out.append(
                Flight(f"{rt.number}/{d.isoformat()}", rt.number, rt.carrier, rt.org, rt.dst, dep, arr, rt.aircraft, km)
            )
        d += timedelta(days=1)
    out.sort(key=lambda f: (f.dep, f.key))
    return out
