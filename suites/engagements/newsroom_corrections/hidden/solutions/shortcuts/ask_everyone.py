"""Shortcut: ask everybody everything (the regulator and the complainant included), then the base fix, signed off."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit

QUESTIONS = [
    "What do you know about what the triage job gets wrong?",
    "Has anything changed since these files were produced?",
    "Should complaints about court reports go to the legal desk?",
    "How quickly must NSC referrals be acknowledged?",
]
PEOPLE = ["helen", "olu", "priya", "siobhan", "marcus", "ana", "rhys", "tom", "jo", "graham", "dana"]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    kit.ask("helen", fixes.HARM.format(n=76, nsc=57, gbp="360,000"))
    fixes.careful(add={"channels.regulator": ["NSCHUB"]}, legal_sections={"COURTS": 3, "CRIME-COURTS": 3})
    kit.ask("priya", "Priya, could you review the proposed triage rules: legal terms first, COURTS stories to Legal?")
    fixes.sign_off("Olu, please approve the legal routing change to the triage rules. Helen backs it.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
