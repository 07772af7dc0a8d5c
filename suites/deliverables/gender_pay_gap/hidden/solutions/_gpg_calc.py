"""The Gender Pay Gap Information Regulations applied to gender_pay_gap's data: who is a relevant and a full-pay
relevant employee, ordinary pay and bonus pay in the relevant pay period, weekly working hours, the hourly rate, bonus
pay in the 12 months ending with the snapshot date, and the six statutory figures. `Method` holds the choices a
careless preparer gets wrong, so the shortcuts can run the same code with the wrong ones."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

import _gpg_read as rd

RELEVANT_WEEK = date(2026, 4, 5)
TIMESHEET_WEEKS = [date.fromordinal(RELEVANT_WEEK.toordinal() - 7 * i) for i in range(12)]
ORD_M = {"BASIC", "MATENH", "CSP", "CARALL", "SUP", "ONC", "FAID", "PENSS", "EVSS", "CYC"}
ORD_W = {"BASICHR", "HOL", "SHIFT", "PENSS"}
ORD_B = {"Basic Pay", "Holiday Pay", "Shift Allowance", "Pension Sal Sac"}
REDUCED = {"SSP", "SMP", "SHPP", "UPL", "UPLDED"}
SACRIFICE = {"PENSS", "EVSS", "CYC", "Pension Sal Sac"}
Q4_DAYS = 90


@dataclass
class Method:
    ord_m: set = field(default_factory=lambda: set(ORD_M))
    ord_w: set = field(default_factory=lambda: set(ORD_W))
    ord_b: set = field(default_factory=lambda: set(ORD_B))
    sacrifice_out: bool = True  # ordinary pay after salary sacrifice
    commission_in_hourly: bool = True  # bonus paid in the relevant pay period, pro-rated to it
    monthly_run: str = "FINAL"  # FINAL, or ALL (both runs)
    weekly_week: date = RELEVANT_WEEK  # the pay week holding the snapshot date
    flex_average: bool = True  # weekly working hours of variable-hours staff: the 12-week average
    leave_out_of_bonus: bool = False  # wrong: those on leave left out of the bonus figures too
    fte_bonus: bool = False  # wrong: part-timers' bonuses grossed up to full time
    maternity_all_out: bool = False  # wrong: everyone on maternity leave treated as reduced pay
    window: tuple[date, date] = (rd.BONUS_FROM, rd.SNAPSHOT)
    include_agency: bool = False


def relevant(hr: dict) -> bool:
    if hr["start"] is None or hr["start"] > rd.SNAPSHOT:
        return False
    return hr["leaving"] is None or hr["leaving"] >= rd.SNAPSHOT


def _row(
    eid: str,
    gender: str,
    payroll: str,
    full: bool,
    ordinary: float,
    bonus: float,
    days: int,
    hours: float,
    notes: str = "",
) -> dict:
    exact = (ordinary + bonus) * 7 / days / hours if hours else 0.0
    return {
        "employee_id": eid,
        "gender": gender,
        "payroll": payroll,
        "relevant": "yes",
        "full_pay": "yes" if full else "no",
        "ordinary_pay": round(ordinary, 2),
        "bonus_in_period": round(bonus, 2),
        "period_days": days,
        "weekly_hours": round(hours, 2),
        "hourly_exact": exact,
        "hourly_rate": round(exact, 2) if full else "",
        "bonus_12m": 0.0,
        "quartile": "",
        "notes": notes,
    }


def compute(data: dict, facts: dict, m: Method | None = None) -> tuple[dict, dict, list[dict]]:
    """Rows of the relevant people (by id), the figures, and rows of the people left out (with why)."""
    m = m or Method()
    rows: dict[str, dict] = {}
    out: list[dict] = []
    lines_by: dict[str, list[dict]] = {}
    for ln in data["payroll"]:
        lines_by.setdefault(ln["id"], []).append(ln)
    norm_hours = facts.get("normanton_hours")
    hull_gender = dict(data["bureau_sex"])
    hull_gender.update(facts.get("hull_gender", {}))
    for eid, hr in sorted(data["hr"].items()):
        if not relevant(hr):
            out.append({"employee_id": eid, "relevant": "no", "notes": "not employed on 5 April 2026"})
            continue
        gender = hr["gender"] or hull_gender.get(eid)
        if gender is None:
            out.append({"employee_id": eid, "relevant": "no", "notes": "gender not known: left out"})
            continue
        hours = hr["hours"]
        if hr["payroll"].startswith("Bureau"):
            lines = data["bureau"].get(eid, [])
            full = not any(ln["code"] == "SSP" for ln in lines)
            ords = m.ord_b if m.sacrifice_out else m.ord_b - SACRIFICE
            ordinary = sum(ln["amount"] for ln in lines if ln["code"] in ords)
            rows[eid] = _row(
                eid,
                gender,
                "bureau (4-weekly)",
                full,
                ordinary,
                0.0,
                data["bureau_days"],
                data["bureau_hours"] or hours,
                "Hull, TUPE 1 Feb 2026",
            )
            continue
        lines = lines_by.get(eid, [])
        if hr["payroll"] == "Monthly":
            if m.monthly_run == "FINAL":
                lines = [ln for ln in lines if ln["run"].endswith("FINAL")]
            codes = {ln["code"] for ln in lines}
            full = not (codes & REDUCED) and not (m.maternity_all_out and "MATENH" in codes)
            ords = m.ord_m if m.sacrifice_out else m.ord_m - SACRIFICE
            ordinary = sum(ln["amount"] for ln in lines if ln["code"] in ords)
            comm = sum(ln["amount"] for ln in lines if ln["code"] == "COMM")
            bonus = comm * 30 / Q4_DAYS if m.commission_in_hourly else 0.0
            rows[eid] = _row(eid, gender, "monthly", full, ordinary, bonus, 30, hours)
            continue
        week = [
            ln
            for ln in lines
            if (ln["end"] == m.weekly_week if m.weekly_week == RELEVANT_WEEK else ln["paid"] == m.weekly_week)
        ]
        codes = {ln["code"] for ln in week}
        full = not (codes & REDUCED)
        ords = m.ord_w if m.sacrifice_out else m.ord_w - SACRIFICE
        ordinary = sum(ln["amount"] for ln in week if ln["code"] in ords)
        note = ""
        if hr["flex"]:
            ts = data["timesheets"].get(eid, {})
            if m.flex_average:
                hours = sum(ts.get(w, 0.0) for w in TIMESHEET_WEEKS) / 12
                note = "flex: 12-week average hours"
            else:
                hours = ts.get(RELEVANT_WEEK, 0.0)
        elif norm_hours and hr["site"].startswith("Normanton") and hr["title"] == "Warehouse Operative" and hours == 40:
            hours, note = norm_hours, "Normanton 37.5-hour week from 1 March 2026"
        rows[eid] = _row(eid, gender, "weekly", full, ordinary, 0.0, 7, hours, note)
    if facts.get("owner_drivers"):
        for did, d in sorted(data["drivers"].items()):
            if d["from"] and d["from"] <= rd.SNAPSHOT and (d["to"] is None or d["to"] >= rd.SNAPSHOT):
                amount = data["invoices"].get((did, RELEVANT_WEEK), 0.0)
                rows[did] = _row(
                    did,
                    d["gender"],
                    "owner-driver (weekly invoice)",
                    True,
                    amount,
                    0.0,
                    7,
                    d["hours"],
                    "owner-driver: contract personally to do work",
                )
            else:
                out.append(
                    {"employee_id": did, "relevant": "no", "notes": "owner-driver engagement ended before 5 April"}
                )
    else:
        out += [
            {"employee_id": did, "relevant": "no", "notes": "owner-driver treated as self-employed"}
            for did in sorted(data["drivers"])
        ]
    out += [
        {"employee_id": a["id"], "relevant": "no", "notes": "agency worker: employed by StaffLink"}
        for a in data["agency"]
    ]
    lo, hi = m.window
    for b in data["bonuses"]:
        r = rows.get(b["id"])
        if r is None or b["paid"] is None or not lo <= b["paid"] <= hi:
            continue
        r["bonus_12m"] += b["amount"]
    for eid, v in facts.get("ltip", {}).items():
        if eid in rows:
            rows[eid]["bonus_12m"] += v
    for r in rows.values():
        r["bonus_12m"] = round(r["bonus_12m"], 2)
        if m.fte_bonus and r["weekly_hours"] and r["payroll"] == "monthly" and r["weekly_hours"] < 37.5:
            r["bonus_12m"] = round(r["bonus_12m"] * 37.5 / r["weekly_hours"], 2)
    return rows, figures(rows, m), out


def _gap(a: list[float], b: list[float], how: Callable[[list[float]], float]) -> float:
    if not a or not b:
        return 0.0
    x, y = how(a), how(b)
    return round((x - y) / x * 100, 1) if x else 0.0


def figures(rows: dict, m: Method | None = None) -> dict:
    m = m or Method()
    full = sorted((r["hourly_exact"], k) for k, r in rows.items() if r["full_pay"] == "yes")
    hm = [h for h, k in full if rows[k]["gender"] == "M"]
    hf = [h for h, k in full if rows[k]["gender"] == "F"]
    pool = [r for r in rows.values() if r["full_pay"] == "yes"] if m.leave_out_of_bonus else list(rows.values())
    bm = [r["bonus_12m"] for r in pool if r["gender"] == "M" and r["bonus_12m"] > 0]
    bf = [r["bonus_12m"] for r in pool if r["gender"] == "F" and r["bonus_12m"] > 0]
    nm = sum(1 for r in pool if r["gender"] == "M")
    nf = len(pool) - nm
    quarts = {}
    n = len(full)
    for i, name in enumerate(("lower", "lower_middle", "upper_middle", "upper")):
        part = full[i * n // 4 : (i + 1) * n // 4]
        men = sum(1 for _, k in part if rows[k]["gender"] == "M")
        share = 100 * men / len(part) if part else 0.0
        quarts[name] = {"male_pct": round(share, 1), "female_pct": round(100 - share, 1)}
        for _, k in part:
            rows[k]["quartile"] = name
    return {
        "snapshot_date": "2026-04-05",
        "relevant_employees": len(rows),
        "full_pay_relevant_employees": n,
        "mean_hourly_pay_gap_pct": _gap(hm, hf, statistics.fmean),
        "median_hourly_pay_gap_pct": _gap(hm, hf, statistics.median),
        "mean_bonus_gap_pct": _gap(bm, bf, statistics.fmean),
        "median_bonus_gap_pct": _gap(bm, bf, statistics.median),
        "male_bonus_pct": round(100 * len(bm) / nm, 1) if nm else 0.0,
        "female_bonus_pct": round(100 * len(bf) / nf, 1) if nf else 0.0,
        "quartiles": quarts,
    }


def load() -> dict:
    bureau, sex, days, hours = rd.read_bureau(rd.find("payroll/*bureau*.xlsx"))
    agency, drivers, invoices = rd.read_non_payroll(rd.find("hr/non_payroll_workers*.xlsx"))
    return {
        "hr": rd.read_hr(rd.find("hr/HR_master*.xlsx")),
        "payroll": rd.read_payroll(rd.find("payroll/payroll_elements*.csv")),
        "bureau": bureau,
        "bureau_sex": sex,
        "bureau_days": days,
        "bureau_hours": hours,
        "bonuses": rd.read_bonuses(rd.find("bonus/bonus_ledger*.csv")),
        "agency": agency,
        "drivers": drivers,
        "invoices": invoices,
        "timesheets": rd.read_timesheets(rd.find("hr/flex_timesheets*.csv")),
        "mails": rd.read_mails(rd.INPUT / "emails"),
    }
