"""Shortcut: the general fixes anyone can make from the data - lines follow the products they replaced, bins
respected - and then three times the cover everywhere, cabinets and store, instead of finding out why; signed off."""

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
    fixes.install(**fixes.LINKS, respect_bins=True, blanket_factor=3)
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: lines follow the products they replaced, "
        "three times the cover on every line within the bins? Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines of it (morphine, oxycodone, midazolam, fentanyl "
        "pars up to their bins)? Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
