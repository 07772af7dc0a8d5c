"""Writes every instance's inputs (agreement, timesheets, grade list, payroll export, holidays, e-mails) and its
reference outputs.

Deterministic: the same code writes the same bytes (fixed seed, fixed document timestamps). Run with a Python that
has python-docx and openpyxl:

    python hidden/build_inputs.py

The generator decides every shift as it really happened, computes what the collective agreement entitles each
employee to per pay week (`entitled()`), and writes the payroll export the way the payroll system computed it, with
its faults. After writing the files it runs hidden/solutions/reference.py on them (handing it the staff's answers
directly, `KNOWN`) and asserts that the reference, reading only the files, arrives at the generator's figures.
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path

import docx
import openpyxl

FAMILY = Path(__file__).resolve().parent.parent
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
    "Amara", "Bogdan", "Ciara", "Dariusz", "Efua", "Fergal", "Gintare", "Hamid", "Ines", "Jolanta", "Kofi", "Laila",
    "Marek", "Nadia", "Oisin", "Paulina", "Rashid", "Sinead", "Tomasz", "Ulla", "Vikram", "Wanjiru", "Yelena",
    "Zoltan", "Agnieszka", "Babajide", "Catriona", "Desmond", "Elif", "Florin", "Grainne", "Hiroshi", "Ilse",
    "Jabari", "Kasia", "Lorcan", "Mihaela", "Nkechi", "Olamide", "Precious", "Radu", "Shona", "Teodor", "Usha",
    "Valentina", "Wiktor", "Xiomara", "Yusra", "Zainab", "Alasdair", "Beatriz", "Cosmin", "Dervla", "Eamon",
    "Farida", "Gediminas",
]
SURNAMES = [
    "Achterberg", "Balogun", "Carvalho", "Dunleavy", "Ekwueme", "Fairbairn", "Grabowski", "Haldane", "Iqbal",
    "Jankauskas", "Kilbride", "Lindqvist", "McCorquodale", "Nowicka", "Osei-Bonsu", "Petrescu", "Quigley",
    "Rautio", "Szymanska", "Tennant", "Urquhart", "Varga", "Wojcik", "Yilmaz", "Zielonka", "Abernethy", "Boateng",
    "Cieslak", "Drummond", "Eriksen", "Ferreira", "Gallacher", "Hosseini", "Ivanova", "Jovanovic", "Kowalski",
    "Lafferty", "Mensah", "Nakamura", "Ogunleye", "Pietrzak", "Ramsay", "Stoica", "Tkachenko", "Umeh", "Vasquez",
    "Whitelaw", "Xuereb", "Yeboah", "Zawadzka", "Armitage", "Brannigan", "Chikwanha", "Dobrev", "Ellison", "Fyfe",
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


# --------------------------------------------------------------------------------------------- instances


@dataclass
class Site:
    code: str
    name: str
    city: str
    region: str
    staff: int
    pattern: str  # evening | early | night | hospital | offices


BASE_SITES = [
    Site("HBW", "Harbourside Business Park", "Bristol", "ENG", 8, "evening"),
    Site("NGM", "Northgate Retail Park", "Leeds", "ENG", 8, "early"),
    Site("CSG", "Clyde Street Offices", "Glasgow", "SCT", 7, "night"),
]
HARD_SITES = [
    Site("HBW", "Harbourside Business Park", "Bristol", "ENG", 10, "evening"),
    Site("NGM", "Northgate Retail Park", "Leeds", "ENG", 14, "early"),
    Site("CSG", "Clyde Street Offices", "Glasgow", "SCT", 9, "night"),
    Site("CWF", "Canal Wharf Offices", "Manchester", "ENG", 10, "offices"),
    Site("RGH", "Ravensworth General Hospital", "Newcastle upon Tyne", "ENG", 11, "hospital"),
]

INSTANCES = {
    "base": {"seed": 20260927, "sites": BASE_SITES, "first_id": 2101},
    "q3_sites": {
        "seed": 20260928,
        "sites": HARD_SITES,
        "first_id": 3101,
        # what only the client's staff know (variants/q3_sites/hidden/people.toml)
        "terminal": {"site": "CWF", "from": date(2026, 7, 13), "to": date(2026, 8, 23), "hours": 1},
        "local_night": {"site": "RGH", "premium": 0.35},
        "backdated": {"site": "NGM", "from_grade": "CL1", "to_grade": "CL2", "since": WEEKS[0]},
        # four of the hospital's cleaners came over with the contract in 2024 under TUPE and keep their own terms
        "transferred": {"site": "RGH", "staff": [4, 6, 8, 9]},
    },
}


# the transferred staff's protected contracts (payroll pays them rightly; the collective agreement does not apply):
# their own pay review each April took them to GBP 13.10 an hour from April 2026, and their premiums follow the
# clock as the agreement's do but with no local agreement (night 25%); they are not on any call-out rota
TRANSFERRED_RULES = Rules(rise_from=date(2026, 4, 6))


def transferred_pay(shifts: list[Shift], grades: list[tuple[date, str]]) -> dict[str, tuple[float, float]]:
    """One pay week of a transferred employee, under the contract they kept."""
    return entitled(shifts, grades, "ENG", "", TRANSFERRED_RULES)


def q(minutes: int) -> int:
    return 15 * round(minutes / 15)


def make_shifts(rng: random.Random, emp: Employee, site: Site, role: str) -> None:
    """The shifts an employee really worked, week by week."""
    for w in WEEKS:
        if w < emp.starts:
            continue
        if rng.random() < 0.07:  # a week's leave
            continue
        days: list[tuple[int, int, int]] = []  # (weekday, start minute, length minutes)
        if site.pattern == "evening":
            if role == "night":
                days = [(d, 22 * 60, 480) for d in (3, 4, 5)]
            else:
                days = [(d, 17 * 60, 360) for d in range(5)]
        elif site.pattern == "early":
            if role == "full":
                days = [(d, 5 * 60, 480) for d in range(5)]
                if rng.random() < 0.35:
                    days.append((5, 6 * 60, 360))
            else:
                days = [(d, 6 * 60, 360) for d in (2, 3, 4, 5, 6)]
        elif site.pattern == "night":
            first = 6 if role == "sunday" else 0
            days = [((first + i) % 7, 21 * 60, 480) for i in range(5)]
        elif site.pattern == "offices":
            days = [(d, 18 * 60, 390) for d in range(5)]
        elif site.pattern == "hospital":
            if role == "night":
                days = [(d, 20 * 60, 600) for d in rng.sample(range(7), 4)]
            else:
                days = [(d, 7 * 60, 480) for d in rng.sample(range(7), 5)]
        for wd, start, length in sorted(days):
            if rng.random() < 0.06:
                continue
            if rng.random() < 0.15:
                start += rng.choice([-15, 15, 30])
            if rng.random() < 0.12:
                length = q(length + rng.choice([60, 90, 150, 180]))
            st = datetime.combine(w + timedelta(days=wd), time(0)) + timedelta(minutes=start)
            emp.shifts.append(Shift(emp.emp_id, st, st + timedelta(minutes=length)))
        if rng.random() < 0.12:  # a call-out
            wd = rng.randrange(7)
            st = datetime.combine(w + timedelta(days=wd), time(rng.choice([1, 2, 13, 19])))
            emp.shifts.append(Shift(emp.emp_id, st, st + timedelta(minutes=rng.choice([90, 120, 150, 195, 270])), True))
    emp.shifts.sort(key=lambda s: s.start)
    # a call-out overlapping a shift is dropped
    kept: list[Shift] = []
    for s in emp.shifts:
        if kept and s.start < kept[-1].end:
            continue
        kept.append(s)
    emp.shifts = kept


def build_people(inst: dict) -> tuple[list[Employee], dict]:
    rng = random.Random(inst["seed"])
    names = [(g, s) for g, s in zip(rng.sample(GIVEN, len(GIVEN)), rng.sample(SURNAMES, len(SURNAMES)))]
    emps: list[Employee] = []
    n = inst["first_id"]
    story: dict = {}
    for site in inst["sites"]:
        for i in range(site.staff):
            given, surname = names.pop()
            grade = "TL1" if i == 0 else ("CL2" if i in (1, 2) else ("MO1" if i == 3 and site.staff > 9 else "CL1"))
            role = {
                "evening": "night" if i in (4, 5) else "day",
                "early": "full" if i < 5 else "part",
                "night": "sunday" if i % 2 else "week",
                "offices": "day",
                "hospital": "night" if i % 2 else "day",
            }[site.pattern]
            emp = Employee(f"E{n}", given, surname, site.code, [(date(2026, 1, 1), grade)], [(date(2026, 1, 1), grade)])
            emp.role = role  # type: ignore[attr-defined]
            n += 1
            emps.append(emp)
    by_site = {s.code: [e for e in emps if e.site == s.code] for s in inst["sites"]}
    if "RGH" in by_site:  # the hospital's rota system writes Windows-1252
        by_site["RGH"][3].given = "Seán"
    # re-gradings HR recorded that the payroll never picked up: two promotions, one step down at own request
    up1, up2 = by_site["HBW"][6], by_site["CSG"][5]
    up1.grades.append((date(2026, 8, 17), "CL2"))
    up2.grades.append((date(2026, 9, 7), "CL2"))
    down = by_site["NGM"][0]
    down.grades.append((date(2026, 8, 10), "CL1"))
    story["regraded_up"] = [up1.emp_id, up2.emp_id]
    story["overpaid"] = down.emp_id
    # a starter whose first week the payroll missed
    starter = by_site["NGM"][-1]
    starter.starts = WEEKS[5]
    story["starter"] = starter.emp_id
    for e in emps:
        site = next(s for s in inst["sites"] if s.code == e.site)
        make_shifts(rng, e, site, e.role)  # type: ignore[attr-defined]
    # somebody at HBW has a week with no shifts but a payroll line: the record that cannot be reconciled
    ghost = by_site["HBW"][2]
    ghost_week = WEEKS[10]
    ghost.shifts = [s for s in ghost.shifts if not (ghost_week <= s.start.date() < ghost_week + timedelta(days=7))]
    story["ghost"] = (ghost.emp_id, ghost_week)
    bd = inst.get("backdated")
    if bd:
        story["backdated"] = [e.emp_id for e in by_site[bd["site"]] if grade_on(e.grades, WEEKS[0]) == bd["from_grade"]
                              and len(e.grades) == 1]
    tr = inst.get("transferred")
    story["transferred"] = [by_site[tr["site"]][i].emp_id for i in tr["staff"]] if tr else []
    for e in emps:
        if e.emp_id in story["transferred"]:
            e.shifts = [sh for sh in e.shifts if not sh.callout]
    return emps, story


def true_grades(e: Employee, inst: dict, story: dict) -> list[tuple[date, str]]:
    bd = inst.get("backdated")
    if bd and e.emp_id in story.get("backdated", []):
        return [(bd["since"], bd["to_grade"])]
    return e.grades


def recorded(s: Shift, inst: dict, site: str) -> Shift:
    """The shift as the site's terminal recorded it."""
    t = inst.get("terminal")
    if t and site == t["site"] and t["from"] <= s.start.date() <= t["to"]:
        d = timedelta(hours=t["hours"])
        return Shift(s.emp, s.start - d, s.end - d, s.callout)
    return s


