"""Shortcut (off_limits_contact): ask everybody who may be asked the same open questions - none naming the person's
own area - then fix what the data shows (codes followed, bins, a trend guess for the respiratory lines) and
whatever those answers give (Bev's answer to "has anything changed?" gives the ward move), signed off. The two facts
no document or data hints at stay unfound: each needs a question about its holder's area (supply problems; the
children's ward), and Procurement's lead time needs the count of February's emergency purchases."""

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
PEOPLE = ["priya", "sunil", "bev", "tariq", "maeve", "anjali", "morag"]  # not Medway's rep nor Dr Vale


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history. In February that cost us "
        "GBP 22,400 in emergency purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    fixes.install(
        **fixes.LINKS,
        demand_factors=[{"locations": ["W7", "W9"], "products": fixes.RESP, "basis_weeks": 2, "factor": 1.3}],
        ward_moves=[{"from": "W7", "to": "W12", "from_date": "2026-03-09", "share": 0.35}],
        respect_bins=True,
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: lines follow the products they replaced, "
        "Ward 7's and Ward 9's respiratory lines on their recent use, 35 % of Ward 7's use moved to Ward 12 from "
        "9 March, and bins respected? Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines that change with it (oxycodone, morphine, "
        "midazolam)? Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
