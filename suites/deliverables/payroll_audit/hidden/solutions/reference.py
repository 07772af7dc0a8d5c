"""Reference: rebuild each employee's entitlement per pay week under the collective agreement from the timesheets
and the HR grade list, compare it with what payroll paid element by element, and write the register, the totals
and the note to the HR director.

Where the client's staff can be asked (bin/ask), what the files cannot settle is put to the person who knows: the
hour-early clock times at Canal Wharf to its site manager (with the number of shifts that look wrong), Schedule 3's
local agreement to the HR business partner, and four open questions: whether anything has changed since the export
(the HR business partner), whom the agreement covers and whether anything has been agreed with the union since it
was signed (the employee relations manager), and whether anything was paid outside the weekly export (the payroll
manager).
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import defaultdict
from datetime import date, datetime, time, timedelta
from pathlib import Path

import docx
import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent) if "__file__" in globals() else "/solution")
import _payroll_note as note

INPUT = Path("input")
OUTPUT = Path("output")
ASK = globals().get("ASK", True)  # shortcuts/asks_nobody.py runs this script with ASK = False
SKIP = globals().get("SKIP", set())  # shortcuts/asks_about_anomalies.py leaves the open questions out
KNOWN = globals().get("KNOWN")  # hidden/build_inputs.py gives the staff's answers directly when it writes the reference
ELEMENTS = ["basic", "overtime", "night", "weekend", "public_holiday", "call_out"]
CAUSE = {
    "BAS": "basic",
    "OTP": "overtime",
    "NPR": "night",
    "SAT": "weekend",
    "SUN": "weekend",
    "PHP": "public_holiday",
    "COM": "call_out",
}
NIGHT, SAT, SUN, PH, OT = 0.25, 0.25, 0.50, 1.00, 0.50
DAILY, WEEKLY, CALLOUT = 600, 38 * 60, 240
FRACTION = {"BAS": 1.0, "OTP": OT, "NPR": NIGHT, "SAT": SAT, "SUN": SUN, "PHP": PH, "COM": 1.0}  # payroll's pricing


# ------------------------------------------------------------------------------------------------ reading


def agreement_rates(path: Path) -> tuple[dict[str, tuple[float, float]], date]:
    d = docx.Document(str(path))
    rates = {}
    for t in d.tables:
        rows = [[c.text.strip() for c in r.cells] for r in t.rows]
        if rows and rows[0][0].lower() == "grade":
            for r in rows[1:]:
                rates[r[0]] = (float(r[2]), float(r[3]))
    text = "\n".join(p.text for p in d.paragraphs)
    m = re.search(r"with effect from \w+ (\d{1,2}) (\w+) (\d{4})", text)
    rise = datetime.strptime(" ".join(m.groups()), "%d %B %Y").date() if m else date(2026, 8, 3)
    return rates, rise


def norm_id(v) -> str:
    s = str(v or "").strip().upper()
    if isinstance(v, float) and v.is_integer():
        s = str(int(v))
    digits = re.sub(r"\D", "", s)
    return f"E{digits}" if digits else ""


def parse_date(v) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = str(v or "").strip()
    s = re.sub(r"^[A-Za-z]{3,9},?\s+", "", s)
    for f in ("%Y-%m-%d", "%d/%m/%Y", "%d-%m-%Y", "%d %B %Y", "%d %b %Y"):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


def parse_time(v) -> time | None:
    if isinstance(v, datetime):
        return v.time()
    if isinstance(v, time):
        return v
    s = str(v or "").strip().lower().replace(".", ":")
    m = re.match(r"^(\d{1,2}):(\d{2})(?::\d{2})?\s*(am|pm)?$", s)
    if not m:
        return None
    h, mi, ap = int(m.group(1)), int(m.group(2)), m.group(3)
    if ap == "pm" and h != 12:
        h += 12
    if ap == "am" and h == 12:
        h = 0
    return time(h, mi)


COLS = {
    "id": ("employee id", "staff no.", "staff no", "emp_id", "badge", "pay no"),
    "date": ("date", "shift date", "shift_date", "day"),
    "start": ("start", "time in", "clock_in", "clock in", "on"),
    "end": ("finish", "time out", "clock_out", "clock out", "off"),
    "flag": ("shift type", "c/o", "callout", "type", "notes"),
}


def table_rows(path: Path) -> list[list]:
    if path.suffix == ".xlsx":
        wb = openpyxl.load_workbook(path, data_only=True)
        out = []
        for ws in wb.worksheets:
            out.append(None)  # a sheet boundary: look for the header again
            out += [list(r) for r in ws.iter_rows(values_only=True)]
        return out
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252")
    return [None, *csv.reader(text.splitlines())]


def read_timesheets(folder: Path) -> list[tuple[str, datetime, datetime, bool, str]]:
    shifts = set()
    for path in sorted(folder.iterdir()):
        site = path.name[:3].upper()
        cols: dict[str, int] | None = None
        for row in table_rows(path):
            if row is None:
                cols = None
                continue
            cells = ["" if c is None else c for c in row]
            heads = [str(c).strip().lower() for c in cells]
            if cols is None:
                found = {k: next((heads.index(n) for n in names if n in heads), -1) for k, names in COLS.items()}
                if found["id"] >= 0 and found["start"] >= 0 and found["end"] >= 0:
                    cols = found
                continue
            emp = norm_id(cells[cols["id"]])
            if not emp:
                continue
            a, b = cells[cols["start"]], cells[cols["end"]]
            day = parse_date(cells[cols["date"]]) if cols["date"] >= 0 else parse_date(a)
            t0, t1 = parse_time(a), parse_time(b)
            if day is None or t0 is None or t1 is None:
                continue
            start = datetime.combine(day, t0)
            end = datetime.combine(parse_date(b) if isinstance(b, datetime) else day, t1)
            if end <= start:
                end += timedelta(days=1)
            flag = str(cells[cols["flag"]]).strip().lower() if cols["flag"] >= 0 else ""
            callout = flag in ("y", "yes", "call", "call-out", "callout", "call out", "c/o")
            shifts.add((emp, start, end, callout, site))
    return sorted(shifts, key=lambda s: (s[0], s[1]))


def read_grades(path: Path) -> tuple[dict[str, list[tuple[date, str]]], dict[str, dict]]:
    wb = openpyxl.load_workbook(path, data_only=True)
    ws = wb.active
    rows = list(ws.iter_rows(values_only=True))
    head = [str(h).strip().lower() for h in rows[0]]
    grades: dict[str, list[tuple[date, str]]] = defaultdict(list)
    people: dict[str, dict] = {}
    for r in rows[1:]:
        rec = dict(zip(head, r, strict=False))
        emp = norm_id(rec["employee id"])
        grades[emp].append((parse_date(rec["effective from"]), str(rec["grade"]).strip()))
        people[emp] = {
            "name": f"{rec['forename']} {rec['surname']}",
            "surname": rec["surname"],
            "site": rec["site code"],
            "location": rec["site"],
        }
    return grades, people


def read_holidays(path: Path) -> dict[str, set[date]]:
    out: dict[str, set[date]] = {"ENG": set(), "SCT": set()}
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            d = parse_date(r["Date"])
            where = r["Applies in"].lower()
            if "england" in where:
                out["ENG"].add(d)
            if "scotland" in where:
                out["SCT"].add(d)
    return out


def read_payroll(path: Path, rates: dict[str, tuple[float, float]], arrears: set[date]) -> dict:
    """What was paid per employee and pay week by element: the weekly export, plus, for the weeks in `arrears`, the
    supplementary run that re-priced every element paid at the new rate of the grade payroll used."""
    paid: dict[tuple[str, date], dict[str, float]] = defaultdict(lambda: dict.fromkeys(ELEMENTS, 0.0))
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            key = (norm_id(r["emp_no"]), parse_date(r["week_ending"]))
            code, amount, hours = r["element"].strip(), float(r["amount"]), float(r["hours"])
            paid[key][CAUSE[code]] += amount
            if key[1] in arrears and hours:
                _, new = min(rates.values(), key=lambda g: abs(amount / hours / FRACTION[code] - g[0]))
                paid[key][CAUSE[code]] += round(round(hours * new * FRACTION[code] + 1e-9, 2) - amount, 2)
    return paid


# ------------------------------------------------------------------------------------------------ the staff


def staff_available() -> bool:
    return ASK and Path("bin/ask").exists()


def _day(text: str) -> date:
    """'Monday 13 July' or '9 August' as a date of 2026."""
    return (
        datetime.strptime(text.split(" ", 1)[1] if not text[0].isdigit() else text, "%d %B").date().replace(year=2026)
    )


def read_answer(text: str) -> dict:
    """The facts a reply gives, in the words the client's staff use."""
    known: dict = {}
    m = re.search(r"from (\w+ \d{1,2} \w+) to (\w+ \d{1,2} \w+)", text) if "terminal" in text else None
    if m:
        a, b = (_day(x) for x in m.groups())
        known["terminal"] = {"site": "CWF", "from": a.isoformat(), "to": b.isoformat(), "hours": 1}
    m = re.search(r"(\d{2})% night premium", text) if "LA-RGH" in text else None
    if m:
        known["local_night"] = {"RGH": int(m.group(1)) / 100}
    m = re.search(
        r"(\w+) (CL\d) cleaners? at (\w[\w ]+?) (?:are|were) re-graded (?:to )?(CL\d) with effect from "
        r"(\d{1,2} \w+ \d{4})",
        text,
    )
    if m:
        code = {"northgate retail park": "NGM"}.get(m.group(3).strip().lower(), m.group(3))
        since = datetime.strptime(m.group(5), "%d %B %Y").date()
        known["backdated"] = {
            "site": code,
            "from_grade": m.group(2),
            "to_grade": m.group(4),
            "since": since.isoformat(),
        }
    if re.search(r"\bTUPE\b", text) and re.search(r"\((E\d{4})\)", text):
        known["transferred"] = [norm_id(m) for m in re.findall(r"\((E\d{4})\)", text)]
    m = re.search(r"from the pay week beginning (?:\w+ )?(\d{1,2} \w+) 2026", text)
    if m:
        known["award_from"] = _day(m.group(1)).isoformat()
    m = re.search(r"weeks ending (\d{1,2} \w+) and (\d{1,2} \w+)", text) if "supplementary" in text else None
    paid_on = re.search(r"on \w+ (\d{1,2} \w+) we ran", text, re.I)
    if m and paid_on:
        known["arrears"] = {
            "weeks_ending": [_day(x).isoformat() for x in m.groups()],
            "paid_on": _day(paid_on.group(1)).isoformat(),
        }
    return known


