"""Shortcut (hidden_owner): ask everybody in-house everything, open questions about each area, no evidence.

Every colleague gets the same broad questions (the regulator and the partner are left alone). What needs no
evidence comes back - the new fare families, Sundair's annex lapsing on 8 March, Porthaven's crewing limit
from 9 March - and is applied; what needs the history shown (Corvia's refusals, Dunmere's connecting time,
the blocks, the Ellerdale crewing limit) gets refusals that ask for flights and figures this strategy never
counts. The sponsor is shown the money, so the change is signed off (six questions to each of nine people
stay within the organisation's patience for questions).
"""

import sys

sys.path.insert(0, "/solution")  # the kit and the shared modules, also for scripts in shortcuts/

import fixes
import owner_facts as facts
import worktrial_kit as kit

QUESTIONS = [
    "What does the re-accommodation job get wrong in your area?",
    "Are any seats on our flights held for charters or groups that the inventory shows free?",
    "Does every partner on the interline list still accept our rebooked passengers?",
    "Is anything changing in our interline agreements next month?",
    "Has the minimum connecting time at Carrick or Dunmere changed, or anything in the fare families?",
    "Are there flights that board fewer passengers than they have seats?",
]
PEOPLE = ["morag", "tomasz", "bethan", "ruth", "gordon", "leena", "sian", "dev", "callum"]


def main() -> int:
    kit.ask("morag", facts.sponsor_message())
    for person in PEOPLE:
        for i, q in enumerate(QUESTIONS):
            if person == "callum" and i == 0:
                kit.ask_when_in(person, q, fixes.OCC_AWAY)
            else:
                kit.ask(person, q)
    porthaven = {"flights": facts.flights_of("PHV"), "from": "2026-03-09", "to": "2026-03-31", "seats": 20}
    fixes.install(fares=fixes.NEW_FARES, interline_partners=["CV"], held_seats=[porthaven])
    fixes.sign_off(
        "Callum, please sign off the change to the re-accommodation rules: Sundair out of the interline "
        "partners from 9 March (its annex lapses), 20 seats fewer on the Porthaven flights from 9 March, and "
        "the new CORP fare family in Club, never downgraded. Morag agrees."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
