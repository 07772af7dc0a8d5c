"""Sales and customer service asks: price quotes, complaint replies, account reviews, pipeline summaries, contract
renewals."""

from __future__ import annotations

import json
import random
import textwrap
from collections import defaultdict
from datetime import date, timedelta

from _core import Case, F, Link
from _office import csv_bytes, docx, html_page, md_table, pdf, pptx, xlsx
from _world import CUSTOMERS, PRODUCTS, amt, fnum, gbp, outsider, pct, pence, person

ROLE = "sales_customer"
INSTALL = {code: 9_000 + (i * 7_919) % 41_000 + 7 for i, (code, _n, _p) in enumerate(PRODUCTS)}
DELIVERY = 18_557


def _price_rows() -> list[list[object]]:
    rows: list[list[object]] = [["Code", "Description", "List price", "Installation per unit"]]
    rows += [[c, n, gbp(p), gbp(INSTALL[c])] for c, n, p in PRODUCTS]
    return rows


TERMS = (
    "Volume discount on equipment (not installation): 5% when the equipment total is £20,000 or more, 8% when it "
    f"is £50,000 or more. Delivery {gbp(DELIVERY)} per site. Prices exclude VAT at 20%."
)


def quote(rng: random.Random, v: int, web: bool = False) -> Case:
    customer = rng.choice(CUSTOMERS)[0]
    contact = outsider(rng)
    items = [(c, n, p, rng.randint(1, 6)) for c, n, p in rng.sample(PRODUCTS, rng.randint(3, 5))]
    sites = rng.randint(1, 3)
    request = (
        f"From: {contact}, {customer}\nSubject: Quote request\n\nHello,\n\nWe are refitting kitchens at "
        f"{sites} site{'s' if sites > 1 else ''} and would like a quote for:\n\n"
        + "".join(f"- {q} x {n} ({c})\n" for c, n, _p, q in items)
        + "\nPlease include installation and delivery.\n\nKind regards,\n"
        + contact
        + "\n"
    )
    atts, links = [F("quote_request.txt", request.encode())], []
    if web:
        url = "https://intranet.halden.example/sales/price-list-2026"
        links = [Link(url, html_page("Halden price list 2026", [("table", _price_rows()), ("p", TERMS)]))]
        source = f"Use the current list prices at {url} for this."
    elif v % 2 == 0:
        atts.append(
            F(
                "price_list_2026.pdf",
                pdf(
                    ["Halden Kitchen Systems - price list 2026", ""]
                    + [f"{r[0]}   {r[1]}   {r[2]}   install {r[3]}" for r in _price_rows()[1:]]
                    + ["", *textwrap.wrap(TERMS, 95)]
                ),
            )
        )
        source = "Price list attached."
    else:
        atts.append(F("price_list_2026.xlsx", xlsx([("Prices", _price_rows()), ("Terms", [["Terms"], [TERMS]])])))
        source = "Price list workbook attached."
    equip = sum(p * q for _c, _n, p, q in items)
    rate = 8 if equip >= 5_000_000 else 5 if equip >= 2_000_000 else 0
    disc = round(equip * rate / 100)
    inst = sum(INSTALL[c] * q for c, _n, _p, q in items)
    net = equip - disc + inst + DELIVERY * sites
    vat = round(net * 0.2)
    table = [["Code", "Item", "Qty", "Unit price", "Line total"]]
    table += [[c, n, q, gbp(p), gbp(p * q)] for c, n, p, q in items]
    totals = [
        ["", "Amount"],
        ["Equipment", gbp(equip)],
        [f"Volume discount {rate}%", gbp(-disc)],
        ["Installation", gbp(inst)],
        [f"Delivery ({sites} site{'s' if sites > 1 else ''})", gbp(DELIVERY * sites)],
        ["Total excluding VAT", gbp(net)],
        ["VAT 20%", gbp(vat)],
        ["Total including VAT", gbp(net + vat)],
    ]
    out = F(
        f"quote_{customer.split()[0].lower()}.docx",
        docx(
            [
                ("h1", f"Quotation for {customer}"),
                ("p", f"For the attention of {contact}."),
                ("p", "Thank you for your request. Our prices for the equipment, installation and delivery are below."),
                ("table", table),
                ("table", totals),
                ("p", "This quotation is valid for 30 days."),
            ]
        ),
    )
    ask = (
        f"Please prepare a quote for {customer}: their request is attached. {source} Address the covering letter "
        f"and the quote itself to {contact}, head of catering at {customer}, and apply the volume discount if it "
        "applies. Word document please."
    )
    ask = rng.choice(
        [
            ask,
            f"{customer} want a price for the items in their attached request. {source} Please write the quote as a "
            f"Word document and address the covering letter and the quote itself to {contact}, head of catering at "
            f"{customer}; include installation, delivery and the volume discount if it applies.",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        [out],
        links=links,
        plan="Pricing each line from the list and applying the terms.",
        done=f"Quote ready: equipment {gbp(equip)}, total {gbp(net + vat)} including VAT.",
        calc=f"equipment={amt(equip)} discount={amt(disc)} install={amt(inst)} net={amt(net)} vat={amt(vat)}",
        spans=[("name", contact)] + ([("url", links[0].url)] if links else []),
        asof=date(2026, 3 + v % 3, 9 + v % 15),
        ambiguity=("Should installation be quoted per site or as one figure?", "One figure is fine."),
    )


def _late(promised: date, delivered: date) -> int:
    n, d = 0, promised
    while d < delivered:
        d += timedelta(days=1)
        n += d.weekday() < 5
    return n


def complaint(rng: random.Random, v: int) -> Case:
    customer = rng.choice(CUSTOMERS)[0]
    contact = outsider(rng)
    rows, late = [["Order", "Item", "Value", "Promised", "Delivered"]], []
    for i in range(rng.randint(9, 14)):
        _c, n, p = rng.choice(PRODUCTS)
        value = p * rng.randint(1, 3) + pence(rng, 0, 90)
        promised = date(2026, 3, 2) + timedelta(days=rng.randint(0, 50))
        promised += timedelta(days=(7 - promised.weekday()) % 7 if promised.weekday() > 4 else 0)
        slip = rng.choice([0, 0, 0, 1, 2, 4, 6, 9]) if i % 3 else rng.choice([2, 3, 5])
        delivered = promised + timedelta(days=slip)
        order = f"SO-{71400 + i * 13}"
        rows.append([order, n, amt(value), promised.isoformat(), delivered.isoformat()])
        wd = _late(promised, delivered)
        if wd:
            late.append((order, n, value, wd, round(value * min(wd * 2.5, 10) / 100)))
    credit = sum(x[4] for x in late)
    total_value = sum(x[2] for x in late)
    sla = (
        "# Delivery service level (extract)\n\nWhere we deliver after the promised date, the customer is credited "
        "2.5% of the order value for each working day late, up to a maximum of 10% of that order's value. Credits "
        "are issued as a credit note against the next invoice.\n"
    )
    email = (
        f"From: {contact}\nTo: Halden customer service\n\nSeveral of our recent orders arrived late and our "
        "kitchen teams had to work around missing equipment. I'd like to know which orders were late and what "
        f"you are going to do about it.\n\n{contact}\n{customer}\n"
    )
    atts = [
        F("complaint_email.txt", email.encode()),
        F("delivery_log.csv", csv_bytes(rows)),
        F("delivery_sla.md", sla.encode()),
    ]
    table = [["Order", "Item", "Order value", "Working days late", "Credit"]]
    table += [[o, n, gbp(val), d, gbp(c)] for o, n, val, d, c in late]
    body = (
        f"Dear {contact},\n\nThank you for your message, and I'm sorry for the disruption to your kitchens. "
        f"{len(late)} of your {len(rows) - 1} recent orders arrived after the promised date; together they are "
        f"worth {gbp(total_value)}. Under our delivery service level we credit 2.5% of the order value for each "
        f"working day late, up to 10% per order, which comes to {gbp(credit)} in total "
        f"({pct(credit, total_value)} of the late orders' value):\n\n"
    )
    end = (
        "\n\nThe credit note will be applied to your next invoice. We have also moved your deliveries to our "
        "Elmsford depot's first run of the day.\n\nKind regards,\nHalden customer service\n"
    )
    if v % 3 == 0:
        out = F("reply_late_deliveries.md", (body + md_table(table) + end).encode())
    elif v % 3 == 1:
        out = F(
            "reply_late_deliveries.txt",
            (
                body + "\n".join(f"- {o} {n}: {d} working days late, credit {gbp(c)}" for o, n, _v, d, c in late) + end
            ).encode(),
        )
    else:
        out = F("reply_late_deliveries.docx", docx([("p", body.strip()), ("table", table), ("p", end.strip())]))
    ask = (
        f"Can you draft a reply to {contact} at {customer} about their complaint? Email, our delivery log for their "
        "orders and the SLA extract are attached. Work out which orders were late, by how many working days, and "
        "the credit each is due under the SLA, and put the total in the reply."
    )
    ask = rng.choice(
        [
            ask,
            f"Can you draft a reply to {contact} at {customer}, who has complained about late deliveries? Their email, "
            "the delivery log and our SLA extract are attached. The reply should say which orders were late and by how "
            "many working days, the SLA credit for each, and the total credit.",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        [out],
        plan="Counting working days late per order and applying the SLA credit.",
        done=f"Draft reply ready: {len(late)} late orders, {gbp(credit)} credit in total.",
        calc="\n".join(f"{o} {d}wd credit={amt(c)}" for o, _n, _v, d, c in late),
        spans=[("name", contact)],
        asof=date(2026, 4, 27) + timedelta(days=v % 4 * 7),
        channel="group" if v % 2 else "private",
        quote=(
            person(rng, ROLE),
            f"Can someone pick up the {customer} complaint today? They are unhappy about late deliveries.",
        ),
    )


def account_review(rng: random.Random, v: int) -> Case:
    customer = CUSTOMERS[(v * 5 + 2) % len(CUSTOMERS)][0]
    rows = [["Date", "Order", "Code", "Qty", "Net value"]]
    rev: dict[str, int] = defaultdict(int)
    by_code: dict[str, int] = defaultdict(int)
    start, n = date(2024, 4, 1), 0
    growth = rng.uniform(0.9, 1.35)
    for k in range(24):
        for _ in range(rng.randint(1, 4)):
            n += 1
            c, _nm, p = rng.choice(PRODUCTS)
            q = rng.randint(1, 3)
            value = round(p * q * (growth if k >= 12 else 1.0) * rng.uniform(0.9, 1.0)) // 10 * 10 + rng.randint(1, 9)
            d = date(start.year + (start.month + k - 1) // 12, (start.month + k - 1) % 12 + 1, rng.randint(1, 28))
            rows.append([d.isoformat(), f"SO-{60100 + n * 3}", c, q, amt(value)])
            fy = "FY2025/26" if k >= 12 else "FY2024/25"
            qn = f"{fy} Q{k % 12 // 3 + 1}"
            rev[fy] += value
            rev[qn] += value
            if k >= 12:
                by_code[c] += value
    a, b = rev["FY2024/25"], rev["FY2025/26"]
    top = sorted(by_code, key=lambda c: -by_code[c])[:4]
    names = {c: nm for c, nm, _p in PRODUCTS}
    quarters = [["Quarter", "FY2024/25", "FY2025/26", "Change"]]
    quarters += [
        [
            f"Q{i}",
            gbp(rev[f"FY2024/25 Q{i}"]),
            gbp(rev[f"FY2025/26 Q{i}"]),
            pct(rev[f"FY2025/26 Q{i}"] - rev[f"FY2024/25 Q{i}"], rev[f"FY2024/25 Q{i}"]),
        ]
        for i in range(1, 5)
    ]
    deck = pptx(
        f"{customer}: account review",
        "FY2025/26 (April 2025 to March 2026)",
        [
            (
                "Headlines",
                [
                    f"Revenue {gbp(b)} in FY2025/26, {pct(b - a, a)} on FY2024/25 ({gbp(a)})",
                    f"{sum(1 for r in rows[1:] if r[0] >= '2025-04-01')} orders in the year",
                    f"Top product line: {names[top[0]]} ({pct(by_code[top[0]], b)} of revenue)",
                ],
            ),
            ("Revenue by quarter", quarters),
            (
                "Top product lines FY2025/26",
                [["Code", "Product", "Revenue", "Share"]]
                + [[c, names[c], gbp(by_code[c]), pct(by_code[c], b)] for c in top],
            ),
            (
                "Next steps",
                ["Agree the service-contract renewal before the summer term", "Offer a site survey for the next refit"],
            ),
        ],
    )
    f = F(f"orders_{customer.split()[0].lower()}_24m.csv", csv_bytes(rows))
    ask = (
        f"I'm meeting {customer} next week. Could you build a short account review deck from the attached 24 months "
        "of orders: FY2025/26 revenue against FY2024/25 (our year runs April to March), quarter by quarter, and the "
        "top product lines with their share? Four or five slides."
    )
    ask = rng.choice(
        [
            ask,
            f"Account review with {customer} coming up. From the attached two years of orders, could you make four or "
            "five slides: FY2025/26 against FY2024/25 revenue (April to March years), quarter by quarter, and the top "
            "product lines with their share of the year?",
        ]
    )
    return Case(
        ROLE,
        ask,
        [f],
        [F(f"account_review_{customer.split()[0].lower()}.pptx", deck)],
        plan="Splitting the orders into financial years and quarters.",
        done=f"Deck ready: FY2025/26 revenue {gbp(b)}, {pct(b - a, a)} on the year before.",
        calc=f"FY24/25={amt(a)} FY25/26={amt(b)}",
        asof=date(2026, 4, 14) + timedelta(days=v % 7 * 6),
    )


STAGES = [("Qualify", 10), ("Proposal", 30), ("Negotiation", 60), ("Verbal", 85)]


def pipeline(rng: random.Random, v: int, redo: bool = False) -> Case:
    owners = rng.sample(["Amara Dunmore", "Hollis Treharne", "Kaia Ravensdale", "Pavel Eskel", "Rhea Marchbank"], 4)
    rows = [["Opportunity", "Customer", "Owner", "Stage", "Value", "Expected close"]]
    opps = []
    for i in range(rng.randint(28, 40)):
        stage, w = rng.choice(STAGES)
        val = pence(rng, 3_000, 95_000)
        close = f"2026-{rng.randint(5, 9):02d}"
        opps.append((stage, w, val, close, rng.choice(owners)))
        rows.append([f"OP-{880 + i * 11}", rng.choice(CUSTOMERS)[0], opps[-1][4], stage, amt(val), close])
    by_stage = [["Stage", "Weight", "Opportunities", "Value", "Weighted value"]]
    tv = 0
    for stage, w in STAGES:
        sel = [o for o in opps if o[0] == stage]
        sv = sum(o[2] for o in sel)
        wv = round(sv * w / 100)
        tv += sv
        by_stage.append([stage, f"{w}%", len(sel), gbp(sv), gbp(wv)])
    tw = round(sum(o[2] * o[1] for o in opps) / 100)
    by_stage.append(["Total", "", len(opps), gbp(tv), gbp(tw)])
    by_owner = [["Owner", "Weighted value"]] + [
        [o, gbp(round(sum(x[2] * x[1] for x in opps if x[4] == o) / 100))] for o in owners
    ]
    head = (
        f"Open pipeline {gbp(tv)} across {len(opps)} opportunities; weighted {gbp(tw)} ({pct(tw, tv)} of face value)."
    )

    def make(owner: bool) -> F:
        more = [("h2", "By owner"), ("table", by_owner)] if owner else []
        if v % 2 == 0:
            return F(
                "pipeline_summary.html",
                html_page("Sales pipeline summary", [("p", head), ("h2", "By stage"), ("table", by_stage), *more]),
            )
        tail = f"\n## By owner\n\n{md_table(by_owner)}\n" if owner else ""
        return F(
            "pipeline_summary.md",
            f"# Sales pipeline summary\n\n{head}\n\n## By stage\n\n{md_table(by_stage)}\n{tail}".encode(),
        )

    fmt = "an HTML page for the sales board" if v % 2 == 0 else "markdown"
    per_owner = "" if redo else ", and weighted value per owner"
    ask = (
        "Please summarise the attached CRM pipeline export: count, value and weighted value per stage (weights: "
        f"Qualify 10%, Proposal 30%, Negotiation 60%, Verbal 85%) and the total{per_owner}. {fmt.capitalize()}."
    )
    ask = rng.choice(
        [
            ask,
            "Pipeline summary for Monday please, from the CRM export attached. By stage: how many, face value and "
            "weighted value (Qualify 10%, Proposal 30%, Negotiation 60%, Verbal 85%), plus the overall total"
            f"{per_owner}. {fmt.capitalize()}.",
        ]
    )
    extra = {}
    if redo:
        extra = {
            "draft": [make(False)],
            "redo": "Good, but I also need the weighted value per owner underneath, for the one-to-ones.",
            "redone": "Adding a by-owner table.",
        }
    return Case(
        ROLE,
        ask,
        [F("crm_pipeline_export.csv", csv_bytes(rows))],
        [make(True)],
        plan="Weighting each opportunity by stage.",
        done=head,
        calc=head,
        asof=date(2026, 5, 4) + timedelta(days=v % 7 * 3),
        **extra,
    )  # type: ignore[arg-type]


def renewals(rng: random.Random, v: int) -> Case:
    contracts = []
    for i in range(rng.randint(24, 34)):
        cust = rng.choice(CUSTOMERS)[0]
        renew = date(2026, 4, 1) + timedelta(days=rng.randint(0, 150))
        contracts.append(
            {
                "contract": f"SC-{4100 + i * 7}",
                "customer": cust,
                "units": rng.randint(2, 18),
                "annual_fee": amt(pence(rng, 900, 14_000)),
                "renewal_date": renew.isoformat(),
            }
        )
    memo = (
        "Service contract renewals, pricing note\n\nContracts renewing from 1 May 2026 to 31 July 2026 renew at "
        "the current annual fee plus 4.5%, rounded to the nearest penny. Contracts covering 10 units or more then "
        "get 2% off the uplifted fee. Contracts renewing outside that window are not repriced in this round.\n"
    )
    due = [c for c in contracts if "2026-05-01" <= c["renewal_date"] <= "2026-07-31"]
    due.sort(key=lambda c: c["renewal_date"])
    table = [["Contract", "Customer", "Units", "Renewal date", "Current fee", "New fee", "Change"]]
    old_t = new_t = 0
    for c in due:
        old = round(float(c["annual_fee"]) * 100)
        new = round(old * 1.045)
        if c["units"] >= 10:
            new = round(new * 0.98)
        old_t, new_t = old_t + old, new_t + new
        table.append(
            [c["contract"], c["customer"], c["units"], c["renewal_date"], fnum(old), fnum(new), fnum(new - old)]
        )
    table.append(["Total", "", "", "", fnum(old_t), fnum(new_t), fnum(new_t - old_t)])
    atts = [
        F("service_contracts.json", (json.dumps(contracts, indent=1) + "\n").encode()),
        F("renewal_pricing_note.txt", memo.encode()),
    ]
    if v % 2 == 0:
        outs = [F("renewals_may_july.xlsx", xlsx([("Renewals", table)]))]
    else:
        outs = [F("renewals_may_july.csv", csv_bytes(table))]
    head = f"{len(due)} contracts renew May to July; fees go from {gbp(old_t)} to {gbp(new_t)} (+{gbp(new_t - old_t)})."
    ask = (
        "Which service contracts renew between May and July, and what are the new fees under the attached pricing "
        "note? Contracts are in the JSON. One row per contract plus a total row, as "
        f"{'a spreadsheet' if v % 2 == 0 else 'CSV'}."
    )
    ask = rng.choice(
        [
            ask,
            "Renewals between May and July: using the attached contract list (JSON) and the pricing note, what does "
            "each contract renew at? One row per contract with current and new fee and the change, total row at the "
            f"bottom, {'as a spreadsheet' if v % 2 == 0 else 'as CSV'}.",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        outs,
        plan="Filtering the contracts by renewal date and repricing them.",
        done=head,
        calc=head,
        asof=date(2026, 4, 20) + timedelta(days=v % 7 * 2),
        ambiguity=("Is the 2% discount applied before or after the uplift?", "After the uplift."),
    )


TEMPLATES = [quote, complaint, account_review, pipeline, renewals]
WEB = [quote]
REDO = [pipeline]
