"""Shortcut: ask everybody everything (contractor contacts included), then apply the base fix with sign-off."""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")

QUESTIONS = [
    "What do you know about the NPT claims and the held set-offs?",
    "How should clause 14.3 of the Mirefield MSA and Amendment No. 2 be applied to NPT-BR11-0121-1?",
    "Who owns the mud pumps, the mud motors and the rig hydraulics?",
    "Which contract amendments are in force, and what did we agree with Tollund in October (clause 7.4)?",
    "How much money is held, and what rates do we claim at?",
    "Are there known problems in the rig data feeds or the daily reports?",
    "What should the daily summary e-mail contain, and who receives it?",
]
PEOPLE = ["renata", "priya", "dale", "kai", "hamid", "morven", "bram", "ingrid"]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    kit.write_text("system/npt_claims.py", (DELIVERY / "npt_claims.py").read_text())
    kit.write_text("system/config/claim_policy.json", (DELIVERY / "policy_base.json").read_text())
    kit.ask_when_in("ingrid", "Ingrid, please approve the change to the NPT claim rules for clause 14.3, the "
                              "equipment owners and the double bookings.", ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
