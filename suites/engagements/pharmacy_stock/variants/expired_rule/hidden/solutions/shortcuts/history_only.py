"""Shortcut (expired_rule): every fix the history and the documents show, and nothing the staff hold; signed off.
The consignment letter is in the documents, so the expired rule is fixed; Ward 12 closing and the surge plan are
missed (the rise is planned on a trend guess)."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history. In February that cost us "
        "GBP 15,800 in emergency purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    fixes.install(
        **fixes.LINKS,
        consignment_lines=[],
        demand_factors=[{"locations": ["PAED", "AMU"], "products": fixes.RESP, "basis_weeks": 2, "factor": 1.3}],
        respect_bins=True,
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: ICU's atracurium out of the consignment "
        "lines, lines follow the products they replaced, the children's ward's and the AMU's respiratory lines "
        "on their recent use, and bins respected? Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines that change with it (the oxycodone code "
        "switch)? Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
