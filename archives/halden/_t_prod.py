"""Product and project asks: status reports from trackers, schedules from work packages, a product spec from
survey results, a project budget deck."""

from __future__ import annotations

import json
import random
from collections import Counter
from datetime import date, timedelta

from _core import Case, F
from _office import csv_bytes, docx, html_page, md_table, pptx, xlsx
from _world import amt, fnum, gbp, pct, pence, person

ROLE = "product_project"
PROJECTS = ["Tallow Cross depot move", "Controller v3", "Field service app", "Plant line 2 upgrade", "ERP cut-over"]


def _workday(d: date, n: int) -> date:
    while n > 0:
        d += timedelta(days=1)
        n -= d.weekday() < 5
    return d


def status(rng: random.Random, v: int) -> Case:
    project = PROJECTS[v % len(PROJECTS)]
    asof = date(2026, 3, 20) + timedelta(days=v % 7 * 9)
    while asof.weekday() > 4:
        asof += timedelta(days=1)
    streams = rng.sample(["Design", "Build", "Testing", "Training", "Data migration", "Procurement", "Site works"], 4)
    owners = rng.sample(
        ["Amara Dunmore", "Bram Carrow", "Celia Jessop", "Dev Lowther", "Elin Stobart", "Nils Eskel"], 4
    )
    rows = [["Workstream", "Task", "Owner", "Status", "Estimate h", "Spent h", "Due"]]
    tasks = []
    for i in range(rng.randint(24, 34)):
        ws = rng.choice(streams)
        est = rng.choice([8, 12, 16, 24, 32, 40, 60, 80])
        st = rng.choices(["Done", "In progress", "Not started"], [50, 30, 20])[0]
        spent = 0 if st == "Not started" else round(est * rng.uniform(0.3 if st != "Done" else 0.8, 1.4))
        due = asof + timedelta(days=rng.randint(-25, 40))
        tasks.append((ws, st, est, spent, due))
        rows.append([ws, f"T{100 + i} {ws.lower()} item {i + 1}", rng.choice(owners), st, est, spent, due.isoformat()])
    table = [
        [
            "Workstream",
            "Tasks done",
            "Complete (by estimate)",
            "Spent h",
            "Done tasks: spent vs estimate",
            "Overdue",
            "RAG",
        ]
    ]
    for ws in streams:
        sel = [t for t in tasks if t[0] == ws]
        done = [t for t in sel if t[1] == "Done"]
        est_all, est_done = sum(t[2] for t in sel), sum(t[2] for t in done)
        over = sum(t[3] for t in done) - est_done
        overdue = sum(1 for t in sel if t[1] != "Done" and t[4] < asof)
        rag = "Red" if overdue else "Amber" if est_done and over > 0.1 * est_done else "Green"
        table.append(
            [
                ws,
                f"{len(done)}/{len(sel)}",
                pct(est_done, est_all),
                sum(t[3] for t in sel),
                pct(over, est_done) if est_done else "n/a",
                overdue,
                rag,
            ]
        )
    est_t = sum(t[2] for t in tasks)
    done_t = sum(t[2] for t in tasks if t[1] == "Done")
    spent_t = sum(t[3] for t in tasks)
    late = sum(1 for t in tasks if t[1] != "Done" and t[4] < asof)
    head = (
        f"{project}, status at {asof.isoformat()}: {pct(done_t, est_t)} complete by estimated hours ({done_t} of "
        f"{est_t} h); {spent_t} h spent so far; {late} tasks overdue."
    )
    if v % 2 == 0:
        out = F("status_report.md", f"# Status report\n\n{head}\n\n{md_table(table)}\n".encode())
    else:
        out = F("status_report.html", html_page(f"Status report: {project}", [("p", head), ("table", table)]))
    ask = (
        f"Status report for {project} please, from the attached tracker export, as at {asof.isoformat()}. Per "
        "workstream: tasks done, % complete by estimated hours, hours spent, how far finished tasks ran over their "
        "estimates, overdue tasks, and a RAG (red if anything is overdue, amber if finished work ran more than 10% "
        f"over estimate, otherwise green). {'Markdown' if v % 2 == 0 else 'HTML for the project page'}."
    )
    ask = rng.choice(
        [
            ask,
            f"Can you pull the {project} status together from the tracker export (attached), as at {asof.isoformat()}? "
            "By workstream I need tasks done, % complete on estimated hours, hours spent, overrun on finished tasks, "
            "overdue tasks and a RAG: red when anything is overdue, amber when finished work is more than 10% over its "
            f"estimate, green otherwise. {'Markdown' if v % 2 == 0 else 'HTML for the project page'}.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("tracker_export.csv", csv_bytes(rows))],
        [out],
        plan="Rolling the tracker up by workstream.",
        done=head,
        calc=head,
        asof=asof,
        channel="group" if v % 2 else "private",
        follow=["And put the overall % complete and hours at the top."] if v % 3 == 1 else [],
    )


def schedule(rng: random.Random, v: int) -> Case:
    names = [
        "Survey",
        "Design sign-off",
        "Order equipment",
        "Strip out",
        "First fix",
        "Install equipment",
        "Commissioning",
        "Staff training",
        "Handover",
    ]
    wps, start = [], date(2026, 5, 4) + timedelta(weeks=v % 3)
    for i, n in enumerate(names):
        deps = [names[i - 1]] if i else []
        if n == "Install equipment":
            deps = ["First fix", "Order equipment"]
        if n == "First fix":
            deps = ["Strip out"]
        if n == "Strip out":
            deps = ["Design sign-off"]
        wps.append(
            {
                "id": f"WP{i + 1}",
                "name": n,
                "days": rng.randint(2, 12) if n != "Order equipment" else rng.randint(15, 25),
                "people": rng.randint(1, 4),
                "depends_on": deps,
            }
        )
    rate = pence(rng, 380, 460)
    site = rng.choice(
        ["Kestrel Schools Trust, Elmsford Academy", "Tidewell Hotels, Corrin Bay", "Marlpit Care Homes, Oakfield"]
    )
    src = {"project": f"Kitchen refit: {site}", "start": start.isoformat(), "day_rate": amt(rate), "work_packages": wps}
    ends: dict[str, date] = {}
    table = [["WP", "Work package", "Start", "End", "Working days", "People", "Person-days", "Cost"]]
    for w in wps:
        begin = max([_workday(ends[d], 1) for d in w["depends_on"]], default=start)
        while begin.weekday() > 4:
            begin += timedelta(days=1)
        end = _workday(begin, w["days"] - 1)
        ends[w["name"]] = end
        table.append(
            [
                w["id"],
                w["name"],
                begin.isoformat(),
                end.isoformat(),
                w["days"],
                w["people"],
                w["days"] * w["people"],
                fnum(w["days"] * w["people"] * rate),
            ]
        )
    pd = sum(r[6] for r in table[1:])
    finish = max(ends.values())
    table.append(["", "Total", start.isoformat(), finish.isoformat(), "", "", pd, fnum(pd * rate)])
    out = (
        F("refit_schedule.xlsx", xlsx([("Schedule", table)]))
        if v % 2 == 0
        else F("refit_schedule.csv", csv_bytes(table))
    )
    ask = (
        "Can you turn the attached work packages into a schedule? Start on the project start date, working days only "
        "(Mon-Fri), each package starting the working day after everything it depends on finishes. I need start and "
        "end dates, person-days and cost at the day rate per package, plus totals and the finish date."
    )
    ask = rng.choice(
        [
            ask,
            "Please schedule the refit from the attached work packages: Monday to Friday only, from the project start "
            "date, each package beginning the working day after all its dependencies end. Per package: start, end, "
            "person-days and cost at the day rate; then totals and the finish date. "
            f"{'Spreadsheet' if v % 2 == 0 else 'CSV'}.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("work_packages.json", (json.dumps(src, indent=2) + "\n").encode())],
        [out],
        plan="Scheduling each package after its dependencies, on working days.",
        done=f"Schedule ready: finishes {finish.isoformat()}, {pd} person-days, {gbp(pd * rate)}.",
        calc=f"finish={finish.isoformat()} person_days={pd}",
        asof=start - timedelta(days=14),
    )


ISSUES = [
    "Menus hard to find",
    "No HACCP log export",
    "Probe alarm too quiet",
    "Cleaning cycle too long",
    "Recipe upload needs USB",
    "Screen hard to read in steam",
]


def spec(rng: random.Random, v: int) -> Case:
    weights = [rng.uniform(0.5, 3) for _ in ISSUES]
    rows = [["Response", "Site type", "Controller rating (1-5)", "Main issue", "Wants remote monitoring"]]
    resp = []
    for i in range(rng.randint(140, 230)):
        site = rng.choice(["School", "Hospital", "Hotel", "Restaurant", "Care home"])
        rating = rng.choices([1, 2, 3, 4, 5], [6, 14, 30, 34, 16])[0]
        issue = rng.choices(ISSUES, weights)[0]
        remote = rng.random() < (0.7 if site in ("Hospital", "Care home") else 0.45)
        resp.append((site, rating, issue, remote))
        rows.append([f"R{i + 1:03d}", site, rating, issue, "yes" if remote else "no"])
    n = len(resp)
    counts = Counter(r[2] for r in resp)
    mean = sum(r[1] for r in resp) / n
    remote = sum(r[3] for r in resp)
    reqs = []
    for k, (issue, c) in enumerate(counts.most_common()):
        prio = "Must" if c / n >= 0.2 else "Should" if c / n >= 0.12 else "Could"
        reqs.append([f"REQ-{k + 1}", issue, c, pct(c, n), prio])
    blocks = [
        ("h1", "Controller v3: requirements specification (draft)"),
        ("h2", "Background"),
        (
            "p",
            f"{n} customers answered the controller survey. The average rating of the current controller is "
            f"{mean:.2f} out of 5; {pct(sum(1 for r in resp if r[1] <= 2), n)} rated it 1 or 2. "
            f"{pct(remote, n)} want remote monitoring.",
        ),
        ("h2", "Requirements by how often the issue was raised"),
        ("table", [["ID", "Issue to solve", "Responses", "Share", "Priority"], *reqs]),
        ("p", "Priority rule: Must when 20% or more of respondents raised it, Should from 12%, otherwise Could."),
        ("h2", "Acceptance"),
        (
            "bullets",
            [
                "Each Must requirement has a usability test with five site chefs.",
                "Remote monitoring works over the existing gateway.",
            ],
        ),
    ]
    ask = (
        "Please draft the controller v3 requirements spec (Word) from the attached survey results: background with "
        "the number of responses, the average rating, the share rating it 1-2 and the share wanting remote "
        "monitoring; then one requirement per issue with how many raised it and its share, prioritised Must (20% or "
        "more), Should (12% or more) or Could."
    )
    ask = rng.choice(
        [
            ask,
            "The controller survey is back (attached). Could you turn it into a draft v3 requirements spec in Word? "
            "Background: responses, average rating, share rating it 1 or 2, share wanting remote monitoring. Then a "
            "requirement per issue with its count and share, priority Must at 20% or more, Should at 12% or more, "
            "else Could.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("controller_survey_results.csv", csv_bytes(rows))],
        [F("controller_v3_spec.docx", docx(blocks))],
        plan="Counting the issues and ratings in the survey.",
        done=blocks[2][1],
        calc=blocks[2][1],
        asof=date(2026, 3, 25) + timedelta(days=v % 7 * 10),
    )


def budget_deck(rng: random.Random, v: int) -> Case:
    project = PROJECTS[(v + 2) % len(PROJECTS)]
    lines = ["Hardware", "Software licences", "Installation", "Training", "Contractors", "Contingency"]
    rows = [["Line", "Budget", "Committed", "Spent", "Estimate to complete"]]
    data = []
    for ln in lines:
        b = pence(rng, 8_000, 120_000)
        spent = round(b * rng.uniform(0.2, 0.8)) // 10 * 10 + rng.randint(1, 9)
        com = round(b * rng.uniform(0.0, 0.25)) // 10 * 10 + rng.randint(1, 9)
        etc = round(b * rng.uniform(0.05, 0.45)) // 10 * 10 + rng.randint(1, 9)
        data.append((ln, b, com, spent, etc))
        rows.append([ln, fnum(b), fnum(com), fnum(spent), fnum(etc)])
    table = [["Line", "Budget", "Spent", "Forecast at completion", "Variance"]]
    tb = tf = ts = 0
    for ln, b, c, s, e in data:
        f = s + c + e
        tb, tf, ts = tb + b, tf + f, ts + s
        table.append([ln, gbp(b), gbp(s), gbp(f), gbp(b - f)])
    table.append(["Total", gbp(tb), gbp(ts), gbp(tf), gbp(tb - tf)])
    worst = min(data, key=lambda d: d[1] - (d[2] + d[3] + d[4]))
    deck = pptx(
        f"{project}: budget position",
        "Steering group",
        [
            (
                "Summary",
                [
                    f"Spent {gbp(ts)} of {gbp(tb)} ({pct(ts, tb)})",
                    f"Forecast at completion {gbp(tf)}: {'under' if tf <= tb else 'over'} budget by "
                    f"{gbp(abs(tb - tf))}",
                    f"Biggest pressure: {worst[0]} ({gbp(worst[2] + worst[3] + worst[4] - worst[1])} against its "
                    "budget)",
                ],
            ),
            ("By budget line", table),
            ("Asks of the steering group", ["Confirm use of contingency", "Approve the next phase"]),
        ],
    )
    owner = person(rng, ROLE)
    ask = (
        f"Can you make a short steering-group deck on the {project} budget from the attached workbook? Spent to date "
        "and % of budget, forecast at completion (spent + committed + estimate to complete), variance per line and "
        f"in total, and the biggest pressure. It goes out under {owner}'s name, so keep it to three or four slides."
    )
    ask = rng.choice(
        [
            ask,
            f"Steering group next week: I need three or four slides on the {project} budget (workbook attached) for "
            f"{owner} to present. Spent and % of budget, forecast at completion as spent + committed + estimate to "
            "complete, variance by line and in total, and the biggest pressure.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("project_budget.xlsx", xlsx([("Budget", rows)]))],
        [F("budget_steering_deck.pptx", deck)],
        plan="Building the forecast at completion for each line.",
        done=f"Deck ready: forecast {gbp(tf)} against budget {gbp(tb)}.",
        calc=f"forecast={amt(tf)} budget={amt(tb)}",
        asof=date(2026, 4, 1) + timedelta(days=v % 7 * 8),
    )


TEMPLATES = [status, schedule, spec, budget_deck]
WEB: list[object] = []
