"""Reference (base variant): fix what the par review is fed, respect the bins, with the facts staff hold.

- Products that changed code keep their history: the Medway switch (February wave in the notice, March wave only
  in production, some without a VMP id - matched on the name) and tinzaparin replacing enoxaparin (D&T bulletin).
- Northgate delivers 8 days after the order since 12 January; its driver books deliveries in, so only the store's
  run-outs of Northgate lines show it; Procurement confirms when shown them.
- Ward 7 and the children's ward: respiratory surge, planned on 2.6 x the last four weeks, and Ward 9 next at 2.5
  (Sunil, behind his evidence gate).
- Ward 12 closes on 9 March, its patients to Ward 14 (ward services only, hinted nowhere).
- Fridge and CD lines never above their bins (the capacity that makes the 30 % backfire).
- The sponsor agrees once shown the money; the Deputy Chief Pharmacist signs, then the CD Accountable Officer.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history, and Northgate's "
        "deliveries take longer than the rules assume. In February that cost us GBP 42,800 in emergency "
        "purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    kit.ask(
        "sunil",
        "Sunil, salbutamol and clarithromycin use on Ward 7 rose from 12.3 packs a day in December to 19.0 in "
        "February - up 55 % - and the children's ward is up 53 %. Is this the respiratory surge, and what should "
        "we plan on for March?",
    )
    kit.ask(
        "priya",
        "Priya, Northgate's lines keep running out at the store: 72 emergency purchases of Northgate products "
        "since mid-January, although the rules give them 2 days to deliver. Are their deliveries taking longer?",
    )
    kit.ask("priya", "Which products moved from Calder to Medway, and is there a second wave of new codes?")
    kit.ask("bev", "Bev, is anything changing on the wards next month that the par review should know about?")
    kit.ask("bev", "How much does each fridge bin hold, and what happens to stock that doesn't fit?")
    fixes.install(
        **fixes.LINKS,
        supplier_lead_days={"CAL": 1, "MED": 2, "NGT": 8},
        demand_factors=fixes.surge(["W7", "PAED"], 2.6) + fixes.surge(["W9"], 2.5),
        ward_moves=[{"from": "W12", "to": "W14", "from_date": "2026-03-09"}],
        respect_bins=True,
    )
    fixes.dry_run()
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules? Lines follow the products they replaced "
        "(the Medway code switch and tinzaparin), Northgate's lead time 8 days, Ward 7 and the children's ward's "
        "respiratory medicines at 2.6 times their last four weeks and Ward 9's at 2.5, Ward 12's use moved to Ward "
        "14 from 9 March, and no fridge or CD line above its bin. Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines in the revised par review? Morphine, oxycodone "
        "and midazolam pars change with Ward 12's move to Ward 14 and the oxycodone code switch, all within "
        "their bins. Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