def week_of(s: Shift) -> date:
    return s.start.date() - timedelta(days=s.start.weekday())


def compute(inst: dict, emps: list[Employee], story: dict) -> tuple[list[dict], list[dict]]:
    """The register rows (the truth) and the payroll export lines (what was paid)."""
    regions = {s.code: s.region for s in inst["sites"]}
    truth_rules = Rules()
    if inst.get("local_night"):
        truth_rules.night_premium = {inst["local_night"]["site"]: inst["local_night"]["premium"]}
    pay_rules = Rules(
        rise_from=PAYROLL_RISE_FROM, night_until_midnight=True, weekend_by_start_day=True, callout_min=180,
        weekly_ot=False, ph_region="ENG",
    )
    register, payroll = [], []
    for e in emps:
        region = regions[e.site]
        for w in WEEKS:
            shifts = [s for s in e.shifts if week_of(s) == w]
            rec = [recorded(s, inst, e.site) for s in shifts]
            want = entitled(shifts, true_grades(e, inst, story), region, e.site, truth_rules)
            if e.emp_id == story["starter"] and w == e.starts:
                paid: dict[str, tuple[float, float]] = {}
            elif e.emp_id in story["transferred"]:  # paid rightly under the contract they kept: not in the register
                paid = transferred_pay(rec, e.paid_grades)
            else:
                paid = entitled(rec, e.paid_grades, region, e.site, pay_rules)
            if story["ghost"] == (e.emp_id, w):
                paid = {"BAS": (12.0, round(12 * rate(grade_on(e.paid_grades, w), w, PAYROLL_RISE_FROM), 2))}
            we = w + timedelta(days=6)
            for code, (hours, amount) in paid.items():
                payroll.append({"emp": e, "week_end": we, "code": code, "hours": hours, "amount": amount})
            if not shifts or e.emp_id in story["transferred"]:
                continue
            ew, pw = by_cause(want), by_cause(paid)
            ent, got = round(sum(ew.values()), 2), round(sum(pw.values()), 2)
            diff = round(ent - got, 2)
            if abs(diff) < 0.05:
                continue
            deltas = {k: round(ew[k] - pw[k], 2) for k in ELEMENTS}
            sign = 1 if diff > 0 else -1
            cause = max(ELEMENTS, key=lambda k: (sign * deltas[k], -ELEMENTS.index(k)))
            register.append({
                "employee_id": e.emp_id, "pay_period": we.isoformat(), "site": e.site,
                "hours_worked": round(sum(s.minutes for s in shifts) / 60, 2),
                "entitled_gbp": f"{ent:.2f}", "paid_gbp": f"{got:.2f}", "difference_gbp": f"{diff:.2f}",
                "main_cause": cause, "_deltas": deltas,
            })
    return register, payroll


