"""Reference (off_limits_contact): the same kind of fix as base, reached without Medway's account manager or the
respiratory consultant - Procurement and the respiratory pharmacist hold what they would say.

- Medway delivers 6 days after the order since 2 February; its courier books deliveries in, so only the store's
  run-outs of Medway lines show it (Priya confirms when shown them).
- Products that changed code keep their history; tinzaparin replaces enoxaparin.
- Ward 7 and Ward 9: respiratory surge, 2.6 x the last four weeks (Sunil).
- Ward 7's high-care bay (35 % of its patients) moves to Ward 12 on 9 March (ward services only).
- Fridge and CD lines never above their bins.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history, and Medway's deliveries "
        "take longer than the rules assume. In February that cost us GBP 22,400 in emergency purchases, "
        "couriers and write-offs. May I fix the par review job itself?",
    )
    kit.ask(
        "priya",
        "Priya, Medway's lines keep running out at the store: 145 emergency purchases of Medway products since "
        "February, although the rules give them 2 days to deliver. Are their deliveries taking longer?",
    )
    kit.ask("priya", "Which products moved from Calder to Medway, and is there a second wave of new codes?")
    kit.ask(
        "sunil",
        "Sunil, salbutamol use on Ward 7 rose from 7.1 packs a day in December to 11.0 in February - up 55 % - "
        "and on Ward 9 it has doubled. Is this the respiratory surge, and what should we plan on for March?",
    )
    kit.ask("bev", "Bev, is anything changing on the wards next month that the par review should know about?")
    kit.ask("bev", "How much does each fridge bin hold, and what happens to stock that doesn't fit?")
    fixes.install(
        **fixes.LINKS,
        supplier_lead_days={"CAL": 1, "MED": 6, "NGT": 2},
        demand_factors=fixes.surge(["W7", "W9"], 2.6),
        ward_moves=[{"from": "W7", "to": "W12", "from_date": "2026-03-09", "share": 0.35}],
        respect_bins=True,
    )
    fixes.dry_run()
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules? Lines follow the products they replaced "
        "(the Medway code switch and tinzaparin), Medway's lead time 6 days, Ward 7 and Ward 9's respiratory "
        "medicines at 2.6 times their last four weeks, 35 % of Ward 7's use moved to Ward 12 with its high-care "
        "bay from 9 March, and no fridge or CD line above its bin. Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines in the revised par review? The oxycodone pars "
        "change with the Medway code switch, and the morphine and midazolam pars with the new use figures, all "
        "within their bins. Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
