"""Careful reading, careless rules: gross pay from every payroll line of April (overtime, expenses, the company-car
benefit, redundancy pay and both runs of the monthly payroll), before salary sacrifice; the weekly payroll's week
paid on 3 April; flex hours as worked that week; everyone on maternity leave left out, and those on leave left out of
the bonus figures too; part-timers' bonuses grossed up to full time; the commission paid on 24 April in the bonus
figures instead of the hourly pay. The staff's facts are used as the e-mails give them."""

import sys
from datetime import date

sys.path.insert(0, "/solution")
import _gpg_calc as calc
import reference

GROSS = {
    "BASIC",
    "MATENH",
    "CSP",
    "CARALL",
    "SUP",
    "ONC",
    "FAID",
    "OT15",
    "MILES",
    "BIKCAR",
    "REDUN",
    "HOLPIL",
    "SSP",
    "SMP",
    "SHPP",
    "UPLDED",
}
m = calc.Method(
    ord_m=GROSS,
    ord_w={"BASICHR", "HOL", "SHIFT", "OT15", "OT20", "NIGHTOUT", "SSP", "SMP", "REDUN", "HOLPIL"},
    ord_b={"Basic Pay", "Holiday Pay", "Shift Allowance", "Overtime @ 1.5"},
    sacrifice_out=False,
    commission_in_hourly=False,
    monthly_run="ALL",
    weekly_week=date(2026, 4, 3),
    flex_average=False,
    leave_out_of_bonus=True,
    fte_bonus=True,
    maternity_all_out=True,
    window=(date(2025, 4, 6), date(2026, 4, 30)),
)
data = calc.load()
reference.deliver(data, reference.facts_from_mails(data["mails"]), m)
