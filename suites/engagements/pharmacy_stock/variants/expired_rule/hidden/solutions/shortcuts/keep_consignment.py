"""Shortcut (expired_rule): every other fix, with the staff's facts and the sign-offs - but the consignment rule
left as it is, as the rules file and the procedure say."""

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
    kit.ask(
        "sunil",
        "Sunil, salbutamol use on the children's ward rose from 3.7 packs a day in December to 5.8 in February - "
        "up 57 % - and on the AMU it is up 83 %. Is this the respiratory surge, and what should we plan on?",
    )
    kit.ask("bev", "Bev, is anything changing on the wards next month that the par review should know about?")
    fixes.install(
        **fixes.LINKS,
        demand_factors=fixes.surge(["PAED", "AMU"], 2.6),
        ward_moves=[{"from": "W12", "to": "W14", "from_date": "2026-03-09"}],
        respect_bins=True,
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: lines follow the products they replaced, the "
        "children's ward's and the AMU's respiratory medicines at 2.6 times their last four weeks, Ward 12's use "
        "moved to Ward 14, bins respected? Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines that change with it (morphine, oxycodone, "
        "midazolam)? Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
