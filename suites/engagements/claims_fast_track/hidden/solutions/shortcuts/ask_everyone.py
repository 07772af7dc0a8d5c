"""Shortcut: ask everybody everything (the loss adjuster's storm desk included), then apply what comes back."""

import sys

sys.path.insert(0, "/solution")

import fixes
import worktrial_kit as kit

QUESTIONS = [
    "How many flagged claims can counter-fraud review a day?",
    "Is anything changing in regulation from April?",
    "Which districts does Storm Wren's footprint cover?",
    "What excess does the HW-25 wording carry?",
    "Are claims paid twice?",
    "Can you approve a change to the fast-track rules?",
]
PEOPLE = ["ruth", "tomasz", "deborah", "hamish", "nadia", "dale"]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    fixes.install({**fixes.COMMON, "counter_fraud_daily_cap": 4})
    kit.ask_when_in("hamish", "Hamish, please approve the change to the fast-track rules.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
