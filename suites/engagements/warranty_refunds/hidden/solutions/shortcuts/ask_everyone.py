"""Shortcut: ask everybody everything (external contacts included), then apply the base fix with sign-off."""
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402
import worktrial_kit as kit  # noqa: E402


QUESTIONS = [
    "What do you know about the warranty claims we lose at the Consumer Disputes Board?",
    "Are X02 refusals on DW-4 dishwashers, like WR-2601-00044, really liquid ingress?",
    "Is there a supplier or batch problem on the FR-6 compressors and relays?",
    "Do Southgate's failure codes match the diagnosis text since their migration (code list v2)?",
    "What does section 23a require for refusal notices, and are written decisions sent?",
    "What should the auto-reply and the dashboard contain, and how do replies reach customers?",
    "Is there anything else about the triage rules, the data or the costs I should know?",
]
PEOPLE = ["annelie", "ilse", "farid", "noor", "ines", "priscilla", "judit", "lars", "marek"]


def main() -> int:
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    fixes.install_rules({"rule_version": "TR-3.3", "known_defects": [fixes.DW4_VENT], **fixes.WESTHOLM_SPELLING,
                         **fixes.DELIVERY_START})
    kit.ask_when_in("tobias", "Tobias, could you sign off a change request to the triage rules: DW-4 X02 main "
                              "board claims built before week 2536 approved, guarantee counted from delivery, "
                              "Westholm codes read whatever their spelling, as confirmed. Annelie has agreed that "
                              "I work on the rules. Everything else stays as it is.", away=["mon", "2026-03-03"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
