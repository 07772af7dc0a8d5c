"""The story of gender_pay_gap: Calderbrook Distribution Ltd's people on the snapshot date, what each was paid and
why, and the figures the Gender Pay Gap Information Regulations make of them.

`simulate(inst)` decides every person (employees on the HR system, the Hull staff on the transferor's bureau
payroll, the owner-drivers engaged on personal contracts, agency temps, leavers and later starters), every payroll
line, every bonus ledger line and every leave record (`_gender_pay_gap_pay.py` writes the pay); `truth(story,
facts)` is each person's hourly pay and bonus and the statutory figures, with the staff's facts applied or withheld.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta

import _gender_pay_gap_pay as pay

SNAPSHOT = date(2026, 4, 5)
BONUS_FROM = date(2025, 4, 6)  # the 12 months ending with the snapshot date
FACTS = ("ltip", "normanton", "owner_drivers", "hull_gender")

MALE = "Adam Ben Callum Daniel Ewan Faisal Gary Harry Ian Jack Kieran Liam Marcus Nathan Owen Paul Ravi Sean Tom Wes"
FEMALE = "Abbie Bethan Chloe Dawn Emma Fatima Gemma Hannah Imogen Jade Kelly Laura Megan Nadia Olivia Priya Rachel Zoe"
SURNAMES = [
    "Ackroyd",
    "Barraclough",
    "Crowther",
    "Dyson",
    "Ellis",
    "Firth",
    "Greenwood",
    "Haigh",
    "Illingworth",
    "Jagger",
    "Kitson",
    "Lister",
    "Mitchell",
    "Naylor",
    "Oldroyd",
    "Pickles",
    "Quarmby",
    "Ramsden",
    "Sutcliffe",
    "Thornton",
    "Uttley",
    "Varley",
    "Whiteley",
    "Yeadon",
    "Booth",
    "Holroyd",
    "Sykes",
    "Hirst",
    "Brook",
    "Shaw",
    "Walsh",
    "Begum",
    "Hussain",
    "Kowalski",
    "Nowak",
    "Patel",
    "Singh",
    "Ahmed",
    "Okafor",
    "Mensah",
]

# family: payroll, male share, full-time hours, pay range (hourly rate or salary), sites, title
FAMILIES = {
    "ops": ("W", 0.78, 40.0, (12.75, 13.60), ("NRM", "NRM", "DON", "CAS"), "Warehouse Operative"),
    "flex": ("W", 0.55, 0.0, (12.75, 12.75), ("NRM", "DON"), "Flex Warehouse Operative"),
    "driver": ("W", 0.96, 45.0, (15.60, 16.95), ("NRM", "DON", "CAS"), "HGV Driver (C+E)"),
    "tl": ("M", 0.72, 40.0, (31000, 42000), ("NRM", "DON", "CAS"), "Shift Team Leader"),
    "planner": ("M", 0.50, 37.5, (27000, 34500), ("NRM", "DON", "CAS", "WKF"), "Transport Planner"),
    "cs": ("M", 0.30, 37.5, (23500, 28500), ("WKF", "CAS"), "Customer Service Administrator"),
    "office": ("M", 0.45, 37.5, (28000, 58000), ("WKF",), "Head Office"),
    "sales": ("M", 0.60, 37.5, (34000, 48000), ("WKF",), "Account Manager"),
    "senior": ("M", 0.80, 37.5, (62000, 125000), ("WKF", "NRM", "DON"), "Senior Manager"),
}
OFFICE_TITLES = ["HR Advisor", "Payroll Officer", "Finance Analyst", "IT Support Analyst", "Health & Safety Advisor"]
SENIOR_TITLES = ["Site General Manager", "Head of Finance", "Operations Director", "Head of IT", "Commercial Director"]
SITES = {
    "WKF": "Wakefield Head Office",
    "NRM": "Normanton Hub",
    "DON": "Doncaster DC",
    "CAS": "Castleford Depot",
    "HUL": "Hull Cross-Dock",
}


@dataclass
class Person:
    id: str
    name: str
    gender: str
    site: str
    family: str
    title: str
    payroll: str  # M monthly, W weekly, B four-weekly bureau (Hull), OD owner-driver, AG agency
    hours: float  # contracted weekly hours as the HR system has them (0 for flex)
    rate: float = 0.0  # hourly rate (W, B) or day rate (OD)
    salary: float = 0.0  # full-time equivalent salary (M)
    start: date = date(2018, 1, 1)
    leaving: date | None = None
    leave: str | None = None  # leave in the relevant pay period: ssp, smp, mat_full, upl, shpp, hol, csp
    sacrifice: float = 0.0  # pension salary sacrifice, share of pensionable pay
    extras: dict = field(default_factory=dict)  # monthly elements by code, shift pattern, redundancy
    lines: list = field(default_factory=list)  # payroll lines (dicts)
    bonuses: list = field(default_factory=list)  # bonus ledger lines (dicts)
    hours_series: list = field(default_factory=list)  # flex: basic hours per week, pay.SERIES weeks
    kind: str = "employee"  # employee, hull, owner_driver, agency
    history: list = field(default_factory=list)  # earlier HR rows: (effective_to, hours, title)
    tags: set = field(default_factory=set)


@dataclass
class Story:
    inst: dict
    people: list[Person]
    ltip: dict[str, float]  # parent-company share plan vesting value by employee
    facts: dict


def money(x: float) -> float:
    return pay.money(x)


class _Ids:
    def __init__(self, rng: random.Random, start: int) -> None:
        self.rng, self.n, self.names = rng, start, set()

    def next(self, prefix: str = "CD") -> str:
        self.n += self.rng.choice([1, 1, 2, 3])
        return f"{prefix}{self.n:05d}"

    def name(self, gender: str) -> str:
        while True:
            n = f"{self.rng.choice((MALE if gender == 'M' else FEMALE).split())} {self.rng.choice(SURNAMES)}"
            if n not in self.names:
                self.names.add(n)
                return n


def _employee(rng: random.Random, ids: _Ids, fam: str, hard: bool) -> Person:
    payroll, male, ft, (lo, hi), sites, title = FAMILIES[fam]
    g = "M" if rng.random() < male else "F"
    site = rng.choice(sites)
    if fam == "office":
        title = rng.choice(OFFICE_TITLES)
    elif fam == "senior":
        title = rng.choice(SENIOR_TITLES)
    start = date(2026, 3, 1) - timedelta(days=rng.randint(90, 6000))
    p = Person(ids.next(), ids.name(g), g, site, fam, title, payroll, ft, start=start)
    years = (date(2026, 4, 5) - start).days // 365
    if payroll == "W":
        band = rng.choice([0.0, 0.0, 0.30, 0.65]) if fam == "ops" else rng.choice([0.0, 0.60, 1.35])
        p.rate = round(lo + band + 0.01 * min(years, 15), 2) if fam != "flex" else lo
        if fam == "ops" and rng.random() < (0.16 if g == "F" else 0.03):
            p.hours = float(rng.choice([20, 24, 30]))
        p.sacrifice = 0.04 if rng.random() < 0.6 else 0.0
        pattern = rng.choice(["days", "days", "nights", "rotating", "lates"]) if fam != "flex" else "days"
        p.extras["pattern"] = pattern
        if fam == "flex":
            p.hours = 0.0
            base = rng.choice([14, 18, 22, 26, 30])
            p.hours_series = [float(max(6, min(38, base + rng.choice([-6, -4, -2, 0, 2, 4, 6])))) for _ in pay.SERIES]
        if fam != "flex" and rng.random() < 0.55:
            p.tags.add("gf_off")
    else:
        step = 250 if fam != "senior" else 1000
        u = rng.random() ** (0.75 if g == "M" else 1.45)  # men sit higher in each salary range
        p.salary = float(round((lo + u * (hi - lo)) / step) * step)
        if fam in ("cs", "office", "planner") and rng.random() < (0.38 if g == "F" else 0.05):
            p.hours = float(rng.choice([18.75, 22.5, 30.0]))
        p.sacrifice = 0.05 if rng.random() < 0.7 else 0.0
        if fam == "senior":
            if rng.random() < 0.5:
                p.extras["CARALL"] = 550.0
            else:
                p.extras["BIKCAR"] = float(rng.choice([412.50, 486.00, 530.25]))
            if rng.random() < 0.35:
                p.extras["EVSS"] = -float(rng.choice([365.0, 410.0, 455.0]))
        if fam == "tl":
            p.extras["SUP"] = 95.0
        if fam in ("planner", "office") and rng.random() < 0.22:
            p.extras["ONC"] = 110.0
        if rng.random() < 0.08:
            p.extras["FAID"] = 20.0
        if fam in ("tl", "planner", "cs") and rng.random() < 0.25:
            p.extras["OT15"] = round(rng.uniform(60, 420), 2)
        if fam in ("planner", "sales", "senior") and rng.random() < 0.35:
            p.extras["MILES"] = round(rng.uniform(20, 260), 2)
        if rng.random() < 0.05:
            p.extras["CYC"] = -45.0
        if fam == "sales":
            p.extras["COMM"] = round(rng.uniform(900, 5200), 2)
    return p


def _leave(rng: random.Random, people: list[Person], n: dict) -> None:
    """Leave in the relevant pay period, by kind: ssp, smp (women), mat_full (women, first 13 weeks on full pay under
    the company scheme), upl, shpp (men), hol (annual leave, full pay), csp (company sick pay at full pay)."""
    free = [p for p in people if p.kind == "employee" and p.leave is None and "redundant" not in p.tags]
    rng.shuffle(free)
    for kind, count in n.items():
        for _ in range(count):
            for p in free:
                if p.leave is not None or p.family == "flex":
                    continue
                if kind in ("smp", "mat_full") and p.gender != "F":
                    continue
                if kind == "shpp" and (p.gender != "M" or p.payroll != "M"):
                    continue
                if kind in ("mat_full", "csp") and p.payroll != "M":
                    continue
                if kind == "upl" and p.payroll == "W" and p.hours < 30:
                    continue
                p.leave = kind
                break


def simulate(inst: dict) -> Story:
    rng = random.Random(inst["seed"])
    ids = _Ids(rng, inst["id_start"])
    people: list[Person] = []
    for fam, count in inst["families"].items():
        people += [_employee(rng, ids, fam, inst["hard"]) for _ in range(count)]
    rng.shuffle(people)
    for p in people[: inst["history_rows"]]:
        if p.payroll == "M" and p.hours < 37.5:
            p.history.append((date(2026, 2, 28), 37.5, p.title))
        else:
            p.history.append((date(2026, 2, 28), p.hours, "Trainee " + p.title if p.family == "ops" else p.title))
    for p in rng.sample([q for q in people if q.family in ("ops", "driver", "tl")], 3):
        p.tags.add("redundant")
        p.leaving = date(2026, 4, 30)
        p.extras["redun"] = round(rng.uniform(3200, 9800), 2)
    for p in rng.sample([q for q in people if q.family == "flex" and q.site == "DON"], inst["old_rate"]):
        p.tags.add("old_rate")
    for p in rng.sample([q for q in people if q.family == "ops" and q.hours == 40], inst["ex_agency"]):
        p.start = date(2026, 3, 30)
        p.tags.add("ex_agency")
    _leave(rng, people, inst["leave"])
    # Hull: transferred under TUPE on 1 February 2026, still paid four-weekly by the transferor's bureau
    women = sorted(rng.sample(range(inst["hull"]), inst["hull_women"]))
    for i in range(inst["hull"]):
        g = "F" if i in women else "M"
        init = rng.choice("ABCDEGJKLMNPRST")
        surname = rng.choice(SURNAMES)
        h = Person(f"HUL-{101 + i * 2:04d}", f"{init}. {surname}", g, "HUL", "hull", "Cross-Dock Operative", "B", 40.0)
        h.kind, h.start = "hull", date(2026, 2, 1)
        h.rate = round(rng.choice([12.90, 13.20, 13.55, 14.10]) + (0.9 if i < 3 else 0), 2)
        if i in women[: len(women) // 2]:
            h.title, h.rate = "Cross-Dock Administrator", round(rng.uniform(13.6, 15.4), 2)
        h.sacrifice = 0.03 if rng.random() < 0.5 else 0.0
        h.extras["pattern"] = rng.choice(["days", "nights", "lates"])
        people.append(h)
    rng.shuffle(people[-inst["hull"] :])
    # owner-drivers on personal contracts (company vehicle, no right of substitution)
    for i in range(inst["owner_drivers"] + 2):
        g = "F" if i < 2 else "M"
        od = Person(
            f"OD-{17 + i * 3:03d}", ids.name(g), g, rng.choice(["NRM", "DON", "CAS"]), "od", "Owner-driver", "OD", 50.0
        )
        od.kind, od.rate = "owner_driver", float(rng.choice([128, 132, 135, 138, 140, 145]))
        od.start = date(2025, 1, 6) + timedelta(days=7 * rng.randint(0, 50))
        if i >= inst["owner_drivers"]:
            od.leaving = date(2026, 3, 20)  # engagement ended before the snapshot date
        people.append(od)
    # agency temps (employed by the agency), leavers before the snapshot, starters after it
    for _ in range(inst["agency"]):
        g = "M" if rng.random() < 0.7 else "F"
        a = Person(
            f"SL{rng.randint(100000, 999999)}",
            ids.name(g),
            g,
            rng.choice(["NRM", "DON", "CAS"]),
            "agency",
            "Agency Operative",
            "AG",
            40.0,
        )
        a.kind, a.rate = "agency", round(rng.uniform(14.6, 16.4), 2)
        people.append(a)
    for fam in rng.choices(["ops", "driver", "cs", "office", "sales", "tl"], k=inst["leavers"]):
        p = _employee(rng, ids, fam, inst["hard"])
        p.leaving = date(2026, 1, 9) + timedelta(days=rng.randint(0, 81))
        p.tags.add("leaver")
        people.append(p)
    for fam in rng.choices(["ops", "ops", "flex", "cs"], k=inst["starters"]):
        p = _employee(rng, ids, fam, inst["hard"])
        p.start = rng.choice([date(2026, 4, 13), date(2026, 4, 20)])
        p.tags.add("starter")
        people.append(p)
    ltip = {}
    seniors = sorted(
        (p for p in people if p.family == "senior" and p.kind == "employee" and "leaver" not in p.tags),
        key=lambda p: (p.gender == "F", -p.salary),
    )
    seniors = (
        seniors[: inst["ltip"] - inst["ltip_women"]] + [p for p in seniors if p.gender == "F"][: inst["ltip_women"]]
    )
    for p in seniors:
        ltip[p.id] = money(p.salary * rng.uniform(0.18, 0.45))
    for p in seniors[: inst["ltip_only"]]:
        p.tags.add("group_bonus_only")  # their annual bonus is the group's too: nothing in the company ledger
    for p in people:
        pay.pay_lines(p, rng)
    pay.bonus_lines(people, rng, inst)
    facts = {
        "normanton_hours": 37.5,
        "owner_drivers": sorted(p.id for p in people if p.kind == "owner_driver" and p.leaving is None),
        "hull_women": sorted(p.id for p in people if p.kind == "hull" and p.gender == "F"),
        "hull_count": inst["hull"],
        "ltip": ltip,
    }
    return Story(inst, people, ltip, facts)


# ------------------------------------------------------------------------------------------------ the figures


def is_relevant(p: Person) -> bool:
    if p.kind == "agency":
        return False
    if p.start > SNAPSHOT:
        return False
    return p.leaving is None or p.leaving >= SNAPSHOT


def gap(m: list[float], f: list[float], how: Callable[[list[float]], float]) -> float:
    if not m or not f:
        return 0.0
    a, b = how(m), how(f)
    return round((a - b) / a * 100, 1) if a else 0.0


def truth(story: Story, known: tuple[str, ...] = FACTS) -> dict:
    """Each relevant person's row and the statutory figures; `known` lists the staff's facts applied."""
    rows = {}
    for p in story.people:
        if not is_relevant(p):
            continue
        if p.kind == "owner_driver" and "owner_drivers" not in known:
            continue
        if p.kind == "hull" and "hull_gender" not in known:
            continue
        hours = p.hours
        if p.family == "ops" and p.site == "NRM" and p.hours == 40 and "normanton" in known:
            hours = story.facts["normanton_hours"]
        r = pay.hourly(p, hours)
        bonus = sum(b["amount"] for b in p.bonuses if BONUS_FROM <= b["paid"] <= SNAPSHOT)
        if "ltip" in known:
            bonus += story.ltip.get(p.id, 0.0)
        r["bonus_12m"] = money(bonus)
        r["gender"] = p.gender
        rows[p.id] = r
    return {"rows": rows, "figures": figures(rows)}


def quartiles(rows: dict) -> dict:
    full = sorted((r["hourly_rate_exact"], k) for k, r in rows.items() if r["full_pay"])
    n = len(full)
    out = {}
    for i, name in enumerate(("lower", "lower_middle", "upper_middle", "upper")):
        part = full[i * n // 4 : (i + 1) * n // 4]
        men = sum(1 for _, k in part if rows[k]["gender"] == "M")
        out[name] = {"male_pct": round(100 * men / len(part), 1), "female_pct": round(100 - 100 * men / len(part), 1)}
        for _, k in part:
            rows[k]["quartile"] = name
    return out


def figures(rows: dict) -> dict:
    full = [r for r in rows.values() if r["full_pay"]]
    hm = [r["hourly_rate_exact"] for r in full if r["gender"] == "M"]
    hf = [r["hourly_rate_exact"] for r in full if r["gender"] == "F"]
    bm = [r["bonus_12m"] for r in rows.values() if r["gender"] == "M" and r["bonus_12m"] > 0]
    bf = [r["bonus_12m"] for r in rows.values() if r["gender"] == "F" and r["bonus_12m"] > 0]
    nm = sum(1 for r in rows.values() if r["gender"] == "M")
    nf = len(rows) - nm
    return {
        "relevant_employees": len(rows),
        "full_pay_relevant_employees": len(full),
        "mean_hourly_pay_gap_pct": gap(hm, hf, statistics.fmean),
        "median_hourly_pay_gap_pct": gap(hm, hf, statistics.median),
        "mean_bonus_gap_pct": gap(bm, bf, statistics.fmean),
        "median_bonus_gap_pct": gap(bm, bf, statistics.median),
        "male_bonus_pct": round(100 * len(bm) / nm, 1),
        "female_bonus_pct": round(100 * len(bf) / nf, 1),
        "quartiles": quartiles(rows),
    }
