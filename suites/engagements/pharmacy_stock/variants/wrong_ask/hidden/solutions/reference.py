"""Reference (wrong_ask): the at-risk report changes nothing MedVault loads; fix what the par review is fed.

- Products that changed code keep their history (the Medway switch: February wave in the notice, March wave only in
  production; tinzaparin replacing enoxaparin).
- Ward 7 and the AMU: respiratory surge, 2.6 x the last four weeks (Sunil, behind his evidence gate).
- Ward 7B, the escalation ward, opens on 9 March with no cabinet lines: stocked like Ward 7 at a quarter of its use
  (ward services only, hinted nowhere).
- Fridge and CD lines never above their bins. The suppliers deliver as agreed.
- The report the sponsor asked for is added too; the sponsor agrees to the rest once shown the money.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "fiona",
        "Fiona, a report won't stop the cabinets running empty: the stock-outs come from what the par review is "
        "fed - lines whose product code changed when they moved to Medway lost their usage history, and the "
        "respiratory surge is not in the par levels. In February that cost us GBP 17,700 in emergency "
        "purchases, couriers and write-offs. May I fix the par review job itself?",
    )
    kit.ask(
        "sunil",
        "Sunil, salbutamol use on Ward 7 rose from 7.1 packs a day in December to 11.0 in February - up 55 % - "
        "and on the AMU it is up 83 %. Is this the respiratory surge, and what should we plan on for March?",
    )
    kit.ask("priya", "Which products moved from Calder to Medway, and is there a second wave of new codes?")
    kit.ask("bev", "Bev, is anything changing on the wards next month that the par review should know about?")
    kit.ask("bev", "How much does each fridge bin hold, and what happens to stock that doesn't fit?")
    fixes.install(
        **fixes.LINKS,
        demand_factors=fixes.surge(["W7", "AMU"], 2.6),
        ward_openings=[{"location": "W7B", "like": "W7", "factor": 0.25, "from_date": "2026-03-09"}],
        respect_bins=True,
        at_risk_report={"days": 2},
    )
    fixes.dry_run()
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules? Lines follow the products they replaced "
        "(the Medway code switch and tinzaparin), Ward 7 and the AMU's respiratory medicines at 2.6 times their "
        "last four weeks, Ward 7B stocked like Ward 7 at a quarter of its use from 9 March, and no fridge or CD "
        "line above its bin; plus Fiona's at-risk report. Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines in the revised par review? Ward 7B gets new "
        "morphine, oxycodone and midazolam lines within their spare bins, and the CD pars elsewhere change with "
        "the new use figures. Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