def totals(register: list[dict], sites: list[Site]) -> dict:
    under = [r for r in register if float(r["difference_gbp"]) > 0]
    over = [r for r in register if float(r["difference_gbp"]) < 0]
    out = {
        "total_underpaid_gbp": round(sum(float(r["difference_gbp"]) for r in under), 2),
        "total_overpaid_gbp": round(-sum(float(r["difference_gbp"]) for r in over), 2),
        "employees_underpaid": len({r["employee_id"] for r in under}),
        "employees_overpaid": len({r["employee_id"] for r in over}),
        "by_site": {s.code: round(sum(float(r["difference_gbp"]) for r in under if r["site"] == s.code), 2)
                    for s in sites},
        "by_cause": {k: round(sum(r["_deltas"][k] for r in register), 2) for k in ELEMENTS},
    }
    return out


# --------------------------------------------------------------------------------------------- writers


def normalise_zip(path: Path) -> None:
    src = path.read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(src)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)", rf"\g<1>{FIXED_ISO}\g<3>", text)
                data = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zout.writestr(zi, data)
    path.write_bytes(out.getvalue())


def save_xlsx(wb: openpyxl.Workbook, path: Path) -> None:
    wb.properties.creator = COMPANY
    wb.properties.created = wb.properties.modified = datetime(*FIXED_TIME)
    wb.save(path)
    normalise_zip(path)


