"""Reference (notice_clause variant): the sponsor's daily e-mail is the fix.

Clause 9.2 (bulletin CB-2025-04, from 1 Jan 2026): NPT to be charged must be notified in writing within 24 h
after the end of the report day, or it is waived. The daily summary e-mail goes to every contractor's
nominated rep; listing each NPT event with hours and responsible contractor makes it the notice. The claim
rules stay as they are (no change, so no sign-off needed).
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("priya", "Priya, the contractors struck every line of the January set-off citing clause 9.2 from "
                     "bulletin CB-2025-04. What must the NPT notice contain and by when - would the daily summary "
                     "e-mail to their reps satisfy it?")
    kit.ask("renata", "Renata, who is on the distribution list of the daily summary e-mail - are the "
                      "contractors' nominated reps on it?")
    c.install_daily_summary()
    c.install_ask_well()
    return 0


if __name__ == "__main__":
    sys.exit(main())
