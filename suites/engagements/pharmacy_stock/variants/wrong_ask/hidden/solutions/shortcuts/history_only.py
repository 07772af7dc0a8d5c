"""Shortcut (wrong_ask): every fix the history shows, and nothing the staff hold; signed off. Ward 7B, which opens
on 9 March with no cabinet lines, and the surge plan are missed (the rise is planned on a trend guess)."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, a report won't stop the cabinets running empty: the stock-outs come from what the par review is "
        "fed - lines whose product code changed when they moved to Medway lost their usage history. In February "
        "that cost us GBP 17,700 in emergency purchases, couriers and write-offs. May I fix the par review job?",
    )
    fixes.install(
        **fixes.LINKS,
        demand_factors=[{"locations": ["W7", "AMU"], "products": fixes.RESP, "basis_weeks": 2, "factor": 1.3}],
        respect_bins=True,
        at_risk_report={"days": 2},
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: lines follow the products they replaced, Ward "
        "7's and the AMU's respiratory lines on their recent use, bins respected, and the at-risk report? Fiona "
        "agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines that change with it (morphine, oxycodone, "
        "midazolam pars on the new use figures)? Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
