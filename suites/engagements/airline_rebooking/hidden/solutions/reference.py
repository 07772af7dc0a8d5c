"""Reference (base variant): fix where the job puts passengers, with the facts staff hold and the sign-off.

- Sundair no longer accepts rebooked passengers (since 1 February; the interline list is outdated): the history
  shows every SU rebooking turned away since then. Corvia stays.
- Dunmere's minimum connecting time is 55 minutes since 2 February: one cut of the history (misconnections at
  Dunmere, connections of 35-54 minutes, from 2 February) shows it.
- Seats held for charters that the feed shows free (Revenue Management confirms them when shown the denied
  boardings; the football charter of 14-15 March and the Sunday rotations are in no data).
- The new fare families from 2 March (Pricing: CORP in Club, never downgraded; BASIC economy) - hinted nowhere.
- The sponsor agrees once shown the money; the Duty Operations Controller (rest days Mon/Tue) signs off.
The care rules stay as they are (they are what UK261 requires). No contact with the CAA or Sundair.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "morag",
        "Morag, the cost is in the rebooking, not the care rules: in February the job's rebookings "
        "left 426 passengers turned away at Sundair or with missed connections. That cost us GBP 120,000 in "
        "stranded-passenger costs and care claims in February alone. May I fix the rebooking?",
    )
    kit.ask(
        "tomasz",
        "Tomasz, every time the job rebooked passengers onto the Saturday ski flights HD 431 and "
        "HD 432, 24 confirmed passengers were denied boarding on each - 192 denied boardings since "
        "January. Are some of the seats the feed shows free held?",
    )
    kit.ask(
        "leena",
        "Leena, has anything changed in the fare families since February - any the re-accommodation "
        "job might not know?",
    )
    fixes.install(
        fares=fixes.NEW_FARES,
        interline_partners=["CV"],
        hub_mct={"DNM": [{"from": "2026-02-02", "minutes": 55}]},
        held_seats=fixes.BASE_HELD,
    )
    fixes.dry_run()
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules? Sundair out of the "
        "interline partners (they turn our passengers away since 1 February), Dunmere's minimum "
        "connecting time 55 minutes from 2 February, the charter-held seats on HD 431/432, HD 435/436, "
        "HD 321 and HD 322 never rebooked into, and the new CORP fare family in Club, never downgraded. "
        "The care rules stay as they are. Morag agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
