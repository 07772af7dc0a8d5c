"""payroll_audit's world model for hidden/build_inputs.py: the agreement's figures, the shifts and employees, and
the pay rules (the agreement's, or the payroll system's faulty reading of them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

FIXED_TIME = (2026, 10, 6, 9, 0, 0)
FIXED_ISO = "2026-10-06T09:00:00Z"
COMPANY = "Calloway Facility Services Ltd"
UNION = "United Cleaning and Support Workers' Union"

WEEKS = [date(2026, 6, 29) + timedelta(weeks=i) for i in range(13)]  # pay weeks run Monday to Sunday
RISE_FROM = date(2026, 8, 3)
PAYROLL_RISE_FROM = date(2026, 8, 17)  # the payroll system loaded the new rates two weeks late
GRADES = {
    "CL1": ("Cleaner", 12.60, 13.10),
    "CL2": ("Senior cleaner", 13.20, 13.75),
    "TL1": ("Team leader", 14.40, 15.00),
    "MO1": ("Maintenance operative", 15.80, 16.45),
}
NIGHT_PREMIUM = 0.25
SAT_PREMIUM, SUN_PREMIUM, PH_PREMIUM, OT_PREMIUM = 0.25, 0.50, 1.00, 0.50
DAILY_OT_MIN, WEEKLY_MIN = 10 * 60, 38 * 60
CALLOUT_MIN = 4 * 60
HOLIDAYS = {"ENG": {date(2026, 8, 31): "Summer bank holiday"}, "SCT": {date(2026, 8, 3): "Summer bank holiday"}}
# each payroll element's rate as a share of the basic rate, as payroll prices it (no local agreement)
FRACTION = {"BAS": 1.0, "OTP": 0.5, "NPR": 0.25, "SAT": 0.25, "SUN": 0.5, "PHP": 1.0, "COM": 1.0}
ELEMENTS = ["basic", "overtime", "night", "weekend", "public_holiday", "call_out"]
CODES = {  # payroll element code, description, cause key
    "BAS": ("Basic pay", "basic"),
    "OTP": ("Overtime premium (half-time uplift)", "overtime"),
    "NPR": ("Night premium", "night"),
    "SAT": ("Saturday premium", "weekend"),
    "SUN": ("Sunday premium", "weekend"),
    "PHP": ("Public holiday premium", "public_holiday"),
    "COM": ("Call-out minimum top-up", "call_out"),
}

GIVEN = [
    "Amara",
    "Bogdan",
    "Ciara",
    "Dariusz",
    "Efua",
    "Fergal",
    "Gintare",
    "Hamid",
    "Ines",
    "Jolanta",
    "Kofi",
    "Laila",
    "Marek",
    "Nadia",
    "Oisin",
    "Paulina",
    "Rashid",
    "Sinead",
    "Tomasz",
    "Ulla",
    "Vikram",
    "Wanjiru",
    "Yelena",
    "Zoltan",
    "Agnieszka",
    "Babajide",
    "Catriona",
    "Desmond",
    "Elif",
    "Florin",
    "Grainne",
    "Hiroshi",
    "Ilse",
    "Jabari",
    "Kasia",
    "Lorcan",
    "Mihaela",
    "Nkechi",
    "Olamide",
    "Precious",
    "Radu",
    "Shona",
    "Teodor",
    "Usha",
    "Valentina",
    "Wiktor",
    "Xiomara",
    "Yusra",
    "Zainab",
    "Alasdair",
    "Beatriz",
    "Cosmin",
    "Dervla",
    "Eamon",
    "Farida",
    "Gediminas",
]
SURNAMES = [
    "Achterberg",
    "Balogun",
    "Carvalho",
    "Dunleavy",
    "Ekwueme",
    "Fairbairn",
    "Grabowski",
    "Haldane",
    "Iqbal",
    "Jankauskas",
    "Kilbride",
    "Lindqvist",
    "McCorquodale",
    "Nowicka",
    "Osei-Bonsu",
    "Petrescu",
    "Quigley",
    "Rautio",
    "Szymanska",
    "Tennant",
    "Urquhart",
    "Varga",
    "Wojcik",
    "Yilmaz",
    "Zielonka",
    "Abernethy",
    "Boateng",
    "Cieslak",
    "Drummond",
    "Eriksen",
    "Ferreira",
    "Gallacher",
    "Hosseini",
    "Ivanova",
    "Jovanovic",
    "Kowalski",
    "Lafferty",
    "Mensah",
    "Nakamura",
    "Ogunleye",
    "Pietrzak",
    "Ramsay",
    "Stoica",
    "Tkachenko",
    "Umeh",
    "Vasquez",
    "Whitelaw",
    "Xuereb",
    "Yeboah",
    "Zawadzka",
    "Armitage",
    "Brannigan",
    "Chikwanha",
    "Dobrev",
    "Ellison",
    "Fyfe",
]


# --------------------------------------------------------------------------------------------- the model


@dataclass
class Shift:
    emp: str
    start: datetime
    end: datetime
    callout: bool = False

    @property
    def minutes(self) -> int:
        return int((self.end - self.start).total_seconds() // 60)


@dataclass
class Employee:
    emp_id: str
    given: str
    surname: str
    site: str
    grades: list[tuple[date, str]]  # (effective from, grade) in HR's list
    paid_grades: list[tuple[date, str]]  # what the payroll system used
    shifts: list[Shift] = field(default_factory=list)
    starts: date = WEEKS[0]

    @property
    def name(self) -> str:
        return f"{self.given} {self.surname}"


def grade_on(grades: list[tuple[date, str]], day: date) -> str:
    current = grades[0][1]
    for since, g in sorted(grades):
        if since <= day:
            current = g
    return current


def rate(grade: str, day: date, rise_from: date = RISE_FROM) -> float:
    _, old, new = GRADES[grade]
    return new if day >= rise_from else old


def overlap(a0: datetime, a1: datetime, b0: datetime, b1: datetime) -> int:
    lo, hi = max(a0, b0), min(a1, b1)
    return max(0, int((hi - lo).total_seconds() // 60))


def night_minutes(s: Shift, until_midnight_only: bool = False) -> int:
    total, day = 0, s.start.date() - timedelta(days=1)
    while datetime.combine(day, time(0)) < s.end:
        n0 = datetime.combine(day, time(22))
        n1 = datetime.combine(day + timedelta(days=1), time(0 if until_midnight_only else 6))
        total += overlap(s.start, s.end, n0, n1)
        day += timedelta(days=1)
    return total


def day_minutes(s: Shift) -> dict[date, int]:
    out: dict[date, int] = {}
    day = s.start.date()
    while datetime.combine(day, time(0)) < s.end:
        m = overlap(s.start, s.end, datetime.combine(day, time(0)), datetime.combine(day + timedelta(days=1), time(0)))
        if m:
            out[day] = m
        day += timedelta(days=1)
    return out


@dataclass
class Rules:
    """How pay is worked out: the agreement's rules, or the payroll system's faulty version of them."""

    rise_from: date = RISE_FROM
    night_until_midnight: bool = False
    weekend_by_start_day: bool = False
    callout_min: int = CALLOUT_MIN
    weekly_ot: bool = True
    ph_region: str | None = None  # None: the site's own region
    night_premium: dict[str, float] = field(default_factory=dict)  # site -> premium where a local agreement applies


def entitled(shifts: list[Shift], grades, region: str, site: str, rules: Rules) -> dict[str, tuple[float, float]]:
    """Per payroll code: (hours, amount) for one employee's pay week."""
    if not shifts:
        return {}
    week_start = shifts[0].start.date() - timedelta(days=shifts[0].start.weekday())
    grade = grade_on(grades, week_start)
    r = rate(grade, week_start, rules.rise_from)
    worked = sum(s.minutes for s in shifts)
    daily_ot = sum(max(0, s.minutes - DAILY_OT_MIN) for s in shifts)
    weekly_ot = max(0, worked - daily_ot - WEEKLY_MIN) if rules.weekly_ot else 0
    night = sum(night_minutes(s, rules.night_until_midnight) for s in shifts)
    holidays = HOLIDAYS[rules.ph_region or region]
    sat = sun = ph = 0
    for s in shifts:
        parts = {s.start.date(): s.minutes} if rules.weekend_by_start_day else day_minutes(s)
        for d, m in parts.items():
            if d in holidays:
                ph += m
            elif d.weekday() == 5:
                sat += m
            elif d.weekday() == 6:
                sun += m
    pad = sum(max(0, rules.callout_min - s.minutes) for s in shifts if s.callout)
    npr = rules.night_premium.get(site, NIGHT_PREMIUM)
    lines = {
        "BAS": (worked, r),
        "OTP": (daily_ot + weekly_ot, r * OT_PREMIUM),
        "NPR": (night, r * npr),
        "SAT": (sat, r * SAT_PREMIUM),
        "SUN": (sun, r * SUN_PREMIUM),
        "PHP": (ph, r * PH_PREMIUM),
        "COM": (pad, r),
    }
    return {code: (m / 60, round(m / 60 * rt + 1e-9, 2)) for code, (m, rt) in lines.items() if m}


def by_cause(lines: dict[str, tuple[float, float]]) -> dict[str, float]:
    out = dict.fromkeys(ELEMENTS, 0.0)
    for code, (_, amount) in lines.items():
        out[CODES[code][1]] += amount
    return out


@dataclass
class Site:
    code: str
    name: str
    city: str
    region: str
    staff: int
    pattern: str  # evening | early | night | hospital | offices


def recorded(s: Shift, inst: dict, site: str) -> Shift:
    """The shift as the site's terminal recorded it."""
    t = inst.get("terminal")
    if t and site == t["site"] and t["from"] <= s.start.date() <= t["to"]:
        d = timedelta(hours=t["hours"])
        return Shift(s.emp, s.start - d, s.end - d, s.callout)
    return s


def week_of(s: Shift) -> date:
    return s.start.date() - timedelta(days=s.start.weekday())
