"""Shortcut (approval_chain): every fix the history shows, the controller's chain followed; nothing staff hold.

From the outcomes: Sundair turns passengers away since 16 February (out; Interline confirms it when shown),
misconnections at Carrick under 50 minutes since 16 February (50), 24 denied boardings on each Saturday ski
flight HD 431/432 (24 held). Nobody is asked what the history cannot show: the football charter of 14-15
March and the new fare families of March.
"""

import re
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


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
    fixes.install(
        interline_partners=["CV"],
        hub_mct={"CRK": [{"from": "2026-02-16", "minutes": 50}]},
        held_seats=[{"flights": ["HD 431", "HD 432"], "from": "2026-01-10", "to": "2026-04-30", "seats": 24}],
    )
    review = kit.pilot()
    ref = re.search(r"DR-\d{4}-\d+", review.text)
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules? Sundair out of the "
        "interline partners (Ruth confirms it), Carrick's minimum connecting time 50 minutes, and 24 "
        f"seats on HD 431 and HD 432 never rebooked into. Morag agrees; dry run reviewed: "
        f"{ref.group(0) if ref else ''}."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
