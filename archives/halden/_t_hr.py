"""HR and administration asks: depot rotas, leave balances, an overtime policy with worked examples, headcount
reports, onboarding plans."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from datetime import date, timedelta

from _core import Case, F, Link
from _office import csv_bytes, docx, html_page, md_table, xlsx
from _world import DEPOTS, FIRST, LAST, amt, gbp, pct, pence, person

ROLE = "hr_admin"


def _names(rng: random.Random, n: int) -> list[str]:
    return sorted(rng.sample([f"{f} {last}" for f in FIRST for last in LAST], n))


def rota(rng: random.Random, v: int) -> Case:
    depot = DEPOTS[v % len(DEPOTS)]
    start = date(2026, 4, 6) + timedelta(weeks=4 * (v % 2))
    staff = _names(rng, 8)
    rate = {s: pence(rng, 15, 19) for s in staff}
    off = {s: set(rng.sample(range(24), rng.choice([0, 0, 2, 3, 5]))) for s in staff}
    no_late = set(rng.sample(staff, 2))
    rows = [["Technician", "Hourly rate", "Lates", "Unavailable"]]
    days = [start + timedelta(days=i) for i in range(27) if (start + timedelta(days=i)).weekday() < 6]
    for s in staff:
        dates = ";".join(days[i].isoformat() for i in sorted(off[s]) if i < len(days))
        rows.append([s, amt(rate[s]), "no" if s in no_late else "yes", dates])
    need = (
        f"# Shift cover, {depot} depot\n\n- Monday to Friday: early shift 06:00-14:00 needs 3 technicians, late shift "
        "14:00-22:00 needs 2.\n- Saturday: early shift only, 2 technicians.\n- Nobody works two shifts on one day, "
        "and nobody works an early the morning after a late.\n- Late shifts are paid at time and a fifth (1.2x), "
        "earlies and Saturdays at the normal rate.\n- Fair allocation: each day fill the late shift first, then the "
        "early; every place goes to whoever is free and has the fewest hours so far, alphabetically on a tie.\n"
    )
    hours: dict[str, int] = defaultdict(int)
    lates: dict[str, int] = defaultdict(int)
    plan, last_late = [["Date", "Day", "Shift", "Technician", "Shift pay"]], set()
    for i, d in enumerate(days):
        free = [s for s in staff if i not in off[s]]
        shifts = [("Early", 2)] if d.weekday() == 5 else [("Late", 2), ("Early", 3)]
        today, late_today = set(), set()
        for shift, n in shifts:
            pool = [
                s
                for s in free
                if s not in today
                and not (shift == "Early" and s in last_late)
                and not (shift == "Early" and s in late_today)
                and not (shift == "Late" and s in no_late)
            ]
            pool.sort(key=lambda s: (hours[s], s))
            for s in pool[:n]:
                today.add(s)
                hours[s] += 8
                if shift == "Late":
                    late_today.add(s)
                    lates[s] += 8
                plan.append(
                    [
                        d.isoformat(),
                        d.strftime("%a"),
                        shift,
                        s,
                        amt(round(rate[s] * 8 * (1.2 if shift == "Late" else 1))),
                    ]
                )
        last_late = late_today
    plan[1:] = sorted(plan[1:], key=lambda r: (r[0], r[2] != "Early", r[3]))
    cost = {s: sum(round(float(r[4]) * 100) for r in plan[1:] if r[3] == s) for s in staff}
    total_h, total_c = sum(hours.values()), sum(cost.values())
    short = (
        sum(n for d in days for _s, n in ([("Early", 2)] if d.weekday() == 5 else [("Early", 3), ("Late", 2)])) * 8
        - total_h
    )
    summary = [["Technician", "Hours", "Of which lates", "Pay"]] + [
        [s, hours[s], lates[s], gbp(cost[s])] for s in staff
    ]
    summary.append(["Total", total_h, sum(lates.values()), gbp(total_c)])
    head = f"Four-week rota from {start.isoformat()}: {total_h} hours of cover, {gbp(total_c)} of pay" + (
        f"; {short} hours could not be covered." if short else "; every shift is covered."
    )
    atts = [
        F(f"availability_{depot.lower().replace(' ', '_')}.csv", csv_bytes(rows)),
        F("shift_requirements.md", need.encode()),
    ]
    if v % 2 == 0:
        outs = [F(f"rota_{depot.lower().replace(' ', '_')}.xlsx", xlsx([("Rota", plan), ("Hours and pay", summary)]))]
    else:
        outs = [
            F(f"rota_{depot.lower().replace(' ', '_')}.csv", csv_bytes(plan)),
            F("rota_hours_and_pay.md", f"# Rota hours and pay\n\n{head}\n\n{md_table(summary)}\n".encode()),
        ]
    ask = (
        f"Could you draw up the four-week technician rota for {depot} starting Monday {start.isoformat()}? "
        "Availability and the cover rules are attached (allocate as the fair-allocation rule there says), and give me "
        "each person's hours and pay for the four weeks with the late-shift premium."
    )
    ask = rng.choice(
        [
            ask,
            f"{depot} needs its technician rota for the four weeks from Monday {start.isoformat()}. Availability "
            "and the cover rules, fair-allocation rule included, are attached. Please list each person's hours and "
            "pay for the period, late-shift premium included, with the rota itself.",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        outs,
        plan="Filling each shift from whoever is free with the fewest hours so far.",
        done=head,
        calc=head,
        asof=start - timedelta(days=10),
        channel="group" if v % 3 == 2 else "private",
        ambiguity=("Can people who said no to lates be put on Saturday earlies?", "Yes, Saturdays are fine."),
    )


def leave(rng: random.Random, v: int) -> Case:
    people = _names(rng, rng.randint(30, 38))
    depts = ["Service", "Plant", "Office", "Sales"]
    ent_rows = [["Employee", "Department", "Entitlement", "Carried over"]]
    rec = [["Employee", "From", "To", "Days"]]
    ent, taken = {}, defaultdict(float)
    for p in people:
        e, c = rng.choice([25, 25, 26, 27, 28]), rng.choice([0, 0, 1, 2, 3, 5])
        ent[p] = (rng.choice(depts), e, c)
        ent_rows.append([p, ent[p][0], e, c])
        d = date(2026, 1, 5)
        for _ in range(rng.randint(0, 4)):
            d += timedelta(days=rng.randint(3, 30))
            n = rng.choice([0.5, 1, 1, 2, 3, 5])
            while d.weekday() > 4:
                d += timedelta(days=1)
            end = d
            k = 1
            while k < n:
                end += timedelta(days=1)
                if end.weekday() < 5:
                    k += 1
            if end > date(2026, 5, 29):
                break
            rec.append([p, d.isoformat(), end.isoformat(), n])
            taken[p] += n
            d = end
    table = [["Employee", "Department", "Allowance", "Taken", "Remaining"]]
    tot_a = tot_t = 0.0
    for p in people:
        allowance = ent[p][1] + ent[p][2]
        tot_a, tot_t = tot_a + allowance, tot_t + taken[p]
        table.append([p, ent[p][0], allowance, taken[p], allowance - taken[p]])
    high = [r for r in table[1:] if r[4] > 20]
    by_d = [["Department", "Allowance", "Taken", "Remaining", "Used"]]
    for dpt in depts:
        a = sum(r[2] for r in table[1:] if r[1] == dpt)
        t = sum(r[3] for r in table[1:] if r[1] == dpt)
        by_d.append([dpt, a, t, a - t, pct(t, a)])
    by_d.append(["All", tot_a, tot_t, tot_a - tot_t, pct(tot_t, tot_a)])
    head = (
        f"{len(people)} people, {tot_a:g} days of allowance in the 2026 leave year, {tot_t:g} taken so far "
        f"({pct(tot_t, tot_a)}), {tot_a - tot_t:g} remaining; {len(high)} people have more than 20 days left."
    )
    atts = [F("leave_entitlements_2026.csv", csv_bytes(ent_rows)), F("leave_taken_2026.xlsx", xlsx([("Leave", rec)]))]
    outs = [F("leave_balances_may.xlsx", xlsx([("Balances", table), ("By department", by_d)]))]
    if v % 2:
        outs.append(
            F(
                "leave_reminder_list.md",
                (
                    f"# Leave balances at end of May\n\n{head}\n\nMore than 20 days left:\n\n"
                    + "\n".join(f"- {r[0]} ({r[1]}): {r[4]:g} days" for r in high)
                    + "\n"
                ).encode(),
            )
        )
    ask = (
        "Please work out everyone's remaining annual leave for 2026 from the attached entitlements and leave taken "
        "so far: allowance (entitlement plus carry-over), days taken, days remaining, and a by-department view with "
        "the share used. Spreadsheet please."
    )
    ask = rng.choice(
        [
            ask,
            "Could you do the 2026 leave balances from the two attached files? For each person: allowance (entitlement "
            "plus carry-over), taken so far and remaining; then the same by department with the share used. A "
            "spreadsheet is best.",
        ]
    )
    follow = (
        ["Could you also list everyone with more than 20 days left in a short note? I'll send them a reminder."]
        if v % 2
        else []
    )
    return Case(
        ROLE,
        ask,
        atts,
        outs,
        follow=follow,
        plan="Adding carry-over to entitlement and subtracting leave taken.",
        done=head,
        calc=head,
        asof=date(2026, 5, 29) + timedelta(days=v % 3),
    )


GRADES = [("T1", 1_541), ("T2", 1_687), ("T3", 1_893), ("S1", 2_137)]


def overtime_policy(rng: random.Random, v: int, web: bool = False) -> Case:
    met = date(2026, 3, 2) + timedelta(days=rng.randint(0, 40))
    present = ", ".join(_names(rng, 4))
    notes = (
        f"# Overtime policy - notes from the working group\n\nMet {met.isoformat()}; present: {present}.\n\n"
        "- Applies to hourly-paid technicians and plant staff.\n"
        "- Overtime is time worked beyond 37.5 hours in a week, agreed in advance by the supervisor.\n"
        "- Weekday and Saturday overtime is paid at 1.5x the hourly rate.\n"
        "- Sunday and bank holiday work is paid at 2x.\n"
        "- Emergency call-outs are paid for at least 2 hours, at the rate for the day.\n"
        "- Time off in lieu may be taken instead, hour for hour, within 8 weeks.\n"
        "- Policy owner: People team. Review yearly.\n"
    )
    rates_rows = [["Grade", "Hourly rate"]] + [[g, gbp(r)] for g, r in GRADES]
    atts, links = [F("overtime_working_group_notes.md", notes.encode())], []
    if web:
        url = "https://intranet.halden.example/people/pay-rates-2026"
        links = [Link(url, html_page("Hourly pay rates from April 2026", [("table", rates_rows)]))]
        where = f"The hourly rates by grade are on {url} for the examples."
    else:
        atts.append(
            F("hourly_rates_2026.csv", csv_bytes([["Grade", "Hourly rate"]] + [[g, amt(r)] for g, r in GRADES]))
        )
        where = "Hourly rates by grade are attached for the examples."
    g1, g2, g3 = rng.sample(GRADES, 3)
    h1, h2 = rng.choice([3, 5, 6, 7]), rng.choice([0.5, 1, 1.5])
    ex = [
        (
            f"A {g1[0]} technician ({gbp(g1[1])} an hour) works {h1} hours beyond 37.5 in a week, on a weekday: "
            f"{h1} x {gbp(g1[1])} x 1.5 = {gbp(round(h1 * g1[1] * 1.5))}."
        ),
        (
            f"A {g2[0]} technician ({gbp(g2[1])} an hour) is called out on a Sunday and the job takes {h2:g} "
            f"hours: the 2-hour minimum applies, so 2 x {gbp(g2[1])} x 2 = {gbp(round(2 * g2[1] * 2))}."
        ),
        (
            f"A {g3[0]} team member works a bank holiday shift of 8 hours: 8 x {gbp(g3[1])} x 2 = "
            f"{gbp(round(8 * g3[1] * 2))}, or 8 hours off in lieu."
        ),
    ]
    blocks = [
        ("h1", "Overtime policy"),
        ("h2", "Who it covers"),
        ("p", "Hourly-paid technicians and plant staff of Halden Kitchen Systems."),
        ("h2", "What counts as overtime"),
        ("p", "Time worked beyond 37.5 hours in a week that a supervisor agreed in advance."),
        ("h2", "How it is paid"),
        (
            "bullets",
            [
                "Weekdays and Saturdays: 1.5 times the hourly rate.",
                "Sundays and bank holidays: 2 times the hourly rate.",
                "Emergency call-outs: at least 2 hours, at the rate for the day.",
                "Time off in lieu instead of pay: hour for hour, taken within 8 weeks.",
            ],
        ),
        ("h2", "Worked examples"),
        ("bullets", ex),
        ("h2", "Ownership"),
        ("p", "The People team owns this policy and reviews it every year."),
    ]
    ask = (
        "Can you turn the attached working-group notes into a proper overtime policy document (Word)? Sections for "
        f"scope, what counts, how it's paid, time off in lieu, and three worked examples with real figures. {where}"
    )
    ask = rng.choice(
        [
            ask,
            "The overtime working group has finished (notes attached). Please write the policy up as a Word document: "
            "scope, what counts as overtime, how it's paid, time off in lieu, and three worked examples with actual "
            f"pay figures. {where}",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        [F("overtime_policy_draft.docx", docx(blocks))],
        links=links,
        plan="Drafting the policy sections and working the examples from the grade rates.",
        done="Draft policy ready, with worked examples: " + " ".join(e.split(": ")[-1] for e in ex),
        calc="\n".join(ex),
        asof=date(2026, 3, 16) + timedelta(days=9 * (v % 7)),
        spans=[("url", links[0].url)] if links else [],
    )


def headcount(rng: random.Random, v: int) -> Case:
    depts = {"Service": 0.34, "Plant": 0.3, "Sales": 0.1, "Office": 0.12, "Projects": 0.08, "IT": 0.06}
    sites = ["Brackwater", "Elmsford", "Corrin Bay", "Tallow Cross", "Marsh Hythe"]
    rows = [["Employee ID", "Department", "Site", "Start date", "Leave date", "FTE"]]
    people = []
    for i in range(rng.randint(480, 520)):
        dpt = rng.choices(list(depts), list(depts.values()))[0]
        site = "Brackwater" if dpt == "Plant" else rng.choice(sites)
        start = date(2026, 3, 31) - timedelta(days=int(rng.expovariate(1 / 1900)) + 3)
        if start < date(2001, 1, 1):
            start = date(2001, 1, 1) + timedelta(days=i)
        leave = date(2026, 3, 31) - timedelta(days=rng.randint(0, 720)) if rng.random() < 0.2 else None
        if leave and leave < start + timedelta(days=30):
            leave = None
        fte = rng.choices([1.0, 0.8, 0.6, 0.5], [80, 10, 6, 4])[0]
        people.append((dpt, site, start, leave, fte))
        rows.append([f"E{10000 + i * 3}", dpt, site, start.isoformat(), leave.isoformat() if leave else "", fte])
    at, year_ago = date(2026, 3, 31), date(2025, 3, 31)
    active = [p for p in people if p[3] is None]
    start_hc = sum(1 for p in people if p[2] <= year_ago and (p[3] is None or p[3] > year_ago))
    leavers = sum(1 for p in people if p[3] and year_ago < p[3] <= at)
    starters = sum(1 for p in people if year_ago < p[2] <= at)
    turnover = leavers / ((start_hc + len(active)) / 2)
    tenure = sum((at - p[2]).days for p in active) / len(active) / 365.25
    fte = round(sum(p[4] for p in active), 1)
    table = [["Department", "Headcount", "FTE", "Share of headcount"]]
    for dpt in depts:
        sel = [p for p in active if p[0] == dpt]
        table.append([dpt, len(sel), f"{sum(p[4] for p in sel):.1f}", pct(len(sel), len(active))])
    table.append(["Total", len(active), f"{fte:.1f}", "100.0%"])
    by_site = [["Site", "Headcount"]] + [[s, sum(1 for p in active if p[1] == s)] for s in sites]
    facts = [
        f"Headcount at 31 March 2026: {len(active)} ({fte:.1f} FTE).",
        f"Starters in the year: {starters}; leavers: {leavers}; headcount a year earlier: {start_hc}.",
        f"Annual turnover: {100 * turnover:.1f}% (leavers over average headcount).",
        f"Average length of service: {tenure:.2f} years.",
    ]
    if v % 2 == 0:
        out = F(
            "headcount_report_march_2026.md",
            (
                "# Headcount report, 31 March 2026\n\n"
                + "\n".join(f"- {x}" for x in facts)
                + f"\n\n## By department\n\n{md_table(table)}\n\n## By site\n\n{md_table(by_site)}\n"
            ).encode(),
        )
    else:
        out = F(
            "headcount_report_march_2026.html",
            html_page(
                "Headcount report, 31 March 2026",
                [("ul", facts), ("h2", "By department"), ("table", table), ("h2", "By site"), ("table", by_site)],
            ),
        )
    ask = (
        "I need the year-end headcount report from the attached HR export: headcount and FTE by department and by "
        "site at 31 March 2026, starters and leavers over the year, annual turnover (leavers over average "
        "headcount) and average length of service."
    )
    ask = rng.choice(
        [
            ask,
            "From the attached HR export, can you produce the 31 March 2026 headcount report? Headcount and FTE by "
            "department and by site, starters and leavers in the year, turnover as leavers over average headcount, and "
            "average length of service.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("hr_export_2026-03-31.csv", csv_bytes(rows))],
        [out],
        plan="Counting active employees at 31 March and the movements over the year.",
        done=" ".join(facts),
        calc="\n".join(facts),
        asof=date(2026, 4, 2) + timedelta(days=v % 7 * 3),
    )


KIT = {"laptop": 84_999, "phone": 31_249, "ppe": 12_635, "van kit": 141_247, "tool kit": 63_429, "desk setup": 22_815}


def onboarding(rng: random.Random, v: int) -> Case:
    roles = {
        "Service technician": ["phone", "ppe", "van kit", "tool kit"],
        "Plant operative": ["ppe", "tool kit"],
        "Sales executive": ["laptop", "phone"],
        "Planner": ["laptop", "desk setup"],
    }
    people = _names(rng, rng.randint(5, 8))
    monday = date(2026, 5, 4) + timedelta(weeks=v % 3)
    rows = [["Name", "Role", "Site", "Start date"]]
    plan = []
    for p in people:
        r = rng.choice(list(roles))
        site = "Brackwater" if r == "Plant operative" else rng.choice(DEPOTS)
        rows.append([p, r, site, monday.isoformat()])
        plan.append((p, r, site, sum(KIT[k] for k in roles[r])))
    kit = {"prices": {k: amt(p) for k, p in KIT.items()}, "by_role": roles}
    total = sum(x[3] for x in plan)
    by_site: dict[str, int] = defaultdict(int)
    for x in plan:
        by_site[x[2]] += x[3]
    table = [["Starter", "Role", "Site", "Kit", "Kit cost"]]
    table += [[p, r, s, ", ".join(roles[r]), gbp(c)] for p, r, s, c in plan]
    week = [
        "Monday: welcome, IT and building access, health and safety induction",
        "Tuesday: role training with the team lead",
        "Wednesday and Thursday: shadowing on site",
        "Friday: review with the line manager and first objectives",
    ]
    buddy = person(rng, ROLE)
    blocks = [
        ("h1", f"Onboarding plan, starters of {monday.isoformat()}"),
        (
            "p",
            f"{len(plan)} people start on {monday.isoformat()}. Kit to order: {gbp(total)} in total. "
            f"First contact for every starter: {buddy}.",
        ),
        ("h2", "Week one (everyone)"),
        ("bullets", week),
        ("h2", "Kit per starter"),
        ("table", table),
        ("h2", "Kit cost by site"),
        ("table", [["Site", "Kit cost"]] + [[s, gbp(c)] for s, c in sorted(by_site.items())]),
    ]
    atts = [
        F("new_starters_may.csv", csv_bytes(rows)),
        F("kit_prices.json", (json.dumps(kit, indent=2) + "\n").encode()),
    ]
    if v % 2 == 0:
        out = F("onboarding_plan.docx", docx(blocks))
    else:
        out = F(
            "onboarding_plan.md",
            (
                f"# Onboarding plan, starters of {monday.isoformat()}\n\n{blocks[1][1]}\n\n## Week one\n\n"
                + "\n".join(f"- {w}" for w in week)
                + f"\n\n## Kit per starter\n\n{md_table(table)}\n\n## Kit cost by site\n\n"
                + md_table(blocks[-1][1])
                + "\n"
            ).encode(),
        )
    ask = (
        f"Please put together the onboarding plan for the people starting on {monday.isoformat()} (list attached): a "
        "week-one outline, the kit each needs by role with its cost, and the kit cost by site and in total, with "
        f"{buddy} as the first contact for each. Kit prices are in the JSON."
    )
    ask = rng.choice(
        [
            ask,
            f"New starters on {monday.isoformat()} are in the attached list. Please draft their onboarding plan, with "
            f"{buddy} as the first contact for each: week one, the kit each role needs and what it costs, and kit cost "
            "by site and overall (prices in the JSON).",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        [out],
        plan="Looking up each starter's kit by role and costing it.",
        done=f"Plan ready: {len(plan)} starters, kit {gbp(total)} in total.",
        calc=f"total={amt(total)}",
        asof=monday - timedelta(days=12),
        spans=[("name", buddy)],
    )


TEMPLATES = [rota, leave, overtime_policy, headcount, onboarding]
WEB = [overtime_policy]
