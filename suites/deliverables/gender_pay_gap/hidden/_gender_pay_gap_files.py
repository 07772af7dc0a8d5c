"""The exports of gender_pay_gap as Calderbrook's systems produced them: the HR master (xlsx), the payroll elements
(csv), the Hull bureau payslips (xlsx), the bonus ledger (csv), the leave register (xlsx), the non-payroll workers
(xlsx: agency temps, owner-drivers and their invoices) and the flex timesheets (csv)."""

from __future__ import annotations

import csv
import io
import random
from datetime import date, datetime, timedelta
from pathlib import Path

import _gender_pay_gap_pay as pay
import openpyxl
from _gender_pay_gap_docs import save_workbook
from _gender_pay_gap_model import SITES, Story

DESCR = {
    "BASIC": "Basic salary",
    "BASICHR": "Basic hours",
    "HOL": "Holiday pay",
    "SHIFT": "Shift premium",
    "OT15": "Overtime x1.5",
    "OT20": "Overtime x2.0",
    "SSP": "Statutory sick pay",
    "CSP": "Company sick pay",
    "SMP": "Statutory maternity pay",
    "MATENH": "Maternity pay (company scheme)",
    "SHPP": "Statutory shared parental pay",
    "UPL": "Unpaid leave (hours)",
    "UPLDED": "Unpaid leave deduction",
    "PENSS": "Pension (salary sacrifice)",
    "EVSS": "Electric car scheme (salary sacrifice)",
    "CYC": "Cycle to work (salary sacrifice)",
    "CARALL": "Car allowance",
    "SUP": "SUP",
    "ONC": "On-call",
    "FAID": "First aider",
    "MILES": "Business mileage",
    "BIKCAR": "Company car (payrolled benefit)",
    "COMM": "Sales commission",
    "NIGHTOUT": "Night out",
    "REDUN": "Redundancy payment",
    "HOLPIL": "Holiday pay in lieu",
}
GENDER_TEXT = {"M": ["M", "M", "Male", "male", "M "], "F": ["F", "F", "Female", "female", "f"]}


def _date_cell(rng: random.Random, d: date | None) -> datetime | str | None:
    if d is None:
        return None
    return rng.choice([datetime(d.year, d.month, d.day), d.strftime("%d/%m/%Y"), d.isoformat(), d.strftime("%d/%m/%Y")])


def _hours_text(rng: random.Random, h: float, flex: bool) -> str | float:
    if flex:
        return rng.choice(["0 - flex", "Flex (0)", "0"])
    return rng.choice([h, f"{h:g}", f"{h:.2f}", f"{h:g} hrs", f"{h:g}"])


def _amount_text(rng: random.Random, x: float) -> str:
    r = rng.random()
    if r < 0.15 and abs(x) >= 1000:
        return f"{x:,.2f}"
    if r < 0.22:
        return f"£{x:,.2f}" if x >= 0 else f"-£{abs(x):,.2f}"
    return f"{x:.2f}"


def write_hr_master(path: Path, story: Story, rng: random.Random) -> None:
    hard = story.inst["hard"]
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Employees"
    ws.append(["Calderbrook Distribution Ltd - HR master export (all employees, current and leavers since 01/01/2026)"])
    ws.append(["Run 07/04/2026 08:12 by d.hebden"])
    ws.append([])
    head = [
        "Employee No",
        "Surname",
        "Forename",
        "Gender",
        "Site",
        "Job Title",
        "Payroll",
        "Contract",
        "Contracted Hrs/Wk",
        "Salary (FTE) / Hourly Rate",
        "Start Date",
        "Leaving Date",
        "Effective From",
        "Effective To",
        "Notes",
    ]
    ws.append(head)
    rows = []
    for p in story.people:
        if p.kind not in ("employee", "hull"):
            continue
        fore, _, sur = p.name.partition(" ")
        gender = rng.choice(GENDER_TEXT[p.gender])
        note = ""
        payroll = {"M": "Monthly", "W": "Weekly", "B": "Bureau (4-weekly)"}[p.payroll]
        contract = "Flex (zero hours)" if p.family == "flex" else rng.choice(["Permanent"] * 6 + ["Fixed term"])
        if p.kind == "hull":
            note = (
                "TUPE transfer 01/02/2026 from Humberside Cross-Dock Services Ltd; "
                "paid by the transferor's bureau until July 2026"
            )
            if hard:
                gender = None
                note += "; gender not held (transferor data)"
        if "ex_agency" in p.tags:
            note = "Ex-StaffLink temp, direct hire"
        if "redundant" in p.tags:
            note = "Redundancy - notice to 30/04/2026"
        eff_from = p.start
        pay_cell = p.salary if p.payroll == "M" else p.rate
        for eff_to, hours, title in p.history:
            rows.append(
                [
                    p.id,
                    sur,
                    fore,
                    gender,
                    SITES[p.site],
                    title,
                    payroll,
                    contract,
                    _hours_text(rng, hours, p.family == "flex"),
                    pay_cell,
                    _date_cell(rng, p.start),
                    None,
                    _date_cell(rng, p.start),
                    _date_cell(rng, eff_to),
                    "Superseded by change 01/03/2026",
                ]
            )
            eff_from = eff_to + timedelta(days=1)
        rows.append(
            [
                p.id,
                sur,
                fore,
                gender,
                SITES[p.site],
                p.title,
                payroll,
                contract,
                _hours_text(rng, p.hours, p.family == "flex"),
                pay_cell,
                _date_cell(rng, p.start),
                _date_cell(rng, p.leaving),
                _date_cell(rng, eff_from),
                None,
                note,
            ]
        )
    rng.shuffle(rows)
    rows.sort(key=lambda r: r[0])
    for r in rng.sample(rows, 9):
        rows.append(list(r))
    for r in rows:
        ws.append(r)
    save_workbook(wb, path)