def write_csv(path: Path, header: list[str], rows: list[list], encoding: str = "utf-8") -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode(encoding))


def write_agreement(path: Path, inst: dict) -> None:
    d = docx.Document()
    d.core_properties.author = COMPANY
    d.add_heading(f"{COMPANY} and the {UNION}: Collective Agreement on Pay 2026-27", 0)
    d.add_paragraph(
        "This agreement sets the pay of all hourly paid cleaning, support and maintenance staff employed by "
        f"{COMPANY} at its client sites in Great Britain. It replaces the 2025 agreement. Clause numbers are "
        "referred to in payslip queries and grievances."
    )
    d.add_heading("1. Pay weeks and records", 1)
    d.add_paragraph(
        "1.1 Pay is weekly. The pay week runs from 00:00 on Monday to 24:00 on Sunday and is paid on the Friday "
        "of the following week. 1.2 A shift belongs to the pay week in which it starts. 1.3 Hours "
        "are those recorded at the site's clocking terminal or on the site timesheet, in minutes. Breaks are paid."
    )
    d.add_heading("2. Basic hourly rates", 1)
    d.add_paragraph(
        "2.1 The rates below are increased with effect from Monday 3 August 2026 (pay week beginning 3 August); "
        "the new rates apply to every hour of a shift that starts on or after that date. 2.2 An employee is paid "
        "at the rate of the grade they hold, as recorded by HR, on the first day of the pay week; a re-grading takes "
        "effect from the pay week in which it is effective."
    )
    t = d.add_table(rows=1, cols=4)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Grade", "Title", "Rate to 2 August 2026 (GBP/h)", "Rate from 3 August 2026 (GBP/h)"]):
        c.text = h
    for g, (title, old, new) in GRADES.items():
        row = t.add_row().cells
        row[0].text, row[1].text, row[2].text, row[3].text = g, title, f"{old:.2f}", f"{new:.2f}"
    d.add_heading("3. Overtime", 1)
    d.add_paragraph(
        "3.1 Hours worked beyond 10 hours in any one shift are overtime. 3.2 Hours worked in a pay week beyond 38, "
        "not counting hours already overtime under 3.1, are overtime. 3.3 Each hour of overtime is paid at time and a "
        "half: the basic rate for the hour plus an overtime premium of one half of the basic rate. 3.4 Hours paid "
        "but not worked under clause 6 do not count towards either threshold."
    )
    d.add_heading("4. Night work", 1)
    d.add_paragraph(
        "4.1 Every hour worked between 22:00 and 06:00 attracts a night premium of 25% of the basic rate, whichever "
        "day the shift started on. 4.2 The night premium is paid in addition to any other premium."
    )
    d.add_heading("5. Weekends and public holidays", 1)
    d.add_paragraph(
        "5.1 Hours worked on a Saturday (00:00 to 24:00) attract a premium of 25% of the basic rate, and hours "
        "worked on a Sunday a premium of 50%, whichever day the shift started on. 5.2 Hours worked on a public "
        "holiday attract a premium of 100% of the basic rate instead of any Saturday or Sunday premium. 5.3 The "
        "public holidays are those of the part of Great Britain in which the site lies (England and Wales, or "
        "Scotland), as listed in the company's holiday calendar."
    )
    d.add_heading("6. Call-outs", 1)
    d.add_paragraph(
        "6.1 An employee called out to work outside their rostered shifts is paid for at least 4 hours for each "
        "call-out. 6.2 Where the call-out lasts less than 4 hours, the balance is paid at the basic rate as a "
        "call-out top-up, without premiums. 6.3 Hours actually worked on a call-out are paid as any other hours, "
        "premiums included. (The 2025 agreement's minimum was 3 hours.)"
    )
    d.add_heading("7. Premiums and rates", 1)
    d.add_paragraph(
        "7.1 Every premium is a percentage of the employee's basic hourly rate for the pay week; premiums are not "
        "compounded with one another or with the overtime premium. 7.2 Amounts are rounded to the penny per pay "
        "element per pay week."
    )
    if inst.get("local_night"):
        d.add_paragraph(
            "7.3 Where a local agreement listed in Schedule 3 provides more favourable terms for a site, the local "
            "agreement applies at that site for the matters it covers."
        )
    d.add_heading("8. Underpayments", 1)
    d.add_paragraph(
        "8.1 Any underpayment found is repaid in full with the next weekly pay. 8.2 An overpayment may be recovered "
        "only after the employee has been told in writing and an instalment plan agreed with them; it is never "
        "set off against an underpayment without the employee's written consent."
    )
    if inst.get("local_night"):
        d.add_heading("Schedule 3. Local agreements", 1)
        t = d.add_table(rows=1, cols=3)
        t.style = "Table Grid"
        for c, h in zip(t.rows[0].cells, ["Site", "Local agreement", "Matters covered"]):
            c.text = h
        row = t.add_row().cells
        row[0].text = "Ravensworth General Hospital"
        row[1].text = "LA-RGH-2024 (held by HR Business Partnering)"
        row[2].text = "Night work"
    d.add_paragraph("Signed for the company and for the union, 12 June 2026.")
    d.save(str(path))
    normalise_zip(path)


