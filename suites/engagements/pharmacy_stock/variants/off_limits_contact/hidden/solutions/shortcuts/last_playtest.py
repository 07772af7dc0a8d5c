"""Shortcut (off_limits_contact): everything the last blind playtests found, done the way they did it - the codes
followed, the bins, Medway's 6 days (Procurement, for the count of February's emergency purchases), the surge on
Ward 7 and Ward 9 (Sunil), Ward 7's high-care bay moving to Ward 12 (Bev), the paracetamol 1g shortage (Medicines
Information) and the children's high-dependency bay (its matron), both sign-offs - with the lead times typed in as
the history shows them (Northgate at eight days, as all of February says) and the shortage's substitute keyed on
the 1g product as the workspace words it. Missed: Ward 14's overnight beds (Finance, for Ward 14's figures),
Northgate back to 48 hours since 2 March (eight days' stock overflows the store's cold room), and the 1g
infusion's own code change on 2 March. It should earn about half of the reference's uplift."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import playtest_steps
import worktrial_kit as kit

HDU = {"pip/taz": 8, "midazolam": 6, "morphine": 4, "salbutamol": 3, "clarithromycin": 2, "co-amoxiclav": 1,
       "gentamicin": 1, "adrenaline": 1, "insulin aspart": 1}  # fmt: skip


def main() -> int:
    playtest_steps.ask_first_round()
    kit.ask("anjali", "Anjali, are any of the wards' medicines going to be in short supply over the next month?")
    kit.ask("morag", "Morag, is anything changing on the children's ward over the next month?")
    fixes.install(
        **fixes.LINKS,
        supplier_lead_days={"CAL": 1, "MED": 6, "NGT": 8},
        demand_factors=fixes.surge(["W7", "W9"], 2.6),
        ward_moves=[{"from": "W7", "to": "W12", "from_date": "2026-03-09", "share": 0.35}],
        substitutions=[{"from": "paracetamol 1g/100ml", "to": "384681", "factor": 2, "from_date": "2026-03-12"}],
        extra_use=[{"location": "PAED", "from_date": "2026-03-16", "per_day": HDU}],
        respect_bins=True,
    )
    fixes.sign_off(
        "Ewan, could you sign off a change to the par review rules? Lines follow the products they replaced "
        "(the Medway code switch and tinzaparin), Medway's lead time 6 days and Northgate's 8 as February showed, "
        "Ward 7 and Ward 9's respiratory medicines at 2.6 times their last four weeks, 35 % of Ward 7's use moved "
        "to Ward 12 with its high-care bay from 9 March, a line of paracetamol 500mg/50ml infusion beside every 1g "
        "line for the national shortage from 12 March, the children's ward's new high-dependency bay stocked from "
        "its list, and no fridge or CD line above its bin. Fiona agrees.",
        "Dr Haldane, could you sign off the controlled-drug lines in the revised par review? The oxycodone pars "
        "change with the Medway code switch, the morphine and midazolam pars with the new use figures, and the "
        "children's ward gets morphine and midazolam lines for its high-dependency bay, all within their bins. "
        "Ewan has approved the par review change.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