def write_payroll(path: Path, story: Story, rng: random.Random) -> None:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(
        [
            "Payroll",
            "Employee No",
            "Employee Name",
            "Period",
            "Period Start",
            "Period End",
            "Pay Date",
            "Run",
            "Element",
            "Description",
            "Units",
            "Rate",
            "Amount",
        ]
    )
    rows, dup = [], []
    for p in story.people:
        if p.payroll not in ("M", "W"):
            continue
        for ln in p.lines:
            code = ln["code"]
            shown = code if rng.random() > 0.04 else rng.choice([code.lower(), code + " "])
            run = ln["run"] or "WEEKLY"
            r = [
                "MONTHLY" if p.payroll == "M" else "WEEKLY",
                p.id,
                p.name,
                ln["period"],
                ln["start"].strftime("%d/%m/%Y"),
                ln["end"].strftime("%d/%m/%Y"),
                ln["paid"].strftime("%d/%m/%Y"),
                run,
                shown,
                DESCR[code],
                f"{ln['units']:g}",
                f"{ln['rate']:.4f}".rstrip("0").rstrip("."),
                _amount_text(rng, ln["amount"]),
            ]
            rows.append(r)
            if p.payroll == "W" and p.site == story.inst["dup_site"] and ln["end"] == pay.RELEVANT_WEEK:
                dup.append(list(r))
    w.writerows(rows)
    w.writerows(dup)  # the export tool appended one site's week ending 05/04/2026 a second time
    path.write_text(out.getvalue(), encoding="utf-8")


def write_bureau(path: Path, story: Story, rng: random.Random) -> None:
    hard = story.inst["hard"]
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    hull = [p for p in story.people if p.kind == "hull"]
    for n, (s, e, paid) in pay.BUREAU.items():
        ws = wb.create_sheet(f"Period {n}")
        ws.append(
            [
                f"Humberside Cross-Dock Services Ltd - payroll bureau - Period {n} {s.strftime('%d.%m.%Y')} to "
                f"{e.strftime('%d.%m.%Y')}, paid {paid.strftime('%d.%m.%Y')} (four-weekly)"
            ]
        )
        ws.append(["Client: Calderbrook Distribution Ltd (transferred staff, Hull)"])
        head = ["Emp Ref", "Name"] + ([] if hard else ["Sex"]) + ["Contract Hrs", "Element", "Hours", "Rate", "Amount"]
        ws.append(head)
        for p in hull:
            for ln in p.lines:
                if ln["period"] != f"Period {n}":
                    continue
                row = (
                    [p.id, p.name]
                    + ([] if hard else [p.gender])
                    + [40, ln["code"], ln["units"], ln["rate"], ln["amount"]]
                )
                ws.append(row)
    save_workbook(wb, path)


def write_bonus_ledger(path: Path, story: Story, rng: random.Random) -> None:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(
        [
            "Ledger Ref",
            "Employee No",
            "Name",
            "Scheme",
            "Period From",
            "Period To",
            "Date Paid",
            "Amount",
            "Type",
            "Notes",
        ]
    )
    rows = []
    for p in story.people:
        for b in p.bonuses:
            fmt = rng.choice(["%d/%m/%Y", "%d/%m/%Y", "%Y-%m-%d", "%d-%b-%Y"])
            rows.append(
                [
                    b["ref"],
                    p.id,
                    p.name,
                    b["scheme"],
                    b["from"].strftime("%d/%m/%Y"),
                    b["to"].strftime("%d/%m/%Y"),
                    b["paid"].strftime(fmt),
                    _amount_text(rng, b["amount"]),
                    b["type"],
                    b["note"],
                ]
            )
    rows.sort(key=lambda r: r[0])
    w.writerows(rows)
    w.writerows(rng.sample(rows, 28))  # the ledger report was run twice into the same file
    path.write_text(out.getvalue(), encoding="utf-8")


