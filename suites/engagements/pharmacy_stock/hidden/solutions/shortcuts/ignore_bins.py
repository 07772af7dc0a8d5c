"""Shortcut: the full base fix, signed off - but the fridge and CD bins ignored: Ward 14 absorbs Ward 12 with pars
its bins cannot hold."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history, and Northgate's "
        "deliveries take longer than the rules assume. In February that cost us GBP 42,800 in emergency "
        "purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    kit.ask(
        "sunil",
        "Sunil, salbutamol use on Ward 7 rose from 7.1 packs a day in December to 11.0 in February - up 55 %. "
        "Is this the respiratory surge, and what should we plan on for March?",
    )
    kit.ask("bev", "Bev, is anything changing on the wards next month that the par review should know about?")
    fixes.install(
        **fixes.LINKS,
        supplier_lead_days={"CAL": 1, "MED": 2, "NGT": 8},
        demand_factors=fixes.surge(["W7", "PAED"], 2.6),
        ward_moves=[{"from": "W12", "to": "W14", "from_date": "2026-03-09"}],
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: lines follow the products they replaced, "
        "Northgate 8 days, the respiratory surge on Ward 7 and the children's ward, Ward 12 moved to Ward 14? "
        "Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines that change with it (morphine, oxycodone, "
        "midazolam on Ward 14)? Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
