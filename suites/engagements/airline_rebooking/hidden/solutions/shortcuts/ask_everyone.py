"""Shortcut: ask everybody everything (the regulator and the partner included), then the base fix, signed off."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

QUESTIONS = [
    "What do you know about the cost of our disruptions and what the re-accommodation job gets wrong?",
    "Are any seats on our flights held for charters or groups that the inventory shows free?",
    "Does every partner on the interline list still accept our rebooked passengers?",
    "Has the minimum connecting time at Carrick or Dunmere changed?",
    "Has anything changed in the fare families recently?",
    "What care and compensation must we give disrupted passengers?",
]
PEOPLE = ["morag", "tomasz", "bethan", "ruth", "gordon", "leena", "sian", "dev", "aled", "jana"]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    fixes.install(
        fares=fixes.NEW_FARES,
        interline_partners=["CV"],
        hub_mct={"DNM": [{"from": "2026-02-02", "minutes": 55}]},
        held_seats=fixes.BASE_HELD,
    )
    fixes.sign_off(
        "Callum, please approve the change to the re-accommodation rules: partners, connecting times, "
        "held seats and fare families."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
