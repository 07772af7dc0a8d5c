"""A naive audit that corrects the rates (the rise date, the HR grades) but reads the premiums the way the payroll
set-up and the regional summary do: night premium up to midnight, weekend premium by the day the shift starts,
overtime only beyond 10 hours in a shift, a 3-hour call-out minimum and one holiday calendar for every site."""
import sys
from datetime import datetime, time, timedelta

sys.path.insert(0, "/solution")
import reference  # noqa: E402


def entitlement(week, rate, holidays, night):
    worked = sum(int((e - s).total_seconds() // 60) for _, s, e, _, _ in week)
    ot = sum(max(0, int((e - s).total_seconds() // 60) - 600) for _, s, e, _, _ in week)
    nmin = sat = sun = ph = pad = 0
    for _, s, e, callout, _ in week:
        minutes = int((e - s).total_seconds() // 60)
        nmin += reference.overlap(s, e, datetime.combine(s.date(), time(22)),
                                  datetime.combine(s.date() + timedelta(days=1), time(0)))
        if s.date().month == 8 and s.date().day == 31:
            ph += minutes
        elif s.weekday() == 5:
            sat += minutes
        elif s.weekday() == 6:
            sun += minutes
        if callout:
            pad += max(0, 180 - minutes)

    def money(m, r):
        return round(m / 60 * r + 1e-9, 2) if m else 0.0

    return {"basic": money(worked, rate), "overtime": money(ot, rate * 0.5), "night": money(nmin, rate * 0.25),
            "weekend": round(money(sat, rate * 0.25) + money(sun, rate * 0.5), 2),
            "public_holiday": money(ph, rate), "call_out": money(pad, rate)}


reference.entitlement = entitlement
reference.ASK = False
reference.main()
