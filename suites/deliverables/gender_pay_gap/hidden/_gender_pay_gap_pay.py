"""What each person of gender_pay_gap was paid: the weekly, monthly and bureau payroll lines, the owner-drivers'
invoices, the bonus ledger, and the hourly rate of pay the Regulations make of the relevant pay period."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

WEEKS = [date(2026, 3, 29) + timedelta(days=7 * i) for i in range(4)]  # weeks ending (Sunday) paid in April
RELEVANT_WEEK = date(2026, 4, 5)  # the week Monday 30 March to Sunday 5 April holds the snapshot date
SERIES = [date(2026, 1, 11) + timedelta(days=7 * i) for i in range(15)]  # flex hours, weeks ending 11 Jan-19 Apr
WINDOW = SERIES[1:13]  # the 12 complete weeks ending with the relevant week
MONTH = (date(2026, 4, 1), date(2026, 4, 30), date(2026, 4, 24))
BUREAU = {
    3: (date(2026, 2, 16), date(2026, 3, 15), date(2026, 3, 20)),
    4: (date(2026, 3, 16), date(2026, 4, 12), date(2026, 4, 17)),
}
Q4_DAYS = 90  # commission paid in April is for the quarter 1 January to 31 March 2026
NMW_OLD = 12.21  # the 2025/26 rate some flex operatives were still paid after 1 April 2026
ORD_W = ("BASICHR", "HOL", "SHIFT", "PENSS")
ORD_M = ("BASIC", "MATENH", "CSP", "CARALL", "SUP", "ONC", "FAID", "PENSS", "EVSS", "CYC")
REDUCED = ("SSP", "SMP", "SHPP", "UPL", "UPLDED")
ORD_B = ("Basic Pay", "Holiday Pay", "Shift Allowance", "Pension Sal Sac")
FT = {"tl": 40.0, "hull": 40.0}


def money(x: float) -> float:
    return round(x + (1e-9 if x >= 0 else -1e-9), 2)


def _add(
    p,
    period: str,
    start: date,
    end: date,
    paid: date,
    code: str,
    units: float,
    rate: float,
    amount: float,
    run: str = "",
) -> None:
    p.lines.append(
        {
            "period": period,
            "start": start,
            "end": end,
            "paid": paid,
            "code": code,
            "units": round(units, 2),
            "rate": round(rate, 4),
            "amount": money(amount),
            "run": run,
        }
    )


def _week(p: Any, rng: random.Random, i: int, we: date) -> None:
    ws, paid = we - timedelta(days=6), we + timedelta(days=5)
    per = f"WE {we.strftime('%d/%m/%Y')}"
    relevant = we == RELEVANT_WEEK
    hrs = p.hours_series[11 + i] if p.family == "flex" else p.hours
    rate = NMW_OLD if ("old_rate" in p.tags and we >= RELEVANT_WEEK) else p.rate
    hol = 0.0
    if p.family != "flex":
        if relevant and "gf_off" in p.tags:
            hol = hrs / 5  # Good Friday, 3 April: bank holiday pay
        if (relevant and p.leave == "hol") or (not relevant and rng.random() < 0.12):
            hol = max(hol, round(hrs * rng.choice([0.2, 0.4, 0.6]), 2))
    basic_h, lost = hrs - hol, 0.0
    if relevant and p.leave in ("ssp", "upl", "smp"):
        lost = {"ssp": 0.6, "upl": 0.4, "smp": 1.0}[p.leave] * (hrs - hol)
        basic_h -= lost
    if basic_h > 0:
        _add(p, per, ws, we, paid, "BASICHR", basic_h, rate, basic_h * rate)
    if hol:
        _add(p, per, ws, we, paid, "HOL", hol, rate, hol * rate)
    if relevant and p.leave == "ssp":
        _add(p, per, ws, we, paid, "SSP", 3, 29.99, 89.97)
    if relevant and p.leave == "smp":
        _add(p, per, ws, we, paid, "SMP", 1, 194.32, 194.32)
    if relevant and p.leave == "upl":
        _add(p, per, ws, we, paid, "UPL", lost, 0.0, 0.0)
    pattern = p.extras.get("pattern", "days")
    prem = {"nights": 1.80 if p.family != "driver" else 2.10, "lates": 0.90}.get(pattern, 0.0)
    if pattern == "rotating":
        prem = 1.80 if i % 2 == 1 else 0.0
    if prem and basic_h > 0:
        _add(p, per, ws, we, paid, "SHIFT", basic_h, prem, basic_h * prem)
    if p.family != "flex" and p.leave is None and rng.random() < 0.3:
        ot = float(rng.choice([4, 6, 8, 10]))
        code = rng.choice(["OT15", "OT15", "OT20"])
        mult = 1.5 if code == "OT15" else 2.0
        _add(p, per, ws, we, paid, code, ot, rate * mult, ot * rate * mult)
    if p.family == "driver" and rng.random() < 0.25:
        n = rng.choice([1, 2, 3])
        _add(p, per, ws, we, paid, "NIGHTOUT", n, 26.50, n * 26.50)  # overnight subsistence: an expense
    if p.sacrifice and basic_h + hol > 0:
        _add(p, per, ws, we, paid, "PENSS", 1, 0.0, -money((basic_h + hol) * rate) * p.sacrifice)


def _weekly(p: Any, rng: random.Random) -> None:
    for i, we in enumerate(WEEKS):
        if we - timedelta(days=6) < p.start:
            continue
        if p.leaving and we - timedelta(days=6) > p.leaving:
            continue
        _week(p, rng, i, we)
    if "leaver" in p.tags and p.leaving >= date(2026, 3, 16):
        we = WEEKS[0]
        _add(
            p,
            f"WE {we.strftime('%d/%m/%Y')}",
            we - timedelta(days=6),
            we,
            we + timedelta(days=5),
            "HOLPIL",
            16,
            p.rate,
            16 * p.rate,
        )
    if "redundant" in p.tags:
        we = WEEKS[-1]
        per = f"WE {we.strftime('%d/%m/%Y')}"
        _add(p, per, we - timedelta(days=6), we, we + timedelta(days=5), "REDUN", 1, 0, p.extras["redun"])


def _monthly(p: Any, rng: random.Random) -> None:
    s, e, paid = MONTH
    per = "APR 2026 (M01)"
    basic = money(p.salary * p.hours / FT.get(p.family, 37.5) / 12)
    if "leaver" in p.tags:
        if p.leaving >= date(2026, 3, 16):
            day = money(basic * 12 / 260)
            for run in ("RUN 1", "RUN 2 FINAL"):
                _add(p, per, s, e, paid, "HOLPIL", 4, day, day * 4, run)
        return
    if "starter" in p.tags:
        days = (e - p.start).days + 1
        for run in ("RUN 1", "RUN 2 FINAL"):
            _add(p, per, s, e, paid, "BASIC", days, basic / 30, basic * days / 30, run)
        return
    lines: list[tuple[str, float, float, float]] = []
    pensionable = 0.0
    if p.leave in ("smp", "shpp"):
        code = "SMP" if p.leave == "smp" else "SHPP"
        lines.append((code, 4.29, 194.32, 4.29 * 194.32))
    elif p.leave == "mat_full":
        lines.append(("MATENH", 1, basic, basic))
        pensionable = basic
    elif p.leave == "ssp":
        lines += [("BASIC", 1, basic * 0.5, basic * 0.5), ("SSP", 10, 29.99, 299.90)]
        pensionable = basic * 0.5
    elif p.leave == "csp":
        lines += [("BASIC", 1, basic * 0.6, basic * 0.6), ("CSP", 1, basic * 0.4, basic * 0.4)]
        pensionable = basic
    else:
        lines.append(("BASIC", 1, basic, basic))
        pensionable = basic
    if p.leave == "upl":
        day = money(basic * 12 / 260)
        lines.append(("UPLDED", 5, -day, -day * 5))
    for code in ("CARALL", "SUP", "ONC", "FAID", "OT15", "MILES", "BIKCAR", "EVSS", "CYC", "COMM"):
        if code in p.extras and (p.leave not in ("smp", "shpp") or code in ("BIKCAR", "EVSS")):
            lines.append((code, 1, p.extras[code], p.extras[code]))
    if p.sacrifice and pensionable:
        lines.append(("PENSS", 1, 0.0, -money(pensionable) * p.sacrifice))
    if "redundant" in p.tags:
        day = money(basic * 12 / 260)
        lines += [("REDUN", 1, 0, p.extras["redun"]), ("HOLPIL", 3, day, day * 3)]
    for run in ("RUN 1", "RUN 2 FINAL"):
        for code, units, rate, amount in lines:
            if run == "RUN 1" and code in ("SUP", "COMM"):
                continue  # the first run missed the supervisory allowance and the quarter's commission
            _add(p, per, s, e, paid, code, units, rate, amount, run)


def _bureau(p: Any, rng: random.Random) -> None:
    for n, (s, e, paid) in BUREAU.items():
        per = f"Period {n}"
        hrs = 160.0
        hol = float(rng.choice([0, 0, 8, 16])) if n == 4 else float(rng.choice([0, 8]))
        if n == 3 and p.start > s:
            hrs = 40.0 * ((e - p.start).days + 1) / 7
        basic_h = hrs - hol
        if n == 4 and p.leave == "ssp":
            basic_h -= 48
            _add(p, per, s, e, paid, "SSP", 6, 29.99, 179.94)
        _add(p, per, s, e, paid, "Basic Pay", basic_h, p.rate, basic_h * p.rate)
        if hol:
            _add(p, per, s, e, paid, "Holiday Pay", hol, p.rate, hol * p.rate)
        prem = {"nights": 1.60, "lates": 0.75}.get(p.extras.get("pattern", "days"), 0.0)
        if prem:
            _add(p, per, s, e, paid, "Shift Allowance", basic_h, prem, basic_h * prem)
        if rng.random() < 0.4:
            ot = float(rng.choice([6, 8, 12]))
            _add(p, per, s, e, paid, "Overtime @ 1.5", ot, p.rate * 1.5, ot * p.rate * 1.5)
        if p.sacrifice:
            _add(p, per, s, e, paid, "Pension Sal Sac", 1, 0.0, -money((basic_h + hol) * p.rate) * p.sacrifice)


def _invoices(p: Any, rng: random.Random) -> None:
    for we in WEEKS[:3]:
        if p.leaving and we > p.leaving + timedelta(days=7):
            continue
        shifts = 5 if we == RELEVANT_WEEK else rng.choice([4, 5, 5])
        _add(
            p,
            f"WE {we.strftime('%d/%m/%Y')}",
            we - timedelta(days=6),
            we,
            we + timedelta(days=12),
            "INVOICE",
            shifts,
            p.rate,
            shifts * p.rate,
        )


def pay_lines(p: Any, rng: random.Random) -> None:
    if p.kind == "agency":
        return
    {"W": _weekly, "M": _monthly, "B": _bureau, "OD": _invoices}[p.payroll](p, rng)


def relevant_lines(p) -> tuple[list[dict], int]:
    """The lines of the relevant pay period (the final run of the monthly payroll) and its length in days."""
    if p.payroll == "M":
        return [ln for ln in p.lines if ln["run"].endswith("FINAL")], 30
    if p.payroll == "B":
        return [ln for ln in p.lines if ln["period"] == "Period 4"], 28
    return [ln for ln in p.lines if ln["end"] == RELEVANT_WEEK], 7


def hourly(p: Any, hours: float) -> dict:
    lines, days = relevant_lines(p)
    codes = {ln["code"] for ln in lines}
    if p.payroll == "M":
        ordinary = sum(ln["amount"] for ln in lines if ln["code"] in ORD_M)
        bonus = sum(ln["amount"] for ln in lines if ln["code"] == "COMM") * days / Q4_DAYS
    elif p.payroll == "B":
        ordinary = sum(ln["amount"] for ln in lines if ln["code"] in ORD_B)
        bonus = 0.0
    elif p.payroll == "OD":
        ordinary, bonus = sum(ln["amount"] for ln in lines), 0.0
    else:
        ordinary = sum(ln["amount"] for ln in lines if ln["code"] in ORD_W)
        bonus = 0.0
    full = not (codes & set(REDUCED))
    if p.family == "flex":
        hours = sum(p.hours_series[1:13]) / 12
    exact = (ordinary + bonus) * 7 / days / hours if hours else 0.0
    return {
        "payroll": p.payroll,
        "full_pay": full,
        "ordinary_pay": money(ordinary),
        "bonus_in_period": money(bonus),
        "period_days": days,
        "weekly_hours": round(hours, 4),
        "hourly_rate_exact": exact,
        "hourly_rate": round(exact, 2),
    }


# ------------------------------------------------------------------------------------------------ the bonus ledger


def bonus_lines(people: list, rng: random.Random, inst: dict) -> None:
    items: list[tuple] = []  # (paid, person, scheme, from, to, amount, type, note)

    def employed(p: Any, d: date) -> bool:
        return p.start <= d and (p.leaving is None or p.leaving >= d)

    for p in people:
        if p.kind != "employee" or "starter" in p.tags:
            continue
        fam = p.family
        annual = date(2025, 6, 27)
        if (
            p.payroll == "M"
            and employed(p, annual)
            and p.start <= date(2025, 3, 31)
            and "group_bonus_only" not in p.tags
            and (fam == "senior" or rng.random() < 0.85)
        ):
            pct = {"tl": (0.04, 0.06), "senior": (0.10, 0.20), "sales": (0.025, 0.035)}.get(fam, (0.02, 0.04))
            amt = p.salary * p.hours / FT.get(fam, 37.5) * rng.uniform(*pct)
            items.append(
                (annual, p, "Annual bonus FY2024/25", date(2024, 4, 1), date(2025, 3, 31), money(amt), "Cash", "")
            )
        if fam == "sales":
            qs = [
                (date(2025, 4, 25), date(2025, 1, 1), date(2025, 3, 31)),
                (date(2025, 7, 25), date(2025, 4, 1), date(2025, 6, 30)),
                (date(2025, 10, 24), date(2025, 7, 1), date(2025, 9, 30)),
                (date(2026, 1, 23), date(2025, 10, 1), date(2025, 12, 31)),
            ]
            for paid, f, t in qs:
                if employed(p, paid):
                    items.append((paid, p, "Sales commission", f, t, money(rng.uniform(700, 5400)), "Cash", ""))
            if "COMM" in p.extras:
                items.append(
                    (
                        date(2026, 4, 24),
                        p,
                        "Sales commission",
                        date(2026, 1, 1),
                        date(2026, 3, 31),
                        p.extras["COMM"],
                        "Cash",
                        "",
                    )
                )
        if p.payroll == "W" and employed(p, date(2025, 12, 19)) and rng.random() < 0.92:
            amt = {"driver": 220.0, "flex": 90.0}.get(fam, 180.0 * p.hours / 40)
            items.append(
                (
                    date(2025, 12, 19),
                    p,
                    "Site productivity bonus H1",
                    date(2025, 4, 1),
                    date(2025, 9, 30),
                    money(amt),
                    "Cash",
                    "",
                )
            )
    pool = [p for p in people if p.kind == "employee" and "starter" not in p.tags]
    for p in rng.sample(pool, inst["vouchers"]):
        d = date(2025, 5, 2) + timedelta(days=rng.randint(0, 320))
        if employed(p, d):
            items.append((d, p, "Star Award", d, d, rng.choice([50.0, 100.0]), "Voucher", "Love2Shop e-voucher"))
    early = rng.choice([p for p in pool if p.start < date(2025, 1, 1)])
    items.append(
        (
            date(2025, 4, 4),
            early,
            "Star Award",
            date(2025, 4, 4),
            date(2025, 4, 4),
            100.0,
            "Voucher",
            "Love2Shop e-voucher",
        )
    )
    items.sort(key=lambda x: (x[0], x[1].id))
    refs = 0
    for paid, p, scheme, f, t, amt, typ, note in items:
        refs += 1
        p.bonuses.append(
            {
                "ref": f"BL-{refs:05d}",
                "paid": paid,
                "scheme": scheme,
                "from": f,
                "to": t,
                "amount": amt,
                "type": typ,
                "note": note,
            }
        )
    twice = rng.choice([p for p in people if any(b["scheme"].startswith("Annual") for b in p.bonuses)])
    orig = next(b for b in twice.bonuses if b["scheme"].startswith("Annual"))
    dup = dict(orig, ref=f"BL-{refs + 1:05d}", note="")
    rev = dict(
        orig,
        ref=f"BL-{refs + 2:05d}",
        paid=date(2025, 7, 25),
        amount=-orig["amount"],
        note=f"Reversal of BL-{refs + 1:05d} - paid twice in error, recovered July payroll",
    )
    twice.bonuses += [dup, rev]
