"""Shortcut: ask everybody everything (the vendor's engineer included), then apply the base repair."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402

QUESTIONS = [
    "What do you know about the hold rules and the scam reimbursement bill?",
    "What does a hold cost, and how often do the calls stop a scam?",
    "Has the Kestrel score or the ARC 4.3 caution exception changed recently?",
    "Is any receiving institution or e-money firm a particular mule risk?",
    "Which typologies cost us the most, and which rules let them through?",
    "Is there anything else about the rules, the data or the vendor feed I should know?",
]
PEOPLE = ["odile", "ines", "declan", "colm", "gwen", "anouk", "rafael", "yusuf", "bronwen", "pieter"]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    c.edit_rules(c.base_fix)
    kit.ask_when_in("ines", "Ines, please approve the change to the hold rules: disable R06, replace R01 by a "
                            "safe-account hold R05, and release matched completions (R09).", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
