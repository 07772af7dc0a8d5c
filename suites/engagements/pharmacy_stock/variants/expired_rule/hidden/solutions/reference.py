"""Reference (expired_rule): the consignment rule for ICU's atracurium outlived Calder's agreement; with it, fix
what the par review is fed.

- Calder's consignment service ended on 28 February (Procurement's letter against the rules file): the line goes
  back to the review and the store.
- Products that changed code keep their history; tinzaparin replaces enoxaparin.
- The children's ward and the AMU: respiratory surge, 2.6 x the last four weeks (Sunil).
- Ward 12 closes on 9 March, its patients to Ward 14 (ward services only).
- Fridge and CD lines never above their bins. The suppliers deliver as agreed.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history, and the rules still hand "
        "ICU's atracurium to a consignment agreement that has ended. In February the code changes alone cost us "
        "GBP 15,800 in emergency purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    kit.ask("priya", "Priya, is the ICU consignment arrangement for atracurium in the rules still running?")
    kit.ask("priya", "Which products moved from Calder to Medway, and is there a second wave of new codes?")
    kit.ask(
        "sunil",
        "Sunil, salbutamol use on the children's ward rose from 3.7 packs a day in December to 5.8 in February - "
        "up 57 % - and on the AMU it is up 83 %. Is this the respiratory surge, and what should we plan on for "
        "March?",
    )
    kit.ask("bev", "Bev, is anything changing on the wards next month that the par review should know about?")
    kit.ask("bev", "How much does each fridge bin hold, and what happens to stock that doesn't fit?")
    fixes.install(
        **fixes.LINKS,
        consignment_lines=[],
        demand_factors=fixes.surge(["PAED", "AMU"], 2.6),
        ward_moves=[{"from": "W12", "to": "W14", "from_date": "2026-03-09"}],
        respect_bins=True,
    )
    fixes.dry_run()
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules? ICU's atracurium out of the consignment "
        "lines (Calder's agreement ended on 28 February), lines follow the products they replaced (the Medway "
        "code switch and tinzaparin), the children's ward's and the AMU's respiratory medicines at 2.6 times "
        "their last four weeks, Ward 12's use moved to Ward 14 from 9 March, and no fridge or CD line above its "
        "bin. Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines in the revised par review? Morphine, oxycodone "
        "and midazolam pars change with Ward 12's move to Ward 14 and the oxycodone code switch, all within "
        "their bins. Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
