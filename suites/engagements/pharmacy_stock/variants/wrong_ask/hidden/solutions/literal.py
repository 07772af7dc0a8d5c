"""Literal (wrong_ask): exactly what the L3 brief asks - the at-risk report for the ward managers, the par levels
left as they are - with the sponsor's request and Ewan told."""

import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("fiona", "Fiona, shall I add the at-risk report exactly as you asked, leaving the par levels alone?")
    fixes.install(at_risk_report={"days": 2})
    kit.ask_when_in(
        "ewan",
        "Ewan, could you sign off the at-risk report Fiona asked for: at_risk_lines.csv added to the par review's "
        "output, nothing else changed?",
        fixes.EWAN_AWAY,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
