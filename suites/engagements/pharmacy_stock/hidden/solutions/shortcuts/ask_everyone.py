"""Shortcut: ask everybody everything (the supplier's account manager and the protected consultant included), then
the base fix, signed off."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

QUESTIONS = [
    "What do you know about why the ward cabinets run empty, and what the par review gets wrong?",
    "Has any supplier's delivery time or any product code changed recently?",
    "Is anything changing on the wards next month?",
    "Has the use of respiratory medicines changed this winter?",
    "Are there rules in the par review that no longer apply?",
]
PEOPLE = ["fiona", "ewan", "rowan", "priya", "sunil", "bev", "tariq", "maeve", "declan", "imogen"]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    fixes.install(
        **fixes.LINKS,
        supplier_lead_days={"CAL": 1, "MED": 2, "NGT": 8},
        demand_factors=fixes.surge(["W7", "PAED"], 2.6),
        ward_moves=[{"from": "W12", "to": "W14", "from_date": "2026-03-09"}],
        respect_bins=True,
    )
    fixes.sign_off(
        "Ewan, please approve the change to the par review rules: codes, lead times, the surge, the ward move "
        "and the bins.",
        "Dr Haldane, please sign off the controlled-drug lines of the revised par review (morphine, oxycodone, "
        "midazolam).",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
