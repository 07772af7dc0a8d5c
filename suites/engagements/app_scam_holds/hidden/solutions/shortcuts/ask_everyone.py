"""Shortcut: ask everybody everything (the vendor's engineer included), then apply the repair the history shows."""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

RULES = "system/config/hold_rules.csv"
QUESTIONS = [
    "What do you know about the hold rules and the scam reimbursement bill?",
    "What does a hold cost, and how often do the calls stop a scam?",
    "Has the Kestrel score or the ARC 4.3 caution exception changed recently?",
    "Is any receiving institution or e-money firm a particular mule risk?",
    "Which typologies cost us the most, and which rules let them through?",
    "Is there anything else about the rules, the data or the vendor feed I should know?",
]
PEOPLE = ["odile", "ines", "declan", "colm", "gwen", "anouk", "rafael", "yusuf", "bronwen", "pieter"]
BASE_FIX = [
    {"rule_id": "R01", "enabled": "0"},
    {"rule_id": "R06", "enabled": "0"},
    {"rule_id": "R05", "priority": "50", "enabled": "1", "action": "HOLD",
     "condition": "purpose == 'own_account' and payee_new and amount >= 1000 and "
                  "(cop_result != 'MATCH' or device_new_h <= 72)", "name": "Safe-account pattern"},
    {"rule_id": "R09", "priority": "65", "enabled": "1", "action": "ALLOW",
     "condition": "purpose == 'property' and payee_type == 'business' and cop_result == 'MATCH'",
     "name": "House-purchase completions"},
]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    kit.merge_csv(RULES, "rule_id", BASE_FIX)
    kit.ask_when_in("ines", "Ines, please approve the change to the hold rules: disable R06, replace R01 by a "
                            "safe-account hold R05, and release matched completions (R09). A hold costs GBP 14.",
                    ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