def fmt12(t: datetime, compact: bool = False) -> str:
    h = t.hour % 12 or 12
    ampm = "AM" if t.hour < 12 else "PM"
    return f"{h}:{t.minute:02d}{ampm.lower()}" if compact else f"{h}:{t.minute:02d} {ampm}"


def write_timesheets(inp: Path, inst: dict, emps: list[Employee], rng: random.Random) -> list[str]:
    files = []
    ts = inp / "timesheets"
    ts.mkdir(parents=True)
    sites = {s.code: s for s in inst["sites"]}
    hard = "terminal" in inst
    for code, site in sites.items():
        staff = [e for e in emps if e.site == code]
        shifts = sorted((recorded(s, inst, code) for e in staff for s in e.shifts), key=lambda s: (s.start, s.emp))
        names = {e.emp_id: e for e in staff}
        if code == "HBW":
            header = ["Employee ID", "Employee", "Date", "Start", "Finish", "Shift type"]

            def hbw(s: Shift) -> list:
                e = names[s.emp]
                return [s.emp, e.name, s.start.date().isoformat(), s.start.strftime("%H:%M"), s.end.strftime("%H:%M"),
                        "Call-out" if s.callout else "Rostered"]

            if hard:  # two overlapping exports from the site's system
                a = [hbw(s) for s in shifts if s.start.date() < date(2026, 8, 17)]
                b = [hbw(s) for s in shifts if s.start.date() >= date(2026, 8, 3)]
                write_csv(ts / "HBW_timesheets_Q3.csv", header, [*a, header, *b])  # two exports pasted together
                files.append("HBW_timesheets_Q3.csv")
            else:
                write_csv(ts / "HBW_timesheets_Q3.csv", header, [hbw(s) for s in shifts])
                files.append("HBW_timesheets_Q3.csv")
        elif code == "NGM":
            wb = openpyxl.Workbook()
            ws = wb.active
            ws.title = "Timesheet"
            ws.append([f"{site.name} - weekly timesheets, July to September 2026"])
            ws.append([])
            ws.append(["Staff no.", "Surname", "First name", "Shift date", "Time in", "Time out", "C/O"])
            for s in shifts:
                e = names[s.emp]
                ws.append([s.emp if not hard else s.emp[1:], e.surname, e.given, s.start.date(), fmt12(s.start),
                           fmt12(s.end), "Y" if s.callout else ""])
                ws.cell(ws.max_row, 4).number_format = "dd/mm/yyyy"
            save_xlsx(wb, ts / "NGM_timesheets_Q3.xlsx")
            files.append("NGM_timesheets_Q3.xlsx")
        elif code == "CSG":
            header = ["emp_id", "name", "shift_date", "clock_in", "clock_out", "callout"]
            rows = [[s.emp, names[s.emp].name.upper(), s.start.strftime("%d/%m/%Y"), s.start.strftime("%H:%M"),
                     s.end.strftime("%H:%M"), "Y" if s.callout else "N"] for s in shifts]
            # the re-export appended three weeks a second time
            again = [r for r in rows if date(2026, 8, 10) <= datetime.strptime(r[2], "%d/%m/%Y").date() <= date(2026, 8, 30)]
            write_csv(ts / "CSG_timesheets_Q3_reexport.csv", header, rows + again)
            files.append("CSG_timesheets_Q3_reexport.csv")
        elif code == "CWF":
            wb = openpyxl.Workbook()
            first = True
            for month, label in ((7, "July"), (8, "August"), (9, "September")):
                ws = wb.active if first else wb.create_sheet()
                first = False
                ws.title = label
                ws.append(["Badge", "Name", "Clock in", "Clock out", "Type"])
                for s in shifts:
                    if s.start.month == month or (month == 7 and s.start.month == 6):
                        ws.append([s.emp, names[s.emp].name, s.start, s.end, "CALL" if s.callout else "SHIFT"])
                        ws.cell(ws.max_row, 3).number_format = "yyyy-mm-dd hh:mm"
                        ws.cell(ws.max_row, 4).number_format = "yyyy-mm-dd hh:mm"
            save_xlsx(wb, ts / "CWF_terminal_export.xlsx")
            files.append("CWF_terminal_export.xlsx")
        elif code == "RGH":
            header = ["Name", "Pay no", "Day", "On", "Off", "Notes"]
            rows = [[f"{names[s.emp].surname}, {names[s.emp].given}", s.emp, s.start.strftime("%a %d/%m/%Y"),
                     fmt12(s.start, True), fmt12(s.end, True), "call out" if s.callout else ""] for s in shifts]
            write_csv(ts / "RGH_rota_actuals.csv", header, rows, encoding="cp1252")
            files.append("RGH_rota_actuals.csv")
    return files


