"""board_deck's master data set and the three board packs cut from it (Halvard Lab Systems, January 2024 to June
2026): the designed quarters, the instances, and what the divest pack's staff know that the pack does not show.

Imported by hidden/build_inputs.py, which writes the files.
"""

from __future__ import annotations

import random

ORG = "Halvard Lab Systems"
UNITS = ["Instruments", "Consumables", "Software", "Field Service", "Retail Diagnostics"]
SOLD_UNIT = "Retail Diagnostics"
SOLD_AFTER = (2025, 12)  # last month with figures

# Quarter targets per unit: revenue (EUR k), gross margin %, quarterly churn %, closing cash (EUR k).
TARGETS = {
    "Instruments": {
        (2025, 2): (9800, 41.2, 2.8, 4200),
        (2025, 3): (8950, 40.5, 3.1, 3650),
        (2025, 4): (10400, 42.0, 2.9, 4050),
        (2026, 1): (9300, 40.6, 3.3, 3700),  # without the lab automation line (moved to Software)
    },
    "Consumables": {
        (2025, 2): (6400, 55.0, 4.0, 2900),
        (2025, 3): (6650, 52.4, 4.2, 3100),
        (2025, 4): (6500, 52.9, 4.6, 2950),
        (2026, 1): (6900, 50.6, 4.4, 3300),
    },
    "Software": {
        (2025, 2): (4100, 78.5, 5.1, 2300),
        (2025, 3): (4380, 78.1, 6.8, 2450),
        (2025, 4): (4700, 76.2, 5.2, 2700),
        (2026, 1): (5750, 73.9, 4.4, 2900),  # with the lab automation line
    },
    "Field Service": {
        (2025, 2): (3200, 33.0, 5.0, 1650),
        (2025, 3): (3050, 31.4, 5.6, 1380),
        (2025, 4): (3150, 31.9, 5.9, 1720),
        (2026, 1): (3090, 32.3, 5.3, 1390),  # as the pack shows it, before the late service credits
    },
    "Retail Diagnostics": {
        (2025, 2): (1820, 28.0, 6.1, 1020),
        (2025, 3): (1750, 27.2, 7.4, 1610),
        (2025, 4): (1520, 24.9, 8.1, 1240),
    },
}
OPENING_CUSTOMERS = {
    "Instruments": 820,
    "Consumables": 1460,
    "Software": 640,
    "Field Service": 930,
    "Retail Diagnostics": 410,
}

