"""Shortcut (notice_clause): ask every staff member an open question about their own area, then fix what they said.

No contractor contact. Each person is asked what is changing in their area and what the claim does not cover;
the worker then builds the notice (Priya), drops the 00:00 repeats on every rig (defensive), keeps the keyword
table that nobody disputes and claims Sextant as before: open questions earn neither Sextant's BR-14 call-off
(Finance and Procurement want a Sextant figure) nor a reason to distrust the table on next month's wordings.
"""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import reference  # noqa: E402
import worktrial_kit as kit  # noqa: E402

AREAS = {
    "renata": "operations and the reporting project",
    "priya": "cost engineering and the contract readings for the NPT claim",
    "ingrid": "the drilling service contracts and the amendment register",
    "dale": "the rigs, the equipment and the drilling schedule",
    "kai": "the drilling database, the rig feeds and the nightly job",
    "hamid": "payables, invoices and the set-offs",
    "lotte": "procurement, purchase orders and call-offs",
}


def main() -> int:
    for person, area in AREAS.items():
        kit.ask(person, f"The contractors struck every January NPT line citing clause 9.2; I'm reviewing the NPT "
                        f"claim and the daily e-mail. Is anything changing next month in {area}?")
        kit.ask(person, f"Which rigs, contractors or kinds of NPT does the current claim not cover correctly, as far "
                        f"as {area} is concerned? Anything I should know?")
    return reference.solve({"attribution": "keywords", "skip_midnight_repeats": True}, sextant=False)


if __name__ == "__main__":
    sys.exit(main())
