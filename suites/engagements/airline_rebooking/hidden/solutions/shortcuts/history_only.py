"""Shortcut: every fix the history shows, and nothing the staff hold; with the sponsor's agreement, signed off.

From the outcomes: Sundair turns passengers away since February (out), misconnections at Dunmere under 55
minutes since 2 February (55), 24 denied boardings on each Saturday ski flight HD 431/432 (24 held). Nobody is
asked what the history cannot show: the Sunday rotations, the football charter of 14-15 March, the new fare
families of March.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "morag",
        "Morag, the cost is in the rebooking, not the care rules: in February the job's rebookings "
        "left hundreds of passengers stranded or with missed connections. That cost us GBP 120,000 in "
        "stranded-passenger costs and care claims in February alone. May I fix the rebooking?",
    )
    fixes.install(
        interline_partners=["CV"],
        hub_mct={"DNM": [{"from": "2026-02-02", "minutes": 55}]},
        held_seats=[{"flights": ["HD 431", "HD 432"], "from": "2026-01-10", "to": "2026-04-30", "seats": 24}],
    )
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules? Sundair out of the "
        "interline partners, Dunmere's minimum connecting time 55 minutes, and 24 seats on HD 431 and "
        "HD 432 never rebooked into. Morag agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
