"""Executive asks: board briefings, decision memos, one-page summaries of long reports, board decks."""

from __future__ import annotations

import random
import textwrap
from datetime import date, timedelta

from _core import Case, F, Link
from _office import csv_bytes, docx, html_page, md_table, pdf, pptx, xlsx
from _world import amt, fnum, gbp, pct, pence, person

ROLE = "executive"
LINES = ["Equipment sales", "Installation", "Service contracts", "Parts"]


def briefing(rng: random.Random, v: int) -> Case:
    rows = [["Month", "Business line", "Revenue", "Gross margin"]]
    data = {}
    for y in (2025, 2026):
        for m in (1, 2, 3):
            for ln in LINES:
                base = {
                    "Equipment sales": 1_900_000,
                    "Installation": 420_000,
                    "Service contracts": 610_000,
                    "Parts": 260_000,
                }[ln]
                r = pence(rng, int(base * 0.85), int(base * 1.1))
                r += rng.randint(0, int(base * 0.18)) * 100 if y == 2026 else 0
                gm = round(r * rng.uniform(0.22, 0.46)) // 10 * 10 + rng.randint(1, 9)
                data[(y, m, ln)] = (r, gm)
                rows.append([f"{y}-{m:02d}", ln, fnum(r), fnum(gm)])
    q = {(y, ln): [sum(data[(y, m, ln)][k] for m in (1, 2, 3)) for k in (0, 1)] for y in (2025, 2026) for ln in LINES}
    r25, r26 = sum(q[(2025, ln)][0] for ln in LINES), sum(q[(2026, ln)][0] for ln in LINES)
    g25, g26 = sum(q[(2025, ln)][1] for ln in LINES), sum(q[(2026, ln)][1] for ln in LINES)
    table = [["Business line", "Q1 2026 revenue", "Change on Q1 2025", "Gross margin %"]]
    table += [
        [
            ln,
            gbp(q[(2026, ln)][0]),
            pct(q[(2026, ln)][0] - q[(2025, ln)][0], q[(2025, ln)][0]),
            pct(q[(2026, ln)][1], q[(2026, ln)][0]),
        ]
        for ln in LINES
    ]
    table.append(["Total", gbp(r26), pct(r26 - r25, r25), pct(g26, r26)])
    best = max(LINES, key=lambda ln: q[(2026, ln)][0] / q[(2025, ln)][0])
    heads = [
        f"Q1 2026 revenue was {gbp(r26)}, {pct(r26 - r25, r25)} up on Q1 2025 ({gbp(r25)}).",
        f"Gross margin {pct(g26, r26)} against {pct(g25, r25)} a year earlier; gross profit {gbp(g26)}.",
        f"Fastest growing line: {best} ({pct(q[(2026, best)][0] - q[(2025, best)][0], q[(2025, best)][0])}).",
    ]
    chair = person(rng, ROLE)
    blocks = [
        ("h1", "Board briefing: Q1 2026 trading"),
        ("p", f"Prepared for {chair}."),
        ("bullets", heads),
        ("h2", "By business line"),
        ("table", table),
        ("p", "Figures are from the monthly management accounts; gross margin is revenue less cost of sales."),
    ]
    ask = (
        f"Please write a one-page board briefing on Q1 2026 trading from the attached KPI workbook. The briefing is "
        f"for {chair} to read before the April board meeting, so lead with three headlines: revenue against Q1 2025, "
        "gross margin, and the fastest-growing business line, then a table by line. Word document."
    )
    ask = rng.choice(
        [
            ask,
            f"Could you prepare the Q1 2026 trading briefing for {chair} to read before the April board meeting? Use "
            "the attached KPI workbook: three headlines (revenue against Q1 2025, gross margin, fastest-growing "
            "business line) and a table by line, one page, Word.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("kpi_monthly_2025_2026.xlsx", xlsx([("KPIs", rows)]))],
        [F("board_briefing_q1_2026.docx", docx(blocks))],
        plan="Summing Q1 by year and business line.",
        done=" ".join(heads),
        calc="\n".join(heads),
        spans=[("name", chair)],
        asof=date(2026, 4, 8) + timedelta(days=v % 7 * 2),
    )


def decision(rng: random.Random, v: int, web: bool = False) -> Case:
    rent_a, rise = pence(rng, 38_000, 46_000), 3
    dilaps = pence(rng, 12_000, 26_000)
    rent_b, service_b = pence(rng, 41_000, 52_000), pence(rng, 3_000, 6_500)
    fit_b, move_b = pence(rng, 24_000, 60_000), pence(rng, 6_000, 14_000)
    once_c, miles_c = pence(rng, 40_000, 85_000), pence(rng, 14_000, 30_000)
    unit = (7, 9, 12, 14)[v % 4]
    options = (
        f"# Corrin Bay depot: options for when the lease ends\n\nA. Stay at Unit 4, Harbour Road. Rent "
        f"{gbp(rent_a)} a year, rising {rise}% a year from year 2. Dilapidations at the end of the lease estimated "
        f"at {gbp(dilaps)}.\n\nB. Move to Unit {unit}, Quay Park (see the letting particulars). Fit-out "
        f"{gbp(fit_b)}, moving costs {gbp(move_b)}.\n\nC. Close Corrin Bay and serve its customers from Tallow "
        f"Cross. One-off cost {gbp(once_c)} (relocation and redundancy); extra travel {gbp(miles_c)} a year; no "
        "rent.\n\nCompare over five years, costs only, no discounting.\n"
    )
    listing = html_page(
        f"Unit {unit}, Quay Park, Corrin Bay",
        [
            ("p", "Modern warehouse unit with trade counter, 6 parking spaces, available on a 5-year lease."),
            (
                "table",
                [["Term", "Amount"], ["Rent per year", gbp(rent_b)], ["Service charge per year", gbp(service_b)]],
            ),
        ],
    )
    atts, links = [F("corrin_bay_options.md", options.encode())], []
    if web:
        url = f"https://www.quaypark-lettings.example/units/unit-{unit}"
        links = [Link(url, listing)]
        where = f"Unit {unit}'s rent and service charge are on the letting agent's page, {url}."
    else:
        atts.append(F(f"unit{unit}_particulars.html", listing))
        where = f"The letting particulars for Unit {unit} are attached."
    a = sum(round(rent_a * (1 + rise / 100) ** k) for k in range(5)) + dilaps
    b = 5 * (rent_b + service_b) + fit_b + move_b
    c = once_c + 5 * miles_c
    costs = {"A. Stay at Unit 4": a, f"B. Move to Unit {unit}": b, "C. Serve from Tallow Cross": c}
    best = min(costs, key=lambda k: costs[k])
    second = sorted(costs.values())[1]
    table = [["Option", "Five-year cost", "Against cheapest"]]
    table += [[k, gbp(x), gbp(x - costs[best]) if x != costs[best] else "cheapest"] for k, x in costs.items()]
    memo = (
        f"# Decision memo: Corrin Bay depot\n\n**Recommendation:** {best}, at {gbp(costs[best])} over five years, "
        f"{gbp(second - costs[best])} less than the next option.\n\n{md_table(table)}\n\n## How the costs are built\n\n"
        f"- A: rent {gbp(rent_a)} rising {rise}% a year for five years, plus dilapidations {gbp(dilaps)}.\n"
        f"- B: rent and service charge {gbp(rent_b + service_b)} a year for five years, plus fit-out and moving "
        f"({gbp(fit_b + move_b)}).\n- C: one-off {gbp(once_c)} plus extra travel for five years.\n\n"
        "Costs only; the service impact of option C on Corrin Bay customers is not priced here.\n"
    )
    ask = (
        "Can you write a decision memo on the Corrin Bay depot options (attached)? Five-year cost of each option, "
        f"a ranking and a clear recommendation. {where} Markdown please."
    )
    ask = rng.choice(
        [
            ask,
            "We need to decide what happens to Corrin Bay when the lease ends. The options are in the attached note. "
            f"{where} Please cost each over five years, rank them and recommend one, as a markdown memo for the exec "
            "team.",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        [F("decision_memo_corrin_bay.md", memo.encode())],
        links=links,
        plan="Costing each option over five years from the figures given.",
        done=f"Memo ready: recommend {best} ({gbp(costs[best])} over five years).",
        calc="\n".join(f"{k}: {amt(x)}" for k, x in costs.items()),
        spans=[("url", links[0].url)] if links else [],
        asof=date(2026, 3, 12) + timedelta(days=v % 7 * 11),
        ambiguity=("Should the costs be discounted, or simple totals?", "Simple totals."),
    )


def one_pager(rng: random.Random, v: int) -> Case:
    m = ("February", "March", "April", "May")[v % 4]
    jobs, ftf = rng.randint(1_150, 1_650), 0
    ftf = round(jobs * rng.uniform(0.71, 0.88))
    back0, back1 = rng.randint(180, 320), rng.randint(140, 360)
    units, fails = rng.randint(1_900, 2_700), rng.randint(14, 61)
    ot_hours, incidents = rng.randint(1_100, 2_300), rng.randint(0, 4)
    revenue = pence(rng, 3_100_000, 3_900_000)
    paras = [
        ("h1", f"Operations report, {m} 2026"),
        (
            "p",
            f"Service completed {jobs:,} jobs in {m}; {ftf:,} of them were fixed on the first visit. The open-job "
            f"backlog stood at {back0} at the start of the month and {back1} at the end.",
        ),
        (
            "p",
            f"The Brackwater plant built {units:,} units; {fails} failed final test and were reworked before despatch.",
        ),
        (
            "p",
            f"Overtime across service and plant came to {ot_hours:,} hours. There were {incidents} reportable safety "
            "incidents.",
        ),
        ("p", f"Revenue for the month was {gbp(revenue)} (management accounts, unaudited)."),
        ("h2", "Depot notes"),
        (
            "p",
            "Corrin Bay continued to run short of two technicians. Tallow Cross trialled Saturday earlies. Marsh Hythe "
            "received its second van.",
        ),
        ("h2", "Plant notes"),
        ("p", "The new door-seal jig went live mid-month. Compressor deliveries from Varga were on time throughout."),
    ]
    rate = pct(ftf, jobs)
    per_k = f"{1000 * fails / units:.1f}"
    facts = [
        f"First-time fix rate: {rate} ({ftf:,} of {jobs:,} jobs).",
        f"Backlog: {back0} to {back1} open jobs ({'+' if back1 >= back0 else ''}{pct(back1 - back0, back0)}).",
        f"Final-test failures: {per_k} per thousand units built ({fails} of {units:,}).",
        f"Overtime: {ot_hours / jobs:.2f} hours per job completed.",
        f"Revenue per job: {gbp(round(revenue / jobs))}.",
    ]
    md = (
        f"# {m} 2026 operations on one page\n\n"
        + "\n".join(f"- {x}" for x in facts)
        + (f"\n\nAlso: {incidents} reportable safety incidents; Corrin Bay still two technicians short.\n")
    )
    fmt = rng.choice(["Markdown is fine.", "Plain markdown, bullets."])
    ask = (
        f"Could you summarise the attached {m} operations report on one page for the leadership team? I want the "
        "ratios rather than the raw counts: first-time fix rate, backlog change in %, final-test failures per "
        f"thousand units, overtime hours per job and revenue per job. {fmt}"
    )
    ask = rng.choice(
        [
            ask,
            f"The {m} operations report is attached and nobody will read all of it. One page for leadership, please, "
            "in ratios: first-time fix rate, % change in the backlog, final-test failures per thousand units, overtime "
            f"hours per job and revenue per job. {fmt}",
        ]
    )
    if v % 2:
        report = F(
            f"operations_report_{m.lower()}_2026.pdf",
            pdf(
                [
                    line
                    for kind, text in paras
                    for line in ([text.upper(), ""] if kind != "p" else [*textwrap.wrap(text, 96), ""])
                ]
            ),
        )
    else:
        report = F(f"operations_report_{m.lower()}_2026.docx", docx(paras))
    return Case(
        ROLE,
        ask,
        [report],
        [F(f"ops_one_pager_{m.lower()}.md", md.encode())],
        plan="Reading the report and working out the ratios.",
        done=" ".join(facts[:2]),
        calc="\n".join(facts),
        asof=date(2026, 3 + v % 4, 6) if v % 4 < 3 else date(2026, 5, 27),
    )


def board_deck(rng: random.Random, v: int) -> Case:
    qs = ["2024 Q2", "2024 Q3", "2024 Q4", "2025 Q1", "2025 Q2", "2025 Q3", "2025 Q4", "2026 Q1"]
    rows = [["Quarter", "Revenue", "Cost of sales", "Overheads"]]
    data = []
    rev = pence(rng, 8_400_000, 9_600_000)
    for q in qs:
        rev = round(rev * rng.uniform(0.97, 1.07)) // 10 * 10 + rng.randint(1, 9)
        cos = round(rev * rng.uniform(0.6, 0.68)) // 10 * 10 + rng.randint(1, 9)
        ovh = pence(rng, 1_900_000, 2_300_000)
        data.append((q, rev, cos, ovh))
        rows.append([q, amt(rev), amt(cos), amt(ovh)])
    ebitda = [(q, r, r - c - o) for q, r, c, o in data]
    last, year_ago = ebitda[-1], ebitda[-5]
    fy = lambda k: sum(x[k] for x in ebitda[-4:])  # noqa: E731
    prev = lambda k: sum(x[k] for x in ebitda[:4])  # noqa: E731
    table = [["Quarter", "Revenue", "EBITDA", "EBITDA margin"]] + [
        [q, gbp(r), gbp(e), pct(e, r)] for q, r, e in ebitda[-4:]
    ]
    deck = pptx(
        "Trading update for the board",
        "Four quarters to 31 March 2026",
        [
            (
                "Headlines",
                [
                    f"Revenue {gbp(fy(1))} over the last four quarters "
                    f"({pct(fy(1) - prev(1), prev(1))} on the four before)",
                    f"EBITDA {gbp(fy(2))}, margin {pct(fy(2), fy(1))}",
                    f"2026 Q1 revenue {pct(last[1] - year_ago[1], year_ago[1])} on 2025 Q1",
                ],
            ),
            ("Quarter by quarter", table),
            ("Points for discussion", ["Cost of sales share of revenue", "Overheads against plan"]),
        ],
    )
    ask = (
        "I need three or four slides for the board from the attached quarterly P&L: revenue and EBITDA (revenue less "
        "cost of sales and overheads) for the last four quarters with the margin, the total against the four quarters "
        "before, and 2026 Q1 against 2025 Q1."
    )
    ask = rng.choice(
        [
            ask,
            "Board slides please, three or four, from the quarterly P&L attached: for the last four quarters revenue "
            "and EBITDA (revenue less cost of sales and overheads) with the margin, the four-quarter total against the "
            "four quarters before, and 2026 Q1 against 2025 Q1.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("quarterly_pnl.csv", csv_bytes(rows))],
        [F("board_trading_update.pptx", deck)],
        plan="Working out EBITDA and margins per quarter.",
        done=f"Deck ready: EBITDA {gbp(fy(2))} over four quarters.",
        calc="\n".join(f"{q} {amt(e)}" for q, _r, e in ebitda),
        asof=date(2026, 4, 20) + timedelta(days=v % 7 * 5),
    )


TEMPLATES = [briefing, decision, one_pager, board_deck]
WEB = [decision]
