"""Shortcut (hidden_owner): every fix the history shows, asking only the owner of the inventory; signed off.

From the outcomes: Corvia turns passengers away since late January (out), misconnections at Dunmere under 50
minutes since 9 February (50), up to 30 denied boardings on the ski flights HD 433/434 (30 held). Revenue
Management, asked, cannot explain the denied boardings; Leisure Sales is never asked, so this weekend's group
block and the block's real size are missed, and so are the new fare families.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask(
        "morag",
        "Morag, the cost is in the rebooking, not the care rules: in February the job's rebookings "
        "left hundreds of passengers stranded at Corvia or with missed connections. That cost us "
        "GBP 102,000 in stranded-passenger costs and care claims in February alone. May I fix the "
        "rebooking?",
    )
    kit.ask(
        "tomasz",
        "Tomasz, each time the job rebooked passengers onto the ski flights HD 433 and HD 434, "
        "confirmed passengers were denied boarding - 127 denied boardings since January. Are some of "
        "the seats the feed shows free held?",
    )
    fixes.install(
        interline_partners=["SU"],
        hub_mct={"DNM": [{"from": "2026-02-09", "minutes": 50}]},
        held_seats=[{"flights": ["HD 433", "HD 434"], "from": "2026-01-10", "to": "2026-04-30", "seats": 30}],
    )
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules? Corvia out of the "
        "interline partners, Dunmere's minimum connecting time 50 minutes, and 30 seats on HD 433 and "
        "HD 434 never rebooked into. Morag agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