# Facts of the divest pack that only the client's people hold (variants/divest/hidden/people.toml). The pack
# shows each of the first five only as an anomaly and the last four not at all; hidden/DESIGN.md says what each
# changes and which check grades it.
# 1. On 1 January 2026 the lab automation software line moved from Instruments to Software; the pack's 2025 months
#    are on the old structure. Its Q4 2025 figures (EUR k and accounts), for the like-for-like comparison:
REORG = {
    "from": "Instruments",
    "to": "Software",
    "revenue": 913,
    "gross_profit": 547,
    "opening": 74,
    "lost": 3,
    "moved_accounts": 72,
}
# 2. Consumables accounts (retail pharmacy chains served through Retail Diagnostics) that went to the buyer on
#    1 January 2026; the CRM booked them as lost in January.
TRANSFERRED = ("Consumables", 57)
# 3. Cash in Field Service's 31 March 2026 balance collected for the buyer under the transitional services
#    agreement (paid over on 9 April), EUR k.
HELD_CASH = ("Field Service", 468)
# 4. The sold unit's warehouse exit costs, charged to Instruments' cost of sales in March 2026 in error, EUR k.
RECHARGE = ("Instruments", (2026, 3), 190)
# 5. Software's annual licence renewals for April to June 2026, invoiced on 30 March ahead of the new price list and
#    recognised on invoice by the ERP; group policy spreads them over the licence term (EUR k, no cost of sales).
DEFERRED = ("Software", (2026, 3), 520)
# 6. A change the pack predates and shows nowhere: on 14 April 2026, after the pack's 9 April export, Field Service
#    agreed service credits with a hospital group for missed call-out times in Q1, booked against its March revenue
#    in the adjusted close (EUR k, no cost of sales). Only the controller's answer to an open question ("has anything
#    changed since the pack was produced?") or one about Field Service's revenue gives it.
LATE_CREDIT = ("Field Service", (2026, 3), 150)
# 7. Hinted nowhere, known only to the commercial director: analysers invoiced to a hospital laboratory on 31 March
#    and recognised with their cost of sales, but held in Halvard's warehouse at the customer's request with no fixed
#    delivery date, so not a sale under group policy until delivered (EUR k: revenue, cost of sales).
HELD_FOR_CUSTOMER = ("Instruments", (2026, 3), 640, 365)
# 8. Hinted nowhere, known only to Sales Operations and given only against the worker's own count of Q1's lost
#    accounts: Software's licence cancellations are processed in batches, so the CRM closes accounts late. Accounts
#    whose licences ended on 31 March were closed only on 14 April, after the export (lost in March); accounts whose
#    licences ended on 31 December were closed in January (lost in December, not in Q1's opening customers).
UNCLOSED = ("Software", {(2026, 3): 30})
CLOSED_LATE = ("Software", {(2025, 12): 5})
# 9. Hinted nowhere, known only to the treasurer: Software's dollar account sits outside the cash pool the pack reads
#    and runs on an overdraft between the annual renewals; the board nets overdrafts into a unit's cash (EUR k).
OVERDRAFT = ("Software", {(2026, 3): 1550, (2025, 12): 240})
KNOWN = {
    "reorg": {k: float(v) for k, v in REORG.items() if k in ("revenue", "gross_profit", "opening", "lost")}
    | {"from": REORG["from"], "to": REORG["to"]},
    "transferred": {TRANSFERRED[0]: float(TRANSFERRED[1])},
    "held_cash": {HELD_CASH[0]: float(HELD_CASH[1])},
    "recharge": {RECHARGE[0]: [[*RECHARGE[1], float(RECHARGE[2])]]},
    "deferred": {DEFERRED[0]: [[*DEFERRED[1], float(DEFERRED[2])]]},
    "credits": {LATE_CREDIT[0]: [[*LATE_CREDIT[1], float(LATE_CREDIT[2])]]},
    "held_back": {
        HELD_FOR_CUSTOMER[0]: [[*HELD_FOR_CUSTOMER[1], float(HELD_FOR_CUSTOMER[2]), float(HELD_FOR_CUSTOMER[3])]]
    },
    "unclosed": {  # [year, month the contracts ended, accounts, 1 if the CRM closed them the month after]
        UNCLOSED[0]: [[*ym, float(n)] for ym, n in UNCLOSED[1].items()]
        + [[*ym, float(n), 1] for ym, n in CLOSED_LATE[1].items()]
    },
    "overdraft": {OVERDRAFT[0]: [[*ym, float(v)] for ym, v in OVERDRAFT[1].items()]},
}
# the four facts hinted nowhere, by their KNOWN key (tests drop them one at a time)
HINTED_NOWHERE = ("credits", "held_back", "unclosed", "overdraft")

MONTH_NAMES = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip

