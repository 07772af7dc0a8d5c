"""Shortcut: the code links typed in by hand from the Medway notice (the February wave only) instead of following
every replaced product; everything else of the base fix, signed off. The March wave's codes, in no extract yet, are
missed."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

FEBRUARY = {"MPS-17737": ["359392"], "MPS-51536": ["345588"], "MPS-35934": ["358624"]}


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history. In February that cost "
        "us GBP 42,800 in emergency purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    kit.ask(
        "sunil",
        "Sunil, salbutamol use on Ward 7 rose from 7.1 packs a day in December to 11.0 in February - up 55 %. "
        "Is this the respiratory surge, and what should we plan on for March?",
    )
    kit.ask("bev", "Bev, is anything changing on the wards next month that the par review should know about?")
    fixes.install(
        product_links=FEBRUARY,
        formulary_replacements=[{"from": "enoxaparin", "to": "tinzaparin"}],
        supplier_lead_days={"CAL": 1, "MED": 2, "NGT": 8},
        demand_factors=fixes.surge(["W7", "PAED"], 2.6),
        ward_moves=[{"from": "W12", "to": "W14", "from_date": "2026-03-09"}],
        respect_bins=True,
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: the three February Medway codes linked to "
        "their old codes, tinzaparin, Northgate 8 days, the respiratory surge, Ward 12 moved to Ward 14, bins "
        "respected? Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines that change with it (oxycodone, morphine, "
        "midazolam)? Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
