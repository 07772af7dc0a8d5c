"""Reference (hidden_owner): the charter block was sold outside Revenue Management, so Leisure Sales holds it.

- Corvia no longer accepts rebooked passengers (since 26 January); Sundair still does.
- Dunmere's minimum connecting time is 50 minutes since 9 February (one cut of the history).
- Snowline Tours' hard block on HD 433/434 and this weekend's choir group on HD 611/612: Leisure & Groups
  (Bethan) confirms them when shown the denied boardings; Revenue Management cannot see them.
- The new fare families from 2 March (Pricing), hinted nowhere.
- The sponsor agrees once shown the money; the Duty Operations Controller (rest days Mon/Tue) signs off.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

HELD = [
    {"flights": ["HD 433", "HD 434"], "from": "2026-01-10", "to": "2026-04-12", "seats": 36},
    {"flights": ["HD 611"], "from": "2026-03-14", "to": "2026-03-14", "seats": 28},
    {"flights": ["HD 612"], "from": "2026-03-15", "to": "2026-03-15", "seats": 28},
]


def main() -> int:
    kit.ask(
        "morag",
        "Morag, the cost is in the rebooking, not the care rules: in February the job's rebookings "
        "left hundreds of passengers stranded at Corvia or with missed connections. That cost us "
        "GBP 102,000 in stranded-passenger costs and care claims in February alone. May I fix the "
        "rebooking?",
    )
    kit.ask(
        "bethan",
        "Bethan, each time the job rebooked passengers onto the ski flights HD 433 and HD 434, "
        "confirmed passengers were denied boarding - 127 denied boardings since January. Are seats on "
        "those flights held for a tour operator or a group?",
    )
    kit.ask(
        "leena",
        "Leena, has anything changed in the fare families since February - any the re-accommodation "
        "job might not know?",
    )
    fixes.install(
        fares=fixes.NEW_FARES,
        interline_partners=["SU"],
        hub_mct={"DNM": [{"from": "2026-02-09", "minutes": 50}]},
        held_seats=HELD,
    )
    fixes.dry_run()
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules? Corvia out of the "
        "interline partners (they turn our passengers away since 26 January), Dunmere's minimum "
        "connecting time 50 minutes from 9 February, the block seats on HD 433/434, HD 611 and HD 612 "
        "never rebooked into, and the new CORP fare family in Club, never downgraded. Morag agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
