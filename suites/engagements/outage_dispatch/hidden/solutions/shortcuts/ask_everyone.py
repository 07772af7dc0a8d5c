"""Shortcut: ask everybody everything (the regulator's case officer included), then apply what comes back."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py

import fixes
import worktrial_kit as kit

QUESTIONS = [
    "Which crews are authorised for HV switching, and did anything change this winter?",
    "Has anything changed in the data feeds the dispatcher reads?",
    "How many switching desks are staffed in storm mode?",
    "Why do circuits re-trip after restoration, and when should crews patrol?",
    "What does a storm cost us in compensation and priority customers?",
    "Can you approve a change to the dispatch rules?",
]
PEOPLE = ["graham", "nerys", "marian", "sandra", "kieran", "owain", "imran", "howard"]
LAPSED = {"ASH-C2": "2026-01-31", "BRX-C4": "2026-01-31", "CLH-C3": "2026-01-31"}


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    fixes.install(
        {"version": "CR-DSP-2026-03", "switching_desks": 2, "patrol_depots": ["CLH"], "hv_source": "register"},
        fixes.register_rows(LAPSED, None),
    )
    kit.ask_when_in("nerys", "Nerys, please approve the change to the dispatch rules.", ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
