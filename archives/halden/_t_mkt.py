"""Marketing asks: email campaign analyses, trade-show plans, a product newsletter, regional market share."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta

from _core import Case, F, Link
from _office import csv_bytes, docx, html_page, md_table, pptx, xlsx
from _world import REGIONS, amt, gbp, n0, pct, pence

ROLE = "marketing"
THEMES = [
    "Spring service check",
    "Combi oven trade-in",
    "Blast chiller launch",
    "School holiday refits",
    "Energy saving guide",
    "Care home kitchens",
    "Extraction safety",
    "Parts same-day",
    "Hotel breakfast rush",
    "Dishwasher water savings",
    "Summer menu prep",
    "Bakery ovens",
]


def campaigns(rng: random.Random, v: int) -> Case:
    rows = [["Campaign", "Sent on", "Sent", "Delivered", "Unique opens", "Unique clicks", "Leads", "Orders", "Revenue"]]
    stats = []
    for i, name in enumerate(rng.sample(THEMES, rng.randint(7, 10))):
        sent = rng.randint(3_800, 14_500)
        delivered = sent - rng.randint(40, int(sent * 0.04))
        opens = round(delivered * rng.uniform(0.18, 0.41))
        clicks = round(opens * rng.uniform(0.06, 0.22))
        leads = round(clicks * rng.uniform(0.08, 0.3))
        orders = round(leads * rng.uniform(0.1, 0.45))
        revenue = sum(pence(rng, 900, 6_000) for _ in range(orders))
        when = (date(2026, 1, 6) + timedelta(days=11 * i)).isoformat()
        stats.append((name, delivered, opens, clicks, leads, orders, revenue, sent))
        rows.append([name, when, sent, delivered, opens, clicks, leads, orders, amt(revenue)])
    table = [
        ["Campaign", "Open rate", "Click rate", "Click-to-open", "Leads per thousand delivered", "Revenue per email"]
    ]
    for name, d, o, c, ld, _or, rev, _s in stats:
        table.append([name, pct(o, d), pct(c, d, 2), pct(c, o), f"{1000 * ld / d:.2f}", f"£{rev / d / 100:.3f}"])
    td, to, tc = sum(s[1] for s in stats), sum(s[2] for s in stats), sum(s[3] for s in stats)
    tl, trev = sum(s[4] for s in stats), sum(s[6] for s in stats)
    table.append(["All", pct(to, td), pct(tc, td, 2), pct(tc, to), f"{1000 * tl / td:.2f}", f"£{trev / td / 100:.3f}"])
    best = max(stats, key=lambda s: s[6] / s[1])
    worst = min(stats, key=lambda s: s[2] / s[1])
    notes = [
        f"{len(stats)} campaigns, {n0(td)} emails delivered, {n0(tl)} leads and {gbp(trev)} of attributed revenue.",
        f"Best revenue per email: {best[0]} (£{best[6] / best[1] / 100:.3f}).",
        f"Lowest open rate: {worst[0]} ({pct(worst[2], worst[1])}); its subject line is worth testing again.",
    ]
    f = F("email_campaigns_h1.csv", csv_bytes(rows))
    if v % 2 == 0:
        out = F(
            "campaign_analysis.md",
            (
                "# Email campaign analysis\n\n" + "\n".join(f"- {n}" for n in notes) + f"\n\n{md_table(table)}\n"
            ).encode(),
        )
        fmt = "a markdown summary"
    else:
        out = F("campaign_analysis.xlsx", xlsx([("Rates", table), ("Notes", [["Note"]] + [[n] for n in notes])]))
        fmt = "a spreadsheet"
    ask = (
        "Can you analyse the attached email campaign results? Open rate and click rate on delivered emails, "
        "click-to-open, leads per thousand delivered and revenue per delivered email for each campaign and overall, "
        f"and call out the best and weakest. {fmt.capitalize()} please."
    )
    ask = rng.choice(
        [
            ask,
            "How did this half's email campaigns do? Results attached. For each campaign and in total: open rate and "
            "click rate on delivered, click-to-open, leads per thousand delivered and revenue per delivered email, "
            f"with the strongest and weakest called out. {fmt.capitalize()}.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [f],
        [out],
        plan="Computing the rates per campaign on delivered emails.",
        done=notes[0],
        calc="\n".join(notes),
        asof=date(2026, 4, 15) + timedelta(days=v % 7 * 4),
        ambiguity=("Should the rates be on sent or delivered emails?", "Delivered."),
    )


def trade_show(rng: random.Random, v: int) -> Case:
    shows = []
    for name, city in rng.sample(
        [
            ("CaterTech North", "Brackwater"),
            ("Hospitality Kitchen Expo", "Elmsford"),
            ("Schools Catering Live", "Corrin Bay"),
            ("FoodService Build", "Tallow Cross"),
        ],
        3,
    ):
        shows.append(
            {
                "show": name,
                "venue_town": city,
                "days": rng.choice([2, 3]),
                "stand_rate_per_m2": amt(pence(rng, 280, 460)),
                "stand_m2": rng.choice([18, 24, 30, 36]),
                "shell_and_build": amt(pence(rng, 2_400, 7_800)),
                "expected_visitors": rng.randint(3_500, 11_000),
                "stand_visit_rate_pct": rng.choice([2.5, 3.0, 3.5, 4.0, 4.5]),
            }
        )
    staff, per_day = rng.choice([3, 4, 5]), pence(rng, 160, 240)
    budget = pence(rng, 24_000, 40_000)
    brief = (
        f"Events budget for the autumn show: {gbp(budget)} all in.\nStaff on the stand: {staff} people for every "
        f"show day; travel, hotel and subsistence {gbp(per_day)} per person per day.\nLead = a stand visitor whose "
        "details we capture.\n"
    )
    rows = [["Show", "Stand", "Build", "Staff", "Total cost", "Expected leads", "Cost per lead", "Within budget"]]
    costed = []
    for s in shows:
        stand = round(float(s["stand_rate_per_m2"]) * 100) * s["stand_m2"]
        build = round(float(s["shell_and_build"]) * 100)
        people = staff * s["days"] * per_day
        total = stand + build + people
        leads = round(s["expected_visitors"] * s["stand_visit_rate_pct"] / 100)
        costed.append((s["show"], total, leads))
        rows.append(
            [
                s["show"],
                gbp(stand),
                gbp(build),
                gbp(people),
                gbp(total),
                leads,
                gbp(round(total / leads)),
                "yes" if total <= budget else "no",
            ]
        )
    ok = [c for c in costed if c[1] <= budget] or costed
    pick = min(ok, key=lambda c: c[1] / c[2])
    blocks = [
        ("h1", "Autumn trade show: options and plan"),
        (
            "p",
            f"Recommendation: {pick[0]}, {gbp(pick[1])} all in for about {pick[2]} leads "
            f"({gbp(round(pick[1] / pick[2]))} per lead), leaving {gbp(budget - pick[1])} of the budget.",
        ),
        ("table", rows),
        ("h2", "Plan"),
        (
            "bullets",
            [
                f"Book the stand as soon as the budget is approved; {staff} people on every show day.",
                "Lead capture on tablets, synced to the CRM each evening.",
                "Demo: HK-C10 combi oven and HK-BC20 blast chiller running live.",
            ],
        ),
    ]
    ask = (
        "Please compare the three autumn trade shows in the attached JSON and write up a plan (Word): for each show "
        "the stand cost (rate per m² times size), build, staff costs from the brief, total, expected leads and cost "
        "per lead; then recommend the best value within budget. The events brief is attached too."
    )
    ask = rng.choice(
        [
            ask,
            "We have to pick one autumn trade show. Options are in the attached JSON and the budget and staffing are "
            "in the events brief. Can you cost each (stand at rate per m² times size, build, staff), estimate leads "
            "and cost per lead, and recommend the best value that fits the budget? Word document please.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [
            F("trade_show_options.json", (json.dumps(shows, indent=2) + "\n").encode()),
            F("events_brief.txt", brief.encode()),
        ],
        [F("autumn_show_plan.docx", docx(blocks))],
        plan="Costing each show and estimating leads from visitors.",
        done=blocks[1][1],
        calc="\n".join(f"{c[0]}: {amt(c[1])} / {c[2]} leads" for c in costed),
        asof=date(2026, 5, 11) + timedelta(days=v % 7 * 3),
    )


def newsletter(rng: random.Random, v: int, web: bool = False) -> Case:
    progs = [
        "Roast chicken",
        "Steam vegetables",
        "Bake bread",
        "Regenerate plated",
        "Overnight cook",
        "Fish en papillote",
    ]
    rows = [["Programme", "HK-C10 (2019) kWh", "HK-C10 Eco kWh"]]
    pairs = []
    for p in progs:
        old = round(rng.uniform(3.2, 9.8), 2)
        new = round(old * rng.uniform(0.7, 0.86), 2)
        pairs.append((p, old, new))
        rows.append([p, f"{old:.2f}", f"{new:.2f}"])
    cycles, trading = rng.choice([5, 6, 8]), rng.choice([300, 310, 340])
    rate = 24.87 if web else rng.choice([26.13, 22.59, 25.41])
    brief = (
        f"Newsletter item: the new HK-C10 Eco. Use the lab results attached. For the yearly figures assume a "
        f"typical kitchen runs {cycles} cycles a day on {trading} trading days.\n"
    )
    atts, links = [F("c10_eco_lab_results.csv", csv_bytes(rows)), F("newsletter_brief.txt", brief.encode())], []
    tariff = html_page(
        "Business electricity: typical unit rates 2026",
        [("p", f"Average fixed-term business unit rate from April 2026: {rate}p per kWh.")],
    )
    if web:
        url = "https://www.tariffwatch.example/business-electricity-2026"
        links = [Link(url, tariff)]
        where = f"Price the saving at the business electricity rate on {url}."
    else:
        atts.append(F("business_tariff_2026.html", tariff))
        where = "Price the saving at the business electricity rate in the attached tariff page."
    old_avg = sum(p[1] for p in pairs) / len(pairs)
    new_avg = sum(p[2] for p in pairs) / len(pairs)
    saving = (old_avg - new_avg) * cycles * trading
    pounds = saving * rate / 100
    table = [["Programme", "Before (kWh)", "Eco (kWh)", "Saving"]]
    table += [[p, f"{o:.2f}", f"{n:.2f}", pct(o - n, o)] for p, o, n in pairs]
    page = html_page(
        "The new HK-C10 Eco: same food, less power",
        [
            (
                "p",
                f"In our lab the HK-C10 Eco used {pct(old_avg - new_avg, old_avg)} less electricity than the 2019 "
                f"model across six everyday programmes: {new_avg:.2f} kWh a cycle on average instead of {old_avg:.2f}.",
            ),
            (
                "p",
                f"A kitchen running {cycles} cycles a day on {trading} trading days saves about {n0(saving)} kWh a "
                f"year, roughly £{n0(pounds)} at {rate}p per kWh.",
            ),
            ("table", table),
            ("p", "Ask your Halden account manager about trade-in terms for older combi ovens."),
        ],
    )
    ask = (
        "Could you write the customer newsletter piece on the HK-C10 Eco as an HTML snippet page? Lab results and the "
        f"brief are attached. {where} Include the saving on the average cycle in %, the yearly kWh and £ saving for a "
        "typical kitchen, and a small table per programme."
    )
    ask = rng.choice(
        [
            ask,
            "Next newsletter: a short piece on the HK-C10 Eco, as an HTML page I can paste from. Lab results and the "
            f"brief are attached. {where} I want the % saving on the average cycle, what a typical kitchen saves a "
            "year in kWh and £, and a small table by programme.",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        [F("newsletter_c10_eco.html", page)],
        links=links,
        plan="Averaging the lab results and scaling them to a year.",
        done=f"Newsletter piece ready: {pct(old_avg - new_avg, old_avg)} less energy, about £{n0(pounds)} a year.",
        calc=f"old={old_avg:.3f} new={new_avg:.3f} kwh_year={saving:.0f}",
        spans=[("url", links[0].url)] if links else [],
        asof=date(2026, 3, 18) + timedelta(days=v % 7 * 12),
    )


def market_share(rng: random.Random, v: int) -> Case:
    qs = ["2025 Q1", "2025 Q2", "2025 Q3", "2025 Q4", "2026 Q1"]
    rows = [["Region", "Quarter", "Halden units", "Market units"]]
    data = {}
    for r in REGIONS:
        share = rng.uniform(0.08, 0.26)
        for q in qs:
            market = rng.randint(900, 3_400)
            ours = round(market * share * rng.uniform(0.9, 1.12))
            share *= rng.uniform(0.98, 1.05)
            data[(r, q)] = (ours, market)
            rows.append([r, q, ours, market])
    table = [["Region", "Share 2025 Q1", "Share 2026 Q1", "Change (points)", "Halden units 2026 Q1"]]
    for r in REGIONS:
        a, b = data[(r, qs[0])], data[(r, qs[-1])]
        table.append([r, pct(*a), pct(*b), f"{100 * (b[0] / b[1] - a[0] / a[1]):+.1f}", b[0]])
    tot = [sum(data[(r, q)][k] for r in REGIONS) for q in (qs[0], qs[-1]) for k in (0, 1)]
    table.append(
        [
            "All regions",
            pct(tot[0], tot[1]),
            pct(tot[2], tot[3]),
            f"{100 * (tot[2] / tot[3] - tot[0] / tot[1]):+.1f}",
            tot[2],
        ]
    )
    year = [sum(data[(r, q)][0] for r in REGIONS for q in qs[1:])]
    lines = [
        f"National share {pct(tot[2], tot[3])} in 2026 Q1, from {pct(tot[0], tot[1])} a year earlier.",
        f"{year[0]:,} Halden units over the last four quarters.",
        f"Strongest region: {max(REGIONS, key=lambda r: data[(r, qs[-1])][0] / data[(r, qs[-1])][1])}.",
    ]
    f = F("regional_units_market.csv", csv_bytes(rows))
    if v % 2 == 0:
        out = F(
            "market_share_regions.pptx",
            pptx("Market share by region", "2025 Q1 to 2026 Q1", [("Headlines", lines), ("Share by region", table)]),
        )
        fmt = "a couple of slides"
    else:
        out = F("market_share_regions.html", html_page("Market share by region", [("ul", lines), ("table", table)]))
        fmt = "an HTML page"
    ask = (
        "From the attached regional unit sales and the trade association's market estimates, work out our market "
        "share per region in 2026 Q1 against 2025 Q1, the change in points, the national share and our units over "
        f"the last four quarters. {fmt.capitalize()} for the marketing meeting."
    )
    ask = rng.choice(
        [
            ask,
            "Regional market share please, from the attached file (our units and the trade association's market "
            "estimates): share per region in 2026 Q1 and 2025 Q1, the change in points, national share, and our units "
            f"over the last four quarters. {fmt.capitalize()}.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [f],
        [out],
        plan="Dividing our units by the market estimate per region and quarter.",
        done=lines[0],
        calc="\n".join(lines),
        asof=date(2026, 4, 22) + timedelta(days=v % 7 * 5),
    )


TEMPLATES = [campaigns, trade_show, newsletter, market_share]
WEB = [newsletter]
