"""Shortcut (off_limits_contact): ask everybody who may be asked the same open questions, then each of them an open
question about their own area ("anything changing in <area> next month? anything this doesn't cover?"), as the
blind playtests did; fix what the data shows (codes followed, bins, a trend guess for the respiratory lines, the
lead times as the store's receipts show February) and whatever those answers give - Bev's ward move, Medicines
Information's shortage (the substitute keyed on the 1g product as the workspace words it), the children's
matron's high-dependency bay - signed off. Unfound: Procurement's lead time (it needs the count of February's
emergency purchases), the surge plan (it needs the rise), Ward 14's overnight beds (Finance tells them only for
Ward 14's figures), Northgate back to 48 hours and the 1g infusion's own code change."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

QUESTIONS = [
    "What do you know about why the ward cabinets run empty, and what the par review gets wrong?",
    "Has anything changed since these files were produced?",
    "Is anything changing next month that the par review should know about?",
    "Is there anything else I should know?",
]
AREAS = {  # not Medway's rep nor Dr Vale
    "priya": "suppliers, contracts, codes and deliveries",
    "sunil": "respiratory medicines and antibiotics",
    "bev": "the ward cabinets, their lines and bins",
    "tariq": "the par review job, its rules and the database",
    "maeve": "medication safety and the formulary",
    "anjali": "medicines information and supply problems",
    "morag": "the children's ward",
    "callum": "finance, the budget and business cases",
}
HDU = {"pip/taz": 8, "midazolam": 6, "morphine": 4, "salbutamol": 3, "clarithromycin": 2, "co-amoxiclav": 1,
       "gentamicin": 1, "adrenaline": 1, "insulin aspart": 1}  # fmt: skip


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history. In February that cost us "
        "GBP 23,700 in emergency purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    for person, area in AREAS.items():
        for q in QUESTIONS:
            kit.ask(person, q)
        kit.ask(
            person, f"Is anything changing in {area} next month? Is there anything in {area} the job doesn't cover?"
        )
    fixes.install(
        **fixes.LINKS,
        supplier_lead_days={"CAL": 1, "MED": 2, "NGT": 8},  # as the store's receipts show February
        demand_factors=[{"locations": ["W7", "W9"], "products": fixes.RESP, "basis_weeks": 2, "factor": 1.3}],
        ward_moves=[{"from": "W7", "to": "W12", "from_date": "2026-03-09", "share": 0.35}],
        substitutions=[{"from": "paracetamol 1g/100ml", "to": "384681", "factor": 2, "from_date": "2026-03-12"}],
        extra_use=[{"location": "PAED", "from_date": "2026-03-16", "per_day": HDU}],
        respect_bins=True,
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: lines follow the products they replaced, "
        "Ward 7's and Ward 9's respiratory lines on their recent use, 35 % of Ward 7's use moved to Ward 12 from "
        "9 March, a paracetamol 500mg/50ml line beside every 1g line for the shortage, the children's ward's "
        "high-dependency bay stocked from its list, and bins respected? Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines that change with it (oxycodone, morphine, "
        "midazolam)? Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
