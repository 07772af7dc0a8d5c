"""Shortcut: "when in doubt, Legal" - every item goes to the legal desk; every fact known, backed and signed off."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("helen", fixes.HARM.format(n=76, nsc=57, gbp="360,000"))
    fixes.careful(
        add={"channels.regulator": ["NSCHUB"]}, legal_sections={"COURTS": 3, "CRIME-COURTS": 3}, legal_patterns=["."]
    )
    kit.ask("priya", "Priya, could you review the proposed triage rules: every complaint goes to the legal desk?")
    fixes.sign_off(
        "Olu, could you sign off a legal routing change: every complaint goes to the legal desk? "
        "Helen backs it and Priya has reviewed the rules."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
