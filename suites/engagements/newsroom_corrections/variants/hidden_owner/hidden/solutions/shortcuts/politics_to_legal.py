"""Shortcut (hidden_owner): everything the last blind playtest found, plus the fix the obvious cut suggests.

Cut by section, the history's legal bill is courts first and politics second, and the election doubles the
politics complaints: so every complaint on a POLITICS story goes to Legal within 12 hours, on top of the
playtest's fix (see everything_found.py). In the unseen month the election's pile-on of politics complaints,
nearly all of them needing no lawyer, buries a legal desk that clears twelve items a day, and court copy waits.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import playtest_steps
import worktrial_kit as kit


def main() -> int:
    playtest_steps.ask_playtest_round()
    fixes.careful(
        add={"channels.staff": ["CMSFLAG"]},
        legal_sections={"COURTS": 3, "POLITICS": 12},
        hold_legal_on_syndicated=True,
    )
    fixes.dry_run()
    kit.ask(
        "priya",
        "Priya, could you review the proposed triage rules before Olu signs them? Every complaint on a COURTS "
        "story goes to the legal desk with a 3-hour deadline, every complaint on a POLITICS story within 12 hours "
        "through the election, and a legal item on a syndicated story also writes a HOLD to the partner feed.",
    )
    fixes.sign_off(
        "Olu, could you sign off a legal routing change to the triage job under EL-3? Complaints on COURTS "
        "stories to Legal within 3 hours, POLITICS stories within 12, a HOLD to the partner feed for legal "
        "items on syndicated stories, CMSFLAG staff flags to the story's desk, NSC referrals within 24 hours. "
        "Helen backs it and Priya has reviewed the rules."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