INSTANCES = {
    "base": {
        "quarter": (2025, 3),
        "first_month": (2024, 1),
        "memo_date": "13 October 2025",
        "meeting": "Tuesday 28 October 2025",
        "thresholds": {"revenue": 5.0, "gross_margin": 2.0, "churn": 6.0, "cash": 1.5},
        "excluded": [],
        "flags": [
            "Instruments/revenue",
            "Consumables/gross_margin",
            "Software/churn",
            "Field Service/cash",
            "Retail Diagnostics/churn",
        ],
        "scope": "All five business units, including Retail Diagnostics.",
        "context": (
            "Q3 was a mixed quarter. The board will want to understand the summer dip in Instruments and "
            "whether the price changes in Consumables are costing us margin. They have also asked, again, "
            "for a consistent view of churn across the units."
        ),
    },
    "q4": {
        "quarter": (2025, 4),
        "first_month": (2024, 1),
        "memo_date": "14 January 2026",
        "meeting": "Thursday 29 January 2026",
        "thresholds": {"revenue": 5.0, "gross_margin": 1.5, "churn": 5.5, "cash": 2.0},
        "excluded": [],
        "flags": [
            "Software/gross_margin",
            "Field Service/churn",
            "Field Service/cash",
            "Retail Diagnostics/revenue",
            "Retail Diagnostics/gross_margin",
            "Retail Diagnostics/churn",
            "Retail Diagnostics/cash",
        ],
        "scope": (
            "All five business units. Retail Diagnostics is held for sale (completion on 31 December 2025) "
            "but it was ours for the whole of Q4, so report it like every other unit this time."
        ),
        "context": (
            "Q4 closes the year. The board will look hard at Retail Diagnostics before the sale completes, "
            "and at the Software margin after the hosting contract renewal. The audit committee asked us to "
            "tighten the margin and churn flags and to raise the cash floor to EUR 2.0m per unit."
        ),
    },
    "divest": {
        "quarter": (2026, 1),
        "first_month": (2025, 1),
        "memo_date": "13 April 2026",
        "meeting": "Wednesday 29 April 2026",
        "thresholds": {"revenue": 4.0, "gross_margin": 1.5, "churn": 5.0, "cash": 1.5},
        "excluded": ["Retail Diagnostics"],
        "flags": [
            "Instruments/revenue",
            "Consumables/gross_margin",
            "Software/churn",
            "Software/cash",
            "Field Service/revenue",
            "Field Service/gross_margin",
            "Field Service/churn",
            "Field Service/cash",
        ],
        "staff": True,
        "scope": (
            "Continuing operations only: exclude Retail Diagnostics (sold on 31 December 2025) from every "
            "figure, including the comparison quarter and the group totals."
        ),
        "context": (
            "This is the first board pack after the sale of Retail Diagnostics. The board wants a clean, "
            "like-for-like view of the four units we kept, so the comparison with Q4 must not be flattered "
            "or dragged down by the unit we sold."
        ),
    },
}


# ---------------------------------------------------------------------------------------------------------
# Master data


def quarter_months(y: int, q: int) -> list[tuple[int, int]]:
    return [(y, 3 * (q - 1) + i) for i in (1, 2, 3)]


def next_quarter(y: int, q: int) -> tuple[int, int]:
    return (y + 1, 1) if q == 4 else (y, q + 1)


def prev_quarter(y: int, q: int) -> tuple[int, int]:
    return (y - 1, 4) if q == 1 else (y, q - 1)


def all_quarters() -> list[tuple[int, int]]:
    out, yq = [], (2024, 1)
    while yq <= (2026, 2):
        out.append(yq)
        yq = next_quarter(*yq)
    return out


def full_targets(rng: random.Random) -> dict[str, dict[tuple[int, int], tuple[float, float, float, float]]]:
    """Designed quarters as given; earlier quarters back-filled, Q2 2026 (flash only) forward-filled."""
    out = {}
    for unit in UNITS:
        t = dict(TARGETS[unit])
        yq = (2025, 2)
        while yq > (2024, 1):
            rev, gm, churn, cash = t[yq]
            p = prev_quarter(*yq)
            t[p] = (
                round(rev / (1 + rng.uniform(0.0, 0.05))),
                round(gm + rng.uniform(-0.9, 0.9), 1),
                round(max(1.5, churn + rng.uniform(-0.8, 0.6)), 1),
                round(cash * rng.uniform(0.85, 1.1)),
            )
            yq = p
        last = max(t)
        rev, gm, churn, cash = t[last]
        t[next_quarter(*last)] = (round(rev * 1.02), gm, churn, cash)
        out[unit] = t
    return out


