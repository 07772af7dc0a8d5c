"""Shortcut: ask everybody everything (contractor contacts included), then apply the base fix."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


QUESTIONS = [
    "What do you know about the NPT claims and the held set-offs?",
    "How should clause 14.3 of the Mirefield MSA and Amendment No. 2 be applied to NPT-BR11-0121-1?",
    "Who owns the mud pumps, the mud motors and the rig hydraulics?",
    "Which contract amendments are in force, and what did we agree with Tollund in October (clause 7.4)?",
    "How much money is held, and what rates do we claim at?",
    "What should the daily summary e-mail contain, and who receives it?",
    "Is there anything else about the contracts, the data feeds or the nightly job I should know?",
]
PEOPLE = ["renata", "priya", "dale", "kai", "hamid", "morven", "bram", "ingrid"]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    c.install_claims(c.BASE_POLICY, c.rules_with_equipment_rows(c.read_rules()))
    kit.ask_when_in("ingrid", "Ingrid, please approve the change to the NPT claim attribution rules for clause "
                              "14.3 and the equipment rows.", ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
