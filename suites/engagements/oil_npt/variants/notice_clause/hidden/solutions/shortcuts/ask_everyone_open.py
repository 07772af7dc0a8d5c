"""Shortcut (notice_clause): ask every staff member an open question about their own area, then fix what they said.

No contractor contact. Each person is asked what is changing in their area and what the claim does not cover;
the worker then builds the notice (Priya), drops the 00:00 repeats on every rig (defensive), keeps the keyword
table that nobody disputes and claims Sextant as before: open questions earn neither Sextant's BR-14 call-off
(Finance and Procurement want a Sextant figure) nor a reason to distrust the table on next month's wordings.
"""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import reference  # noqa: E402
import staff_questions  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    staff_questions.ask_everyone(
        "The contractors struck every January NPT line citing clause 9.2; I'm "
        "reviewing the NPT claim and the daily e-mail. "
    )
    return reference.solve({"attribution": "keywords", "skip_midnight_repeats": True}, sextant=False)


if __name__ == "__main__":
    sys.exit(main())