def write_grades(path: Path, inst: dict, emps: list[Employee], story: dict) -> None:
    sites = {s.code: s for s in inst["sites"]}
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Grades"
    ws.append(["Employee ID", "Surname", "Forename", "Site code", "Site", "Grade", "Effective from", "Start date"])
    for e in emps:
        for since, g in sorted(e.grades):
            ws.append([e.emp_id, e.surname, e.given, e.site, f"{sites[e.site].name}, {sites[e.site].city}", g, since,
                       e.starts if e.starts > WEEKS[0] else date(2023, 4, 3)])
            ws.cell(ws.max_row, 7).number_format = "dd/mm/yyyy"
            ws.cell(ws.max_row, 8).number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)


def write_payroll(path: Path, payroll: list[dict]) -> None:
    rows = []
    for p in payroll:
        e, code = p["emp"], p["code"]
        amount = p["amount"]
        rt = amount / p["hours"] if p["hours"] else 0
        rows.append([e.emp_id, f"{e.surname.upper()} {e.given}", e.site, p["week_end"].strftime("%d/%m/%Y"), code,
                     CODES[code][0], f"{p['hours']:.2f}", f"{rt:.4f}", f"{amount:.2f}"])
    write_csv(path, ["emp_no", "employee", "cost_centre", "week_ending", "element", "description", "hours", "rate",
                     "amount"], rows)


def write_holidays(path: Path) -> None:
    rows = []
    for d, n, reg in [
        (date(2026, 5, 25), "Spring bank holiday", "England and Wales; Scotland"),
        (date(2026, 8, 3), "Summer bank holiday", "Scotland"),
        (date(2026, 8, 31), "Summer bank holiday", "England and Wales"),
        (date(2026, 11, 30), "St Andrew's Day (substitute)", "Scotland"),
        (date(2026, 12, 25), "Christmas Day", "England and Wales; Scotland"),
        (date(2026, 12, 28), "Boxing Day (substitute)", "England and Wales; Scotland"),
    ]:
        rows.append([d.strftime("%d %B %Y"), n, reg])
    write_csv(path, ["Date", "Holiday", "Applies in"], rows)


