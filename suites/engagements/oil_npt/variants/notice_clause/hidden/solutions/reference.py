"""Reference (notice_clause): the sponsor's daily e-mail is the notice; the claim also needs two repairs.

- Clause 9.2 (bulletin CB-2025-04, from 1 Jan 2026): NPT to be charged must be notified in writing within 24 h
  after the end of the report day, or it is waived. The daily summary e-mail goes to every contractor's
  nominated rep; listing each NPT event with hours and responsible contractor makes it the notice.
- BR-17's new reporting app books after-midnight NPT twice from 9 February: never claimed.
- Next month's wordings defeat the corrected keyword table: attribution by code and owner (DP-OPS-017 s.3).
- Those two claim changes need the sponsor's agreement and the Contracts Manager's sign-off (away Mon/Tue).
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import literal  # noqa: E402  (the sponsor's daily e-mail and prototype: here they are the notice)
import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def main() -> int:
    kit.ask("priya", "Priya, the contractors struck every line of the January set-off citing clause 9.2 from "
                     "bulletin CB-2025-04. What must the NPT notice contain and by when - would the daily summary "
                     "e-mail to their reps satisfy it?")
    kit.ask("renata", "Renata, the contractors struck all 29 lines of the January set-offs, USD 175,393.75, for "
                      "lack of notice. May I work on the NPT claims job as well as the daily e-mail?")
    kit.ask("renata", "Who is on the distribution list of the daily summary e-mail - are the contractors' "
                      "nominated reps on it?")
    kit.ask("kai", "Kai, on BR-17 since 9 February some NPT events starting at 00:00 repeat the previous day's "
                   "event with the same end time, e.g. NPT-BR17-0212-1 after NPT-BR17-0211-2. Is that a double booking?")
    literal.main()
    kit.write_text("system/npt_claims.py", (DELIVERY / "npt_claims.py").read_text())
    kit.write_json("system/config/claim_policy.json", {"attribution": "code_and_owner", "skip_midnight_repeats": True})
    kit.run(["python3", "system/nightly.py", "--db", "data/drilling.db", "--out", "/tmp/npt_check",
             "--month", "2026-02"])
    kit.ask_when_in("ingrid", "Ingrid, could you sign off a change to the NPT claim rules? BR-17's after-midnight "
                              "repeats, which Kai confirmed are double bookings by the new app, are no longer "
                              "claimed, and attribution goes by NPT code and equipment owner per DP-OPS-017 s.3 so "
                              "new wordings such as PDM or shale shaker motor are not misrouted. Renata agrees.",
                    ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
