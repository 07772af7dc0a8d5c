"""A plausible but naive valuation: every measured quantity valued at the bill rate (firm items remeasured too),
provisional sums at their face value, every preliminary pro rata to the time elapsed, the Contractor's value of every
line of the register (superseded, withdrawn and unauthorised ones included), every material listed and every
off-site item applied for, the steel surcharge, 3% retention throughout, previous payments as paid, liquidated
damages as the Commercial Director asked, notice periods in plain calendar days and our own figure as the notified
sum."""

import runpy

import_rules = {
    "remeasure_all",
    "ps_at_face",
    "prelims_pro_rata",
    "variations_as_claimed",
    "mos_all",
    "offsite_all",
    "fluctuations_claimed",
    "flat_retention",
    "previous_paid",
    "lds_as_asked",
    "calendar_days",
    "notified_is_ours",
}
runpy.run_path("/solution/reference.py", init_globals={"ASK": False, "RULES": import_rules}, run_name="__main__")