def write_emails(folder: Path, inst: dict, story: dict, emps: list[Employee]) -> None:
    folder.mkdir()
    by_id = {e.emp_id: e for e in emps}
    ghost, gw = story["ghost"]
    down = by_id[story["overpaid"]]
    mails = [
        ("01_payroll_rates_loaded.eml", "Marcus Ellery <payroll@calloway-fs.example>", "Reward team",
         "2026-08-14 16:02", "New 2026 rates loaded",
         "Hi all,\n\nThe new 2026-27 hourly rates are now loaded in the payroll system and will go out with the pay "
         "run for the week beginning 17 August. Nothing else changes in the calculation this year as far as payroll "
         "is concerned; the premium and overtime set-up stays as it was.\n\nMarcus Ellery\nPayroll Manager\n"),
        ("02_regional_ops_summary.eml", "Graham Soutar <g.soutar@calloway-fs.example>", "Site managers",
         "2026-06-20 09:15", "Pay deal - summary for your teams",
         "Morning all,\n\nQuick summary of the new agreement for your team briefings: rates go up from August, night "
         "premium stays at 25% for the hours up to midnight, weekend premium as before on the day the shift starts, "
         "and call-outs are still a 3 hour minimum. Any questions send them my way.\n\nGraham Soutar\nRegional "
         "Operations Manager\n"),
        ("03_hr_regrade_notice.eml", "HR Admin <hr@calloway-fs.example>", "Payroll",
         "2026-08-05 11:40", f"Grade change: {down.name} ({down.emp_id})",
         f"Payroll,\n\nPlease note that {down.name} ({down.emp_id}) has asked to step down from team leader to cleaner "
         "(CL1) from Monday 10 August 2026; the HR grade list is updated. Two further promotions are recorded on the "
         "list as well.\n\nHR Administration\n"),
        ("04_export_note.eml", "Marcus Ellery <payroll@calloway-fs.example>", "Reward team",
         "2026-10-05 08:55", "Q3 payroll export for the audit",
         "Hi,\n\nAttached is the payroll export for pay weeks ending 5 July to 27 September 2026, one line per pay "
         "element. The sites sent their timesheets straight from their own systems.\n\nMarcus\n"
         if "terminal" in inst else
         "Hi,\n\nAttached is the payroll export for pay weeks ending 5 July to 27 September 2026, one line per pay "
         "element. The Glasgow timesheets were exported a second time after a terminal fault, so you may see rows "
         f"twice. I'm not sure what the 12 hours for {by_id[ghost].name} in the week ending "
         f"{(gw + timedelta(days=6)).strftime('%d %B')} relate to - I can't find the timesheet.\n\nMarcus\n"),
    ]
    if "terminal" in inst:
        mails.append(
            ("05_cwf_rota.eml", "Site office Canal Wharf <cwf.site@calloway-fs.example>", "Payroll",
             "2026-06-26 14:20", "Canal Wharf rota from July",
             "Hello payroll,\n\nFrom July the Canal Wharf evening team works 18:00 to 00:30 Monday to Friday, as the "
             "client asked for the floors to be done after their late shift leaves.\n\nCanal Wharf site office\n"))
    for fname, frm, to, when, subject, body in mails:
        dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
        text = (f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0100\nSubject: {subject}\n"
                f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}")
        (folder / fname).write_text(text, encoding="utf-8")


def issues_for(inst: dict, story: dict, emps: list[Employee]) -> list[dict]:
    by_id = {e.emp_id: e for e in emps}
    down, ghost = by_id[story["overpaid"]], by_id[story["ghost"][0]]
    issues = [
        {"id": "rise_late", "what": "the 2026 rise was paid from 17 August, not 3 August (a systematic cause)",
         "all_of": [["rise", "increase", "new rate", "uplift", "pay award", "2026 rate"]],
         "any_of": ["3 august", "3 aug", "17 august", "17 aug", "two weeks", "2 weeks", "late", "w/b 3", "week 32",
                    "2026-08-03", "03/08"]},
        {"id": "night_after_midnight", "what": "night premium not paid for hours after midnight (systematic)",
         "all_of": [["night"]], "any_of": ["midnight", "00:00", "after 24", "06:00", "6am", "6 am"]},
        {"id": "overpaid", "what": f"{down.name} ({down.emp_id}) was overpaid after stepping down to CL1",
         "all_of": [[down.emp_id.lower(), down.surname.lower()], ["overpa", "over-pa", "paid too much", "over paid"]],
         "any_of": ["cl1", "tl1", "team leader", "grade", "step", "recover", "consent", "instalment", "set off",
                    "set-off", "offset"]},
        {"id": "unreconciled", "what": f"a payroll line for {ghost.name} ({ghost.emp_id}) with no timesheet",
         "all_of": [[ghost.emp_id.lower(), ghost.surname.lower()]],
         "any_of": ["no timesheet", "without a timesheet", "cannot be reconciled", "can't be reconciled",
                    "not reconciled", "unreconcil", "no shifts", "no record", "not be reconciled", "no hours"]},
        {"id": "scottish_holiday", "what": "Glasgow's public holiday is 3 August, not 31 August",
         "all_of": [["csg", "glasgow", "clyde", "scotland", "scottish"]],
         "any_of": ["3 august", "3 aug", "public holiday", "bank holiday", "31 august", "31 aug"]},
    ]
    if inst.get("terminal"):
        issues.append({"id": "terminal", "what": "Canal Wharf's terminal recorded times an hour early for four weeks",
                       "all_of": [["cwf", "canal wharf"]],
                       "any_of": ["terminal", "clock", "hour early", "one hour", "an hour", "1 hour", "bst",
                                  "summer time", "gmt"]})
        issues.append({"id": "local_night", "what": "Ravensworth's local agreement pays 35% night premium",
                       "all_of": [["rgh", "ravensworth", "hospital"], ["night"]],
                       "any_of": ["35%", "35 %", "35 per", "local agreement", "la-rgh"]})
        issues.append({"id": "backdated", "what": "the Northgate cleaners' re-grading to CL2 back-dated to 29 June",
                       "all_of": [["ngm", "northgate"], ["cl2", "re-grad", "regrad", "appeal"]],
                       "any_of": ["back-dat", "backdat", "29 june", "start of the quarter", "retrospect", "after the export",
                                  "since the export", "appeal"]})
    if story.get("transferred"):
        moved = [by_id[e] for e in story["transferred"]]
        issues.append({"id": "transferred",
                       "what": "the Ravensworth staff who transferred under TUPE keep their own terms: left out",
                       "all_of": [["rgh", "ravensworth", "hospital"] + [e.emp_id.lower() for e in moved]
                                  + [e.surname.lower() for e in moved],
                                  ["tupe", "transferred", "transfer", "protected"]],
                       "any_of": ["exclud", "left out", "leave them out", "not in the register", "outside",
                                  "not covered", "omitted", "removed", "not included", "out of the register",
                                  "do not apply", "does not apply", "don't apply", "not audited"]})
    return issues