def ask_staff(shifts, people) -> dict:
    known: dict = {}
    if not staff_available():
        return known
    sys.path.insert(0, "/solution")
    import worktrial_kit as kit

    def ask(person: str, question: str) -> None:
        r = kit.ask(person, question)
        if r.answered:
            known.update(read_answer(r.text))

    sites = {p["site"] for p in people.values()}
    if "CWF" in sites:
        early = [
            s
            for e, s, f, c, site in shifts
            if site == "CWF" and not c and s.hour == 17 and date(2026, 7, 13) <= s.date() <= date(2026, 8, 23)
        ]
        ask(
            "owen",
            "At Canal Wharf the terminal export shows the evening team clocking 17:00 to 23:30 in the weeks "
            "from 13 July to 23 August, but 18:00 to 00:30 before and after, which is the rota. In those weeks the "
            f"export has {len(early)} shifts clocked in at around 17:00. Were the clock times an hour out, and which "
            "weeks exactly?",
        )
    if "RGH" in sites:
        ask(
            "farah",
            "Schedule 3 of the pay agreement lists a local agreement LA-RGH-2024 for night work at "
            "Ravensworth General Hospital, held by HR. What night premium does it set, and for whom?",
        )
    if "open" in SKIP:  # shortcuts/asks_about_anomalies.py: only the anomalies in the files are asked about
        return known
    ask(
        "farah",
        "Before I send the Q3 underpayment audit to the HR director: has anything changed since the payroll "
        "export and the HR grade list were produced that affects last quarter's pay?",
    )
    ask(
        "priya",
        "Before Thursday's union meeting: does the collective agreement on pay cover everyone in these "
        "files, or is anyone employed on different or protected terms that I should treat separately in the audit?",
    )
    ask(
        "priya",
        "Has anything been agreed with the union since the agreement was signed in June that changes what "
        "last quarter's pay should have been?",
    )
    ask(
        "marcus",
        "Has payroll paid anything for these pay weeks outside the weekly export - a supplementary or "
        "off-cycle run, manual payments or corrections?",
    )
    return known


