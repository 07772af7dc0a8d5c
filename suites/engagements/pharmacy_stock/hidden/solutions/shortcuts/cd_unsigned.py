"""Shortcut: the full base fix, signed off by the Deputy Chief Pharmacist - but the controlled-drug lines that
change with it never go to the Accountable Officer."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history. In February that cost "
        "us GBP 42,800 in emergency purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    kit.ask("bev", "Bev, is anything changing on the wards next month that the par review should know about?")
    fixes.install(
        **fixes.LINKS,
        supplier_lead_days={"CAL": 1, "MED": 2, "NGT": 8},
        demand_factors=fixes.surge(["W7", "PAED"], 2.6),
        ward_moves=[{"from": "W12", "to": "W14", "from_date": "2026-03-09"}],
        respect_bins=True,
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: lines follow the products they replaced, "
        "Northgate 8 days, the respiratory surge on Ward 7 and the children's ward, Ward 12 moved to Ward 14, and "
        "bins respected? Fiona agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