LEAVE_TYPES = {
    "ssp": "Sickness",
    "csp": "Sickness",
    "smp": "Maternity",
    "mat_full": "Maternity",
    "upl": "Unpaid leave",
    "shpp": "Shared parental leave",
    "hol": "Annual leave",
}


def write_leave(path: Path, story: Story, rng: random.Random) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Leave"
    ws.append(["Leave register - absences overlapping 01/03/2026 to 30/04/2026"])
    ws.append(["Employee No", "Name", "Leave Type", "From", "To", "Notes"])
    rows = []
    for p in story.people:
        if p.leave:
            a = date(2026, 3, 30) - timedelta(days=rng.choice([0, 7, 21, 40, 60]))
            b = date(2026, 4, 5) + timedelta(days=rng.choice([0, 5, 12, 30, 120]))
            note = {
                "mat_full": "Week 6 of maternity leave",
                "smp": "Maternity leave",
                "csp": "Company sick pay at full rate",
                "ssp": "Company sick pay exhausted - SSP only",
            }.get(p.leave, "")
            if p.leave == "hol":
                a, b = date(2026, 3, 30), date(2026, 4, 2)
            rows.append([p.id, p.name, LEAVE_TYPES[p.leave], _date_cell(rng, a), _date_cell(rng, b), note])
    emps = [p for p in story.people if p.kind == "employee" and not p.leave]
    for p in rng.sample(emps, 30):  # absences that ended before the relevant pay periods
        a = date(2026, 3, 2) + timedelta(days=rng.randint(0, 14))
        rows.append(
            [
                p.id,
                p.name,
                rng.choice(["Sickness", "Annual leave", "Compassionate leave"]),
                _date_cell(rng, a),
                _date_cell(rng, a + timedelta(days=rng.randint(1, 8))),
                "",
            ]
        )
    rows.sort(key=lambda r: r[0])
    for r in rows:
        ws.append(r)
    save_workbook(wb, path)


def write_non_payroll(path: Path, story: Story, rng: random.Random) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Agency - StaffLink"
    ws.append(["Agency temps on assignment, April 2026 (StaffLink Recruitment Ltd invoices)"])
    ws.append(
        ["Agency Ref", "Name", "Gender", "Site", "Role", "Assignment Start", "Assignment End", "Hrs/Wk", "Charge Rate"]
    )
    for p in (q for q in story.people if q.kind == "agency"):
        ws.append(
            [
                p.id,
                p.name,
                p.gender,
                SITES[p.site],
                p.title,
                _date_cell(rng, date(2026, 1, 5) + timedelta(days=7 * rng.randint(0, 10))),
                None,
                40,
                p.rate,
            ]
        )
    for p in (q for q in story.people if "ex_agency" in q.tags):
        ws.append(
            [
                f"SL{rng.randint(100000, 999999)}",
                p.name,
                p.gender,
                SITES[p.site],
                "Agency Operative",
                _date_cell(rng, date(2025, 11, 3)),
                _date_cell(rng, date(2026, 3, 29)),
                40,
                15.10,
            ]
        )
    od = wb.create_sheet("Owner-drivers")
    od.append(["Owner-driver agreements (multi-drop), Transport - paid on weekly invoice through accounts payable"])
    od.append(
        [
            "OD Ref",
            "Name",
            "Gender",
            "Depot",
            "Agreement",
            "Vehicle",
            "Substitution",
            "Day Rate",
            "Shift Hours",
            "Shifts per Week",
            "Engaged From",
            "Engaged To",
        ]
    )
    drivers = [p for p in story.people if p.kind == "owner_driver"]
    rows = []
    for p in drivers:
        rows.append(
            [
                p.id,
                p.name,
                p.gender,
                SITES[p.site],
                "Owner-driver services agreement OD-2024 (self-employed)",
                "Calderbrook-liveried 3.5t van",
                "Not permitted",
                p.rate,
                10,
                5,
                _date_cell(rng, p.start),
                _date_cell(rng, p.leaving),
            ]
        )
    rows += [list(r) for r in rng.sample(rows, 3)]  # agreements re-issued in January appear twice
    rows.sort(key=lambda r: r[0])
    for r in rows:
        od.append(r)
    inv = wb.create_sheet("OD invoices")
    inv.append(["OD Ref", "Week Ending", "Shifts", "Amount"])
    for p in drivers:
        for ln in p.lines:
            inv.append([p.id, _date_cell(rng, ln["end"]), ln["units"], ln["amount"]])
    save_workbook(wb, path)


def write_timesheets(path: Path, story: Story, rng: random.Random) -> None:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["Employee No", "Site", "Week Ending", "Basic Hours", "Overtime Hours"])
    for p in story.people:
        if p.family != "flex" or "starter" in p.tags:
            continue
        for we, h in zip(pay.SERIES[:14], p.hours_series[:14], strict=True):
            w.writerow([p.id, p.site, we.strftime("%d/%m/%Y"), f"{h:g}", "0"])
    path.write_text(out.getvalue(), encoding="utf-8")
