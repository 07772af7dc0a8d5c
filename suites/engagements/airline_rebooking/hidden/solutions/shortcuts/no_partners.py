"""Shortcut: switch interline off altogether (partners cause trouble) and raise every connecting time; signed off.

Stops the refusals at Sundair and the missed connections, but gives up Corvia's seats, and keeps rebooking into
held seats and downgrading the new corporate fare.
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
    fixes.install(interline_partners=[], min_connect_minutes=60)
    fixes.sign_off(
        "Callum, could you sign off a change to the re-accommodation rules: no interline partners any "
        "more and 60 minutes minimum connecting time at both hubs? Morag agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