# ------------------------------------------------------------------------------------------------ the rules


def overlap(a0, a1, b0, b1) -> int:
    return max(0, int((min(a1, b1) - max(a0, b0)).total_seconds() // 60))


def entitlement(week: list, rate: float, holidays: set[date], night: float) -> dict[str, float]:
    worked = sum(int((e - s).total_seconds() // 60) for _, s, e, _, _ in week)
    daily = sum(max(0, int((e - s).total_seconds() // 60) - DAILY) for _, s, e, _, _ in week)
    ot = daily + max(0, worked - daily - WEEKLY)
    nmin = sat = sun = ph = pad = 0
    for _, s, e, callout, _ in week:
        d = s.date() - timedelta(days=1)
        while datetime.combine(d, time(0)) < e:
            nmin += overlap(s, e, datetime.combine(d, time(22)), datetime.combine(d + timedelta(days=1), time(6)))
            m = overlap(s, e, datetime.combine(d, time(0)), datetime.combine(d + timedelta(days=1), time(0)))
            if d in holidays:
                ph += m
            elif d.weekday() == 5:
                sat += m
            elif d.weekday() == 6:
                sun += m
            d += timedelta(days=1)
        if callout:
            pad += max(0, CALLOUT - int((e - s).total_seconds() // 60))

    def money(minutes, r):
        return round(minutes / 60 * r + 1e-9, 2) if minutes else 0.0

    return {
        "basic": money(worked, rate),
        "overtime": money(ot, rate * OT),
        "night": money(nmin, rate * night),
        "weekend": round(money(sat, rate * SAT) + money(sun, rate * SUN), 2),
        "public_holiday": money(ph, rate * PH),
        "call_out": money(pad, rate),
    }


def grade_on(history: list[tuple[date, str]], day: date) -> str:
    current = sorted(history)[0][1]
    for since, g in sorted(history):
        if since <= day:
            current = g
    return current


# ------------------------------------------------------------------------------------------------ main


def main() -> None:
    OUTPUT.mkdir(exist_ok=True)
    rates, rise = agreement_rates(INPUT / "collective_agreement_2026.docx")
    shifts = read_timesheets(INPUT / "timesheets")
    grades, people = read_grades(INPUT / "hr_grade_list.xlsx")
    holidays = read_holidays(INPUT / "public_holidays_2026.csv")
    known = KNOWN if KNOWN is not None else ask_staff(shifts, people)
    arrears = {date.fromisoformat(d) for d in known.get("arrears", {}).get("weeks_ending", [])}
    paid = read_payroll(INPUT / "payroll_export_Q3_2026.csv", rates, arrears)
    new_from = date.fromisoformat(known["award_from"]) if known.get("award_from") else rise  # a side letter

    t = known.get("terminal")
    if t:
        lo, hi = date.fromisoformat(t["from"]), date.fromisoformat(t["to"])
        d = timedelta(hours=t["hours"])
        shifts = [
            (e, s + d, f + d, c, site) if site == t["site"] and lo <= s.date() <= hi else (e, s, f, c, site)
            for e, s, f, c, site in shifts
        ]
    b = known.get("backdated")
    if b:
        for emp, p in people.items():
            hist = grades[emp]
            if p["site"] == b["site"] and len(hist) == 1 and hist[0][1] == b["from_grade"]:
                grades[emp] = [(date.fromisoformat(b["since"]), b["to_grade"])]
    night = known.get("local_night", {})
    moved = set(known.get("transferred", []))  # on their own protected terms: outside the agreement's pay terms
    shifts = [sh for sh in shifts if sh[0] not in moved]

    weeks: dict[tuple[str, date], list] = defaultdict(list)
    for sh in shifts:
        monday = sh[1].date() - timedelta(days=sh[1].weekday())
        weeks[(sh[0], monday)].append(sh)
    register, unreconciled = [], []
    for (emp, monday), week in sorted(weeks.items()):
        p = people[emp]
        region = "SCT" if "glasgow" in p["location"].lower() else "ENG"
        grade = grade_on(grades[emp], monday)
        old, new = rates[grade]
        rate = new if monday >= new_from else old
        want = entitlement(week, rate, holidays[region], night.get(p["site"], NIGHT))
        end = monday + timedelta(days=6)
        got = paid.get((emp, end), dict.fromkeys(ELEMENTS, 0.0))
        ent, pay = round(sum(want.values()), 2), round(sum(got.values()), 2)
        diff = round(ent - pay, 2)
        if abs(diff) < 0.05:
            continue
        deltas = {k: round(want[k] - got[k], 2) for k in ELEMENTS}
        sign = 1 if diff > 0 else -1
        cause = max(ELEMENTS, key=lambda k: (sign * deltas[k], -ELEMENTS.index(k)))
        hours = round(sum((f - s).total_seconds() for _, s, f, _, _ in week) / 3600, 2)
        register.append(
            {
                "employee_id": emp,
                "name": p["name"],
                "site": p["site"],
                "pay_period": end.isoformat(),
                "hours_worked": f"{hours:.2f}",
                "entitled_gbp": f"{ent:.2f}",
                "paid_gbp": f"{pay:.2f}",
                "difference_gbp": f"{diff:.2f}",
                "main_cause": cause,
                "_deltas": deltas,
            }
        )
    for (emp, end), got in sorted(paid.items()):
        if emp not in moved and (emp, end - timedelta(days=6)) not in weeks:
            unreconciled.append((emp, end, round(sum(got.values()), 2)))

    fields = [
        "employee_id",
        "name",
        "site",
        "pay_period",
        "hours_worked",
        "entitled_gbp",
        "paid_gbp",
        "difference_gbp",
        "main_cause",
    ]
    with open(OUTPUT / "underpayment_register.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        w.writerows(register)

    under = [r for r in register if float(r["difference_gbp"]) > 0]
    over = [r for r in register if float(r["difference_gbp"]) < 0]
    sites = sorted({p["site"] for p in people.values()})
    totals = {
        "total_underpaid_gbp": round(sum(float(r["difference_gbp"]) for r in under), 2),
        "total_overpaid_gbp": round(-sum(float(r["difference_gbp"]) for r in over), 2),
        "employees_underpaid": len({r["employee_id"] for r in under}),
        "employees_overpaid": len({r["employee_id"] for r in over}),
        "by_site": {s: round(sum(float(r["difference_gbp"]) for r in under if r["site"] == s), 2) for s in sites},
        "by_cause": {k: round(sum(r["_deltas"][k] for r in register), 2) for k in ELEMENTS},
    }
    (OUTPUT / "totals.json").write_text(json.dumps(totals, indent=2) + "\n", encoding="utf-8")
    order = {"CL1": 0, "CL2": 1, "TL1": 2, "MO1": 3}
    stepped_down = {
        e for e, h in grades.items() if len(h) > 1 and order.get(sorted(h)[-1][1], 0) < order.get(sorted(h)[0][1], 0)
    }
    note.write_note(
        OUTPUT / "note_to_hr_director.md", totals, register, unreconciled, people, known, rise, stepped_down
    )


if __name__ == "__main__":
    main()
