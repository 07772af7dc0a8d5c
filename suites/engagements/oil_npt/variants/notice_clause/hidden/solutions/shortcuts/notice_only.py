"""Shortcut (notice_clause): the sponsor's e-mail made the notice, the claim job left as shipped.

Priya's reading (each event with hours, contractor and amount) and Renata's list; no claim rule changed, so no
sign-off is needed. The repeats, the unseen wordings and Sextant's BR-14 call-off are claimed as the job does.
"""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import literal  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("priya", "Priya, the contractors struck every line of the January set-off citing clause 9.2 from "
                     "bulletin CB-2025-04. What must the NPT notice contain - would the daily e-mail satisfy it?")
    kit.ask("renata", "Who is on the distribution list of the daily summary e-mail - are the contractors' "
                      "nominated reps on it?")
    literal.main()
    kit.write_json("system/config/daily_summary.json", {"npt_notice": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
