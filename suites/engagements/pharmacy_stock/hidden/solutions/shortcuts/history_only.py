"""Shortcut: every fix the history shows, and nothing the staff hold; with the sponsor's agreement, signed off.

From the data: products that changed code (matched on VMP id and name), tinzaparin (the D&T bulletin), respiratory
use rising on Ward 7 and the children's ward (planned on the last two weeks plus 30 %, a trend guess), bins
respected. Nobody is asked what the history cannot show: Northgate's lead time (its receipts are not recorded), the
surge plan, the ward closing next month.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history. In February that cost us "
        "GBP 42,800 in emergency purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    fixes.install(
        **fixes.LINKS,
        demand_factors=[{"locations": ["W7", "PAED"], "products": fixes.RESP, "basis_weeks": 2, "factor": 1.3}],
        respect_bins=True,
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules: lines follow the products they replaced, "
        "Ward 7's and the children's ward's respiratory lines on their recent use, and bins respected? Fiona "
        "agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines that change with it (the oxycodone code "
        "switch)? Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
