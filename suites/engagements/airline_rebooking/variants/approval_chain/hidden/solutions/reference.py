"""Reference (approval_chain): the base kind of fix, with the controller's preconditions met in order.

- Sundair no longer accepts rebooked passengers since 16 February; Interline (Ruth, away on Wednesday)
  confirms it in writing when shown what happened to the passengers.
- Carrick's minimum connecting time is 50 minutes since 16 February (one cut of the history).
- Alpenreise's 24 seats on HD 431/432 and the football charter on HD 323/324 (Revenue Management, evidence gate).
- The new fare families from 2 March (Pricing), hinted nowhere.
- The controller (rest days Mon/Tue) signs only with the sponsor's agreement, Ruth's confirmation and the
  reference of a reviewed dry run (bin/pilot).
"""

import re
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

HELD = [
    {"flights": ["HD 431", "HD 432"], "from": "2026-01-10", "to": "2026-04-11", "seats": 24},
    {"flights": ["HD 323"], "from": "2026-03-14", "to": "2026-03-14", "seats": 30},
    {"flights": ["HD 324"], "from": "2026-03-15", "to": "2026-03-15", "seats": 30},
]


def main() -> int:
    kit.ask(
        "morag",
        "Morag, the cost is in the rebooking, not the care rules: in February the job's rebookings "
        "left hundreds of passengers stranded at Sundair or with missed connections. That cost us "
        "GBP 74,000 in stranded-passenger costs and care claims in February alone. May I fix the "
        "rebooking?",
    )
    kit.ask(
        "ruth",
        "Ruth, every passenger the job rebooked onto Sundair since 16 February was turned away at their "
        "check-in. Has Sundair stopped accepting our rebooked passengers?",
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
        hub_mct={"CRK": [{"from": "2026-02-16", "minutes": 50}]},
        held_seats=HELD,
    )
    fixes.dry_run()
    review = kit.pilot()
    ref = re.search(r"DR-\d{4}-\d+", review.text)
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules? Sundair out of the "
        "interline partners (Ruth confirms they refuse our passengers since 16 February), Carrick's "
        "minimum connecting time 50 minutes from 16 February, the charter-held seats on HD 431/432, "
        "HD 323 and HD 324 never rebooked into, and the new CORP fare family in Club, never downgraded. "
        f"Morag agrees, and the dry run on last week's disruption was reviewed: {ref.group(0) if ref else ''}."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
