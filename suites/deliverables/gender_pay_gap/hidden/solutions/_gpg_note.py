"""The reference's note to the HR Director: the figures to publish, how they were reached, and what she must decide,
put right or disclose. One paragraph per matter."""

from __future__ import annotations

import re

import _gpg_read as rd


def _money(x: float) -> str:
    return f"£{x:,.2f}"


def write(data: dict, facts: dict, rows: dict, figs: dict, known: dict) -> str:
    q = figs["quartiles"]
    p: list[str] = [
        "# Gender pay gap 2026 (snapshot date 5 April 2026) - note to the HR Director",
        f"Figures to publish, for {figs['relevant_employees']} relevant employees "
        f"({figs['full_pay_relevant_employees']} "
        f"full-pay relevant employees): mean hourly pay gap {figs['mean_hourly_pay_gap_pct']}%, median hourly pay gap "
        f"{figs['median_hourly_pay_gap_pct']}%; mean bonus gap {figs['mean_bonus_gap_pct']}%, median bonus gap "
        f"{figs['median_bonus_gap_pct']}%; {figs['male_bonus_pct']}% of men and {figs['female_bonus_pct']}% of women "
        f"received bonus pay. Quartiles (men/women): lower {q['lower']['male_pct']}/{q['lower']['female_pct']}, lower "
        f"middle "
        f"{q['lower_middle']['male_pct']}/{q['lower_middle']['female_pct']}, upper middle "
        f"{q['upper_middle']['male_pct']}/"
        f"{q['upper_middle']['female_pct']}, upper {q['upper']['male_pct']}/{q['upper']['female_pct']}.",
        "## Who is counted",
        f"Agency temps: the {sum(1 for a in data['agency'] if a['end'] is None or a['end'] >= rd.SNAPSHOT)} StaffLink "
        f"temps on assignment are excluded - they are employed by the "
        "agency, which reports them, not by Calderbrook. The six who joined us directly on 30 March are our employees "
        "and are included.",
    ]
    drivers = [r for r in rows.values() if r["payroll"].startswith("owner-driver")]
    if drivers:
        p.append(
            f"Owner-drivers: the {len(drivers)} owner-drivers engaged on 5 April are included as relevant employees: "
            f"they "
            "are in employment under a contract personally to do work (no substitution, our vans, our rota), which the "
            "Regulations count. Their hourly pay is the invoice for the week to 5 April over their 50-hour week."
        )
    else:
        p.append("Owner-drivers: treated as self-employed contractors on the agreements as written and not counted.")
    hull = [r for r in rows.values() if r["payroll"].startswith("bureau")]
    if hull:
        women = sum(1 for r in hull if r["gender"] == "F")
        text = (
            f"Hull: the {len(hull)} staff transferred under TUPE on 1 February are our employees on the snapshot date "
            f"and "
            "are included, from the bureau's four-weekly period 4 (16 March to 12 April, 28 days)."
        )
        if known.get("hull_women") is not None:
            text += (
                f" The HR master holds no gender for them; Dawn Hebden confirmed their gender: {women} women and "
                f"{len(hull) - women} men. The HR master should be completed."
            )
        p.append(text)
    else:
        p.append("Hull: the transferred staff have no gender on the HR master, so they could not be counted.")
    reduced = [r for r in rows.values() if r["full_pay"] == "no"]
    p += [
        f"Full-pay relevant employees: the {len(reduced)} people paid at a reduced rate or nil because of leave in the "
        "relevant pay period (statutory sick pay, statutory maternity or shared parental pay, unpaid leave) are left "
        "out of the hourly pay figures and the quartiles, but they stay in the bonus figures.",
        "Maternity: colleagues in the first 13 weeks of maternity leave on company maternity pay (MATENH) are on full "
        "pay, so they are full-pay relevant employees and included in the hourly figures; so are those on full company "
        "sick pay or annual leave.",
        "## What counts as pay",
        "Salary sacrifice: ordinary pay is taken after the pension, electric car and cycle salary sacrifice (PENSS, "
        "EVSS, CYC, and the bureau's pension sacrifice) - the reduced amount, as the Regulations require.",
        "Overtime (OT15, OT20 and the bureau's overtime), business mileage and night-out expenses, the payrolled "
        "company "
        "car benefit (BIKCAR), redundancy pay and holiday pay in lieu are not ordinary pay and are left out.",
        "SUP and ONC are allowances under version 2 of the element mapping (January 2026) and count as ordinary pay; "
        "version 1, where they were overtime, is superseded. The monthly payroll's RUN 2 FINAL is used: RUN 1 was "
        "superseded and lacked SUP and the commission.",
        "Commission: the sales commission paid on 24 April for January to March is bonus pay paid in the relevant pay "
        "period, so it is in hourly pay pro-rated (30/90 of it); it was paid after 5 April, so it is outside this "
        "year's bonus period and counts in next year's bonus figures.",
        "Weekly-paid staff: the relevant pay period is the week Monday 30 March to Sunday 5 April (paid on 10 April), "
        "not the week paid on 3 April. Flex operatives have no normal working hours: their weekly working hours are "
        "their average basic hours over the 12 weeks ending 5 April.",
    ]
    if facts.get("normanton_hours"):
        p.append(
            f"Normanton: the hub's full-time warehouse operatives have worked a {facts['normanton_hours']:g}-hour week "
            "since 1 March with no loss of pay; their hourly pay uses 37.5 hours, not the HR master's 40. Payroll and "
            "the HR master should be brought into line."
        )
    ltip = facts.get("ltip") or {}
    if ltip:
        p.append(
            f"Aldermoor Performance Share Plan: the 2023 award vested on 20 March 2026 for {len(ltip)} of our people "
            f"({_money(sum(ltip.values()))} in all). Shares awarded for performance are bonus pay in the bonus "
            f"period, so "
            "they are included although the group settled them and they are not in our ledger."
        )
    bon = data["bonuses"]
    rev = [b for b in bon if b["amount"] < 0]
    for b in rev:
        m = re.search(r"BL-\d{5}", b["notes"])
        if m:
            p.append(
                f"Bonus ledger: {m.group()} was paid twice in error and reversed by {b['ref']}, so that bonus counts "
                f"once. "
                "The repeated ledger lines and the repeated payroll lines of the week to 5 April are counted once."
            )
    early = [b for b in bon if b["paid"] and b["paid"] < rd.BONUS_FROM]
    if early:
        p.append(f"Bonus period: {len(early)} payment dated before 6 April 2025 is outside the 12 months and left out.")
    low = [
        ln
        for ln in data["payroll"]
        if ln["code"] == "BASICHR"
        and ln["end"] == rd.SNAPSHOT
        and ln["amount"] > 0
        and abs(ln["amount"] / ln["units"] - 12.21) < 0.005
    ]
    if low:
        ids = sorted({ln["id"] for ln in low})
        p.append(
            f"National Living Wage: {len(ids)} flex operatives ({', '.join(ids)}) were still paid £12.21 an hour in "
            f"the "
            "week to 5 April, the 2025/26 minimum wage rate; the rate rose on 1 April 2026, so they are underpaid and "
            "need back pay. This is outside the report but must be put right."
        )
    p += [
        "## Publishing",
        "The report must be published by 4 April 2027 on our website (kept there for three years) and on the "
        "government's reporting service, with a written statement confirming the figures are accurate, signed by a "
        "director. Last year's report had no such statement - it was published by the HR team.",
        "Last year's report was published on 28 April 2026, after its deadline of 4 April 2026. Its method also "
        "differed (agency workers included, maternity leavers left out of everything, part-timers' bonuses pro-rated "
        "to full time), so the two years are not comparable.",
    ]
    return "\n\n".join(p) + "\n"
