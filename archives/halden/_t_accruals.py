"""Finance and operations asks, continued: accrual journals from goods received not invoiced, expense claims
checked against the policy."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from datetime import date

from _core import Case, F, Link
from _office import csv_bytes, html_page, xlsx
from _world import CATEGORY, SUPPLIERS, after_month, amt, fnum, gbp, month_name, pct, pence, workdays

ROLE = "finance_ops"


def accruals(rng: random.Random, v: int) -> Case:
    m = (3, 4, 5)[v % 3]
    mon, dates = month_name(m), workdays(2026, m)
    rows = [["PO", "Supplier", "Received", "Item", "Qty", "Unit price", "Stock account"]]
    acc: dict[str, int] = defaultdict(int)
    accounts = {
        "Steel": 5010,
        "Compressors": 5020,
        "Glass": 5030,
        "Freight": 5400,
        "Electrical": 5040,
        "Fixings": 5050,
        "Controls": 5060,
        "Insulation": 5070,
        "Packaging": 5410,
        "Refrigerants": 5080,
    }
    sups = rng.sample(SUPPLIERS, 6)
    for i in range(rng.randint(18, 28)):
        s = rng.choice(sups)
        q, u = rng.randint(2, 60), pence(rng, 4, 640)
        rows.append(
            [
                f"PO-{61200 + i * 7}",
                s,
                rng.choice(dates[-8:]).isoformat(),
                f"{CATEGORY[s]} stock",
                q,
                amt(u),
                accounts[CATEGORY[s]],
            ]
        )
        acc[s] += q * u
    journal = [["Account", "Description", "Debit", "Credit"]]
    for s in sorted(acc):
        journal.append([accounts[CATEGORY[s]], f"GRNI accrual {mon} 2026 - {s}", amt(acc[s]), ""])
    total = sum(acc.values())
    journal.append([2350, f"Accruals - goods received not invoiced {mon} 2026", "", amt(total)])
    f = F(f"grni_{mon.lower()}_2026.csv", csv_bytes(rows))
    out = F(f"accrual_journal_{mon.lower()}.csv", csv_bytes(journal))
    outs = [out]
    note = (
        f"{len(acc)} suppliers, {len(rows) - 1} receipts, total accrual {gbp(total)}; reverses on day 1 of next month."
    )
    if v % 2:
        outs.append(
            F(
                f"accrual_note_{mon.lower()}.txt",
                (
                    f"GRNI accrual, {mon} 2026\n\n"
                    + "\n".join(f"{s}: {gbp(acc[s])} ({pct(acc[s], total)})" for s in sorted(acc))
                    + f"\n\nTotal {gbp(total)}. Credit 2350 Accruals, debit the stock account of each category.\n"
                ).encode(),
            )
        )
    coa = [["Account", "Name"], [2350, "Accruals"]] + [
        [a, f"{c} stock"] for c, a in sorted(accounts.items(), key=lambda x: x[1])
    ]
    ask = (
        f"Can you turn the attached goods-received-not-invoiced list for {mon} into an accrual journal? One debit "
        "line per supplier to the stock account on its receipts, and one credit to the accruals account (chart of "
        "accounts attached). CSV with Account, Description, Debit, Credit."
    )
    ask = rng.choice(
        [
            ask,
            f"Month-end accruals for {mon}: the GRNI report and our chart of accounts are attached. Could you draft "
            "the journal as CSV (Account, Description, Debit, Credit), one debit per supplier to the stock account its "
            "receipts carry and a single credit to accruals?",
        ]
    )
    follow = ["And a short text note with each supplier's total and share, for the file."] if v % 2 else []
    atts = [f, F("gl_accounts.csv", csv_bytes(coa))]
    return Case(
        ROLE,
        ask,
        atts,
        outs,
        follow=follow,
        plan="Valuing each receipt at quantity × unit price and grouping by supplier.",
        done="Journal ready: " + note,
        calc=note,
        asof=after_month(m, 0),
    )


def expenses(rng: random.Random, v: int, web: bool = False) -> Case:
    rates = (
        {"hotel": 12_495, "meals": 3_275, "mile": 45}
        if web
        else {"hotel": pence(rng, 105, 135), "meals": pence(rng, 28, 38), "mile": 45}
    )
    policy = (
        f"# Expenses policy (extract)\n\n- Hotel: up to {gbp(rates['hotel'])} per night, receipt required.\n"
        f"- Meals when away overnight: up to {gbp(rates['meals'])} per day.\n- Mileage in own car: 45p per mile.\n"
        "- Rail: standard class, actual cost.\n"
    )
    names = rng.sample(
        ["Bram Carrow", "Celia Jessop", "Dev Lowther", "Elin Stobart", "Farid Yelland", "Greta Oakhurst"], 4
    )
    claims, n = [], 0
    for who in names:
        for _ in range(rng.randint(4, 7)):
            n += 1
            cat = rng.choice(["hotel", "meals", "mileage", "rail"])
            d = date(2026, 4, rng.randint(1, 28)).isoformat()
            if cat == "mileage":
                miles = rng.randint(24, 260)
                claims.append(
                    {
                        "id": f"EX-{3300 + n}",
                        "employee": who,
                        "date": d,
                        "category": cat,
                        "miles": miles,
                        "amount": amt(miles * 45 + (rng.choice([0, 0, 0, 210]) if miles > 100 else 0)),
                    }
                )
            else:
                cap = rates["hotel"] if cat == "hotel" else rates["meals"] if cat == "meals" else 0
                a = pence(rng, 40, 160) if cat != "meals" else pence(rng, 14, 46)
                if cap and rng.random() < 0.3:
                    a = cap + pence(rng, 3, 30)
                claims.append({"id": f"EX-{3300 + n}", "employee": who, "date": d, "category": cat, "amount": amt(a)})
    flagged = [["Claim", "Employee", "Category", "Claimed", "Allowed", "Excess"]]
    tot_c = tot_a = 0
    for c in claims:
        a = round(float(c["amount"]) * 100)
        if c["category"] == "mileage":
            allowed = c["miles"] * 45
        elif c["category"] in ("hotel", "meals"):
            allowed = min(a, rates["hotel"] if c["category"] == "hotel" else rates["meals"])
        else:
            allowed = a
        tot_c, tot_a = tot_c + a, tot_a + allowed
        if allowed < a:
            flagged.append([c["id"], c["employee"], c["category"], gbp(a), gbp(allowed), gbp(a - allowed)])
    f = F("expense_claims_april.json", (json.dumps({"period": "2026-04", "claims": claims}, indent=2) + "\n").encode())
    atts, links = [f], []
    if web:
        url = "https://intranet.halden.example/policies/expenses"
        links = [
            Link(
                url, html_page("Expenses policy", [("p", line.strip("- ")) for line in policy.splitlines()[2:] if line])
            )
        ]
        where = f"the limits are on the intranet policy page, {url}"
    else:
        atts.append(F("expenses_policy_extract.md", policy.encode()))
        where = "the policy extract is attached"
    summary = (
        f"{len(claims)} claims totalling {gbp(tot_c)}; {len(flagged) - 1} exceed the policy by "
        f"{gbp(tot_c - tot_a)} in all, so {gbp(tot_a)} is payable ({pct(tot_a, tot_c)} of the amount claimed)."
    )
    if v % 2 == 0:
        outs = [
            F(
                "april_claims_check.xlsx",
                xlsx(
                    [
                        ("Over policy", flagged),
                        (
                            "Summary",
                            [
                                ["Measure", "Value"],
                                ["Claims", len(claims)],
                                ["Claimed", fnum(tot_c)],
                                ["Payable", fnum(tot_a)],
                                ["Excess", fnum(tot_c - tot_a)],
                            ],
                        ),
                    ]
                ),
            )
        ]
    else:
        outs = [
            F("april_claims_over_policy.csv", csv_bytes(flagged)),
            F("april_claims_summary.md", f"# April expense claims\n\n{summary}\n".encode()),
        ]
    ask = (
        f"Please check the April expense claims (attached JSON) against the expenses policy — {where}. List every "
        "claim over a limit with the allowed amount and the excess, and give me totals claimed vs payable."
    )
    ask = rng.choice(
        [
            ask,
            "Before I pay the April expenses, can you check each claim in the attached JSON against policy "
            f"({where})? I need the claims that go over a limit, what we should pay instead and the excess, plus "
            "claimed and payable totals.",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        outs,
        links=links,
        plan="Applying the hotel, meals and mileage limits to each claim.",
        done=summary,
        calc=summary,
        asof=date(2026, 5, rng.randint(4, 12)),
        spans=[("url", links[0].url)] if links else [],
        ambiguity=("Should mileage be capped at 45p a mile even where the claim says otherwise?", "Yes."),
    )