def build_master() -> dict:
    """Monthly figures per unit: revenue, gross profit, cash (EUR k) and customer movements."""
    rng = random.Random(20251013)
    targets = full_targets(rng)
    data: dict[str, dict[tuple[int, int], dict]] = {u: {} for u in UNITS}
    for unit in UNITS:
        customers = OPENING_CUSTOMERS[unit]
        for yq in all_quarters():
            if yq not in targets[unit]:
                continue
            rev_q, gm_q, churn_q, cash_q = targets[unit][yq]
            rev_q += rng.randint(-12, 12)  # real quarters do not land on round thousands
            cash_q += rng.randint(-30, 30)
            months = quarter_months(*yq)
            w = [0.30 + rng.uniform(-0.03, 0.02), 0.32 + rng.uniform(-0.02, 0.02)]
            w.append(1 - sum(w))
            rev_m = [round(rev_q * x) for x in w]
            rev_m[2] = rev_q - rev_m[0] - rev_m[1]
            # the largest month carries the lowest margin, so a plain average of monthly margins is biased
            d1, d2 = rng.uniform(1.2, 2.4), rng.uniform(0.4, 1.4)
            d3 = -(w[0] * d1 + w[1] * d2) / w[2]
            gm_m = [gm_q + d1, gm_q + d2, gm_q + d3]
            gp_m = [round(r * g / 100) for r, g in zip(rev_m, gm_m, strict=True)]
            lost_q = round(churn_q / 100 * customers)
            lw = [rng.uniform(0.25, 0.4), rng.uniform(0.25, 0.4)]
            lost_m = [round(lost_q * lw[0]), round(lost_q * lw[1])]
            lost_m.append(lost_q - sum(lost_m))
            cash_m = [round(cash_q * rng.uniform(0.9, 1.12)), round(cash_q * rng.uniform(0.9, 1.12)), cash_q]
            for i, ym in enumerate(months):
                new = max(0, round(lost_m[i] * rng.uniform(0.9, 1.35)))
                row = {
                    "revenue": rev_m[i],
                    "gross_profit": gp_m[i],
                    "cash": cash_m[i],
                    "opening": customers,
                    "new": new,
                    "lost": lost_m[i],
                }
                customers = customers + new - lost_m[i]
                row["closing"] = customers
                data[unit][ym] = row
    # from 1 January 2026: the lab automation line's accounts sit in Software, the accounts that went with the sale
    # are gone from Consumables
    shifts = {
        REORG["from"]: -REORG["moved_accounts"],
        REORG["to"]: REORG["moved_accounts"],
        TRANSFERRED[0]: -TRANSFERRED[1],
    }
    for unit, shift in shifts.items():
        for ym, row in data[unit].items():
            if ym >= (2026, 1):
                row["opening"] += shift
                row["closing"] += shift
    return data


def month_label(ym: tuple[int, int]) -> str:
    return f"{MONTH_NAMES[ym[1] - 1][:3]} {ym[0]}"


def months_between(first: tuple[int, int], last: tuple[int, int]) -> list[tuple[int, int]]:
    out, (y, m) = [], first
    while (y, m) <= last:
        out.append((y, m))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


def has_figures(unit: str, ym: tuple[int, int]) -> bool:
    return not (unit == SOLD_UNIT and ym > SOLD_AFTER)


def pack_value(master: dict, unit: str, ym: tuple[int, int], field: str, inst: dict) -> int:
    """A figure as the divest pack shows it: the truth with the anomalies only the staff can explain."""
    v = master[unit][ym][field]
    if not inst.get("staff"):
        return v
    if field == "cash" and (unit, ym) == (HELD_CASH[0], (2026, 3)):
        v += HELD_CASH[1]
    if field == "gross_profit" and (unit, ym) == (RECHARGE[0], RECHARGE[1]):
        v -= RECHARGE[2]
    if field in ("revenue", "gross_profit") and (unit, ym) == (DEFERRED[0], DEFERRED[1]):
        v += DEFERRED[2]
    if field in ("opening", "lost") and (unit, ym) == (TRANSFERRED[0], (2026, 1)):
        v += TRANSFERRED[1]
    return v


def quarter_label(yq: tuple[int, int]) -> str:
    return f"Q{yq[1]} {yq[0]}"


def period_text(yq: tuple[int, int]) -> str:
    months = quarter_months(*yq)
    first, last = months[0], months[-1]
    days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][last[1] - 1]
    return f"1 {MONTH_NAMES[first[1] - 1]} {first[0]} – {days} {MONTH_NAMES[last[1] - 1]} {last[0]}"
