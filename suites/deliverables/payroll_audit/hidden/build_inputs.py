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
import json
import random
import shutil
import subprocess
import sys
import tempfile
from datetime import date, datetime, time, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling modules, also when loaded by file path

from _payroll_audit_issues import issues_for
from _payroll_audit_model import (
    ELEMENTS,
    FRACTION,
    GIVEN,
    GRADES,
    PAYROLL_RISE_FROM,
    RISE_FROM,
    SURNAMES,
    WEEKS,
    Employee,
    Rules,
    Shift,
    Site,
    by_cause,
    entitled,
    grade_on,
    rate,
    recorded,
    week_of,
)
from _payroll_audit_writers import (
    write_agreement,
    write_emails,
    write_grades,
    write_holidays,
    write_payroll,
    write_timesheets,
)

FAMILY = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------------------------- instances


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
        # a side letter with the union, signed after the export, moves the 2026 rates to the pay week of 20 July
        "award_from": date(2026, 7, 20),
        # a supplementary run on 25 September paid the late rise's arrears for the two weeks payroll missed
        "arrears": {"weeks": [WEEKS[5], WEEKS[6]], "paid_on": date(2026, 9, 25)},
    },
}


# payroll's set-up: the old premium rules, and the new rates from the week they were loaded
PAY_RULES = Rules(
    rise_from=PAYROLL_RISE_FROM,
    night_until_midnight=True,
    weekend_by_start_day=True,
    callout_min=180,
    weekly_ot=False,
    ph_region="ENG",
)
# the transferred staff's protected contracts (payroll pays them rightly; the collective agreement does not apply):
# the premium rules they came over with are the ones payroll's set-up still holds (night premium to midnight, weekend
# premium by the day the shift starts, overtime only past 10 hours in a shift), their rate is the cleaner's rate
# reviewed from the third Monday of August (17 August 2026), no local agreement, no call-out rota. So their pay
# looks exactly like their colleagues' in every file.
TRANSFERRED_RULES = PAY_RULES


def transferred_pay(shifts: list[Shift], grades: list[tuple[date, str]]) -> dict[str, tuple[float, float]]:
    """One pay week of a transferred employee, under the contract they kept."""
    return entitled(shifts, grades, "ENG", "", TRANSFERRED_RULES)


def supplementary(paid: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The late rise's arrears on one pay week, as the supplementary run paid them: every element payroll paid, at
    its own premium and grade, re-priced at the new rate, less what was paid."""
    out = {}
    for code, (hours, amount) in paid.items():
        old = min(GRADES.values(), key=lambda g: abs(amount / hours / FRACTION[code] - g[1]))
        out[code] = (hours, round(round(hours * old[2] * FRACTION[code] + 1e-9, 2) - amount, 2))
    return out


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
            night = role == "night"
            days = [(d, 22 * 60, 480) for d in (3, 4, 5)] if night else [(d, 17 * 60, 360) for d in range(5)]
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
    names = [(g, s) for g, s in zip(rng.sample(GIVEN, len(GIVEN)), rng.sample(SURNAMES, len(SURNAMES)), strict=True)]
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
        story["backdated"] = [
            e.emp_id
            for e in by_site[bd["site"]]
            if grade_on(e.grades, WEEKS[0]) == bd["from_grade"] and len(e.grades) == 1
        ]
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


def compute(inst: dict, emps: list[Employee], story: dict) -> tuple[list[dict], list[dict]]:
    """The register rows (the truth) and the payroll export lines (what was paid)."""
    regions = {s.code: s.region for s in inst["sites"]}
    truth_rules = Rules(rise_from=inst.get("award_from", RISE_FROM))
    if inst.get("local_night"):
        truth_rules.night_premium = {inst["local_night"]["site"]: inst["local_night"]["premium"]}
    pay_rules = PAY_RULES
    arrears_weeks = inst.get("arrears", {}).get("weeks", [])
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
            if w in arrears_weeks:  # the supplementary run, outside the weekly export, paid the rise on these weeks
                for k, v in by_cause(supplementary(paid)).items():
                    pw[k] = round(pw[k] + v, 2)
            ent, got = round(sum(ew.values()), 2), round(sum(pw.values()), 2)
            diff = round(ent - got, 2)
            if abs(diff) < 0.05:
                continue
            deltas = {k: round(ew[k] - pw[k], 2) for k in ELEMENTS}
            sign = 1 if diff > 0 else -1
            cause = max(ELEMENTS, key=lambda k: (sign * deltas[k], -ELEMENTS.index(k)))
            register.append(
                {
                    "employee_id": e.emp_id,
                    "pay_period": we.isoformat(),
                    "site": e.site,
                    "hours_worked": round(sum(s.minutes for s in shifts) / 60, 2),
                    "entitled_gbp": f"{ent:.2f}",
                    "paid_gbp": f"{got:.2f}",
                    "difference_gbp": f"{diff:.2f}",
                    "main_cause": cause,
                    "_deltas": deltas,
                }
            )
    return register, payroll


def totals(register: list[dict], sites: list[Site]) -> dict:
    under = [r for r in register if float(r["difference_gbp"]) > 0]
    over = [r for r in register if float(r["difference_gbp"]) < 0]
    out = {
        "total_underpaid_gbp": round(sum(float(r["difference_gbp"]) for r in under), 2),
        "total_overpaid_gbp": round(-sum(float(r["difference_gbp"]) for r in over), 2),
        "employees_underpaid": len({r["employee_id"] for r in under}),
        "employees_overpaid": len({r["employee_id"] for r in over}),
        "by_site": {
            s.code: round(sum(float(r["difference_gbp"]) for r in under if r["site"] == s.code), 2) for s in sites
        },
        "by_cause": {k: round(sum(r["_deltas"][k] for r in register), 2) for k in ELEMENTS},
    }
    return out


# --------------------------------------------------------------------------------------------- main


RUN = "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, \
run_name='__main__')"


def staff_facts(inst: dict) -> dict:
    known: dict = {}
    if inst.get("terminal"):
        t = inst["terminal"]
        known["terminal"] = {
            "site": t["site"],
            "from": t["from"].isoformat(),
            "to": t["to"].isoformat(),
            "hours": t["hours"],
        }
    if inst.get("local_night"):
        known["local_night"] = {inst["local_night"]["site"]: inst["local_night"]["premium"]}
    if inst.get("backdated"):
        b = inst["backdated"]
        known["backdated"] = {
            "site": b["site"],
            "from_grade": b["from_grade"],
            "to_grade": b["to_grade"],
            "since": b["since"].isoformat(),
        }
    if inst.get("transferred"):
        known["transferred"] = build_people(inst)[1]["transferred"]
    if inst.get("award_from"):
        known["award_from"] = inst["award_from"].isoformat()
    if inst.get("arrears"):
        a = inst["arrears"]
        known["arrears"] = {
            "weeks_ending": [(w + timedelta(days=6)).isoformat() for w in a["weeks"]],
            "paid_on": a["paid_on"].isoformat(),
        }
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
    print(
        f"{name}: {len(emps)} staff, {len(register)} register rows ({n_under} underpaid), "
        f"underpaid {expected['total_underpaid_gbp']:.2f}, overpaid {expected['total_overpaid_gbp']:.2f}"
    )


def main() -> None:
    for name, inst in INSTANCES.items():
        build(name, inst)


if __name__ == "__main__":
    main()
