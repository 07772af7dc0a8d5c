"""Shortcut (off_limits_contact): everything the first blind playtest found - the codes followed, the bins, Medway's
lead time (here confirmed by Procurement for the count), the surge on Ward 7 and Ward 9 (Sunil), Ward 7's high-care
bay moving to Ward 12 (Bev), both sign-offs - and neither fact that no document or data hints at: the national
shortage of paracetamol 1g infusion (Medicines Information) and the children's ward's high-dependency bay (its
matron). Since the second hardening it also misses Ward 14's overnight beds (Finance) and the 1g infusion's code
change, so it earns well under half of the reference's uplift; last_playtest is the run the targets are set on."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import playtest_steps


def main() -> int:
    playtest_steps.ask_first_round()
    fixes.install(
        **fixes.LINKS,
        supplier_lead_days={"CAL": 1, "MED": 6, "NGT": 2},
        demand_factors=fixes.surge(["W7", "W9"], 2.6),
        ward_moves=[{"from": "W7", "to": "W12", "from_date": "2026-03-09", "share": 0.35}],
        respect_bins=True,
    )
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