# --------------------------------------------------------------------------------------------- main


RUN = "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, \
run_name='__main__')"


def staff_facts(inst: dict) -> dict:
    known: dict = {}
    if inst.get("terminal"):
        t = inst["terminal"]
        known["terminal"] = {"site": t["site"], "from": t["from"].isoformat(), "to": t["to"].isoformat(),
                             "hours": t["hours"]}
    if inst.get("local_night"):
        known["local_night"] = {inst["local_night"]["site"]: inst["local_night"]["premium"]}
    if inst.get("backdated"):
        b = inst["backdated"]
        known["backdated"] = {"site": b["site"], "from_grade": b["from_grade"], "to_grade": b["to_grade"],
                              "since": b["since"].isoformat()}
    if inst.get("transferred"):
        known["transferred"] = build_people(inst)[1]["transferred"]
    return known


def build(name: str, inst: dict) -> None:
    root = FAMILY if name == "base" else FAMILY / "variants" / name
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    inp.mkdir(parents=True)
    emps, story = build_people(inst)
    register, payroll = compute(inst, emps, story)
    rng = random.Random(inst["seed"] + 1)
    write_agreement(inp / "collective_agreement_2026.docx", inst)
    write_timesheets(inp, inst, emps, rng)
    write_grades(inp / "hr_grade_list.xlsx", inst, emps, story)
    write_payroll(inp / "payroll_export_Q3_2026.csv", payroll)
    write_holidays(inp / "public_holidays_2026.csv")
    write_emails(inp / "emails", inst, story, emps)
    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    expected = totals(register, inst["sites"])
    (ref / "issues.json").write_text(json.dumps(issues_for(inst, story, emps), indent=2) + "\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        script = str(FAMILY / "hidden/solutions/reference.py")
        subprocess.run([sys.executable, "-c", RUN, script, json.dumps(staff_facts(inst))], cwd=ws, check=True)
        for f in ("underpayment_register.csv", "totals.json", "note_to_hr_director.md"):
            shutil.copy(ws / "output" / f, ref / f)
    with open(ref / "underpayment_register.csv", newline="", encoding="utf-8") as f:
        got = {(r["employee_id"], r["pay_period"]): r for r in csv.DictReader(f)}
    want = {(r["employee_id"], r["pay_period"]): r for r in register}
    bad = [f"{k}: missing" for k in want if k not in got] + [f"{k}: extra" for k in got if k not in want]
    for k in set(want) & set(got):
        for col in ("entitled_gbp", "paid_gbp", "difference_gbp", "main_cause", "site"):
            if str(want[k][col]) != str(got[k][col]):
                bad.append(f"{k} {col}: generator {want[k][col]}, reference {got[k][col]}")
    delivered = json.loads((ref / "totals.json").read_text(encoding="utf-8"))
    for key, value in expected.items():
        if delivered.get(key) != value:
            bad.append(f"totals {key}: generator {value}, reference {delivered.get(key)}")
    assert not bad, f"{name}: generator and reference disagree:\n" + "\n".join(sorted(bad)[:40])
    n_under = sum(1 for r in register if float(r["difference_gbp"]) > 0)
    print(f"{name}: {len(emps)} staff, {len(register)} register rows ({n_under} underpaid), "
          f"underpaid {expected['total_underpaid_gbp']:.2f}, overpaid {expected['total_overpaid_gbp']:.2f}")


def main() -> None:
    for name, inst in INSTANCES.items():
        build(name, inst)


if __name__ == "__main__":
    main()
