"""Shortcut: fix the one fault that is plain in the data and stop there - repair-centre codes read whatever
their spelling - with the sponsor's agreement and the sign-off. The other hidden constraints stay unfound."""
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("annelie", "Annelie, the Consumer Disputes Board overturned dozens of our refusals last month and the "
                       "inspection bay overflows - EUR 9,000 and more a month. That money comes from the triage "
                       "rules, not from the replies. May I work on the rules as part of this project, with Tobias "
                       "signing the change off?")
    fixes.install_rules({"rule_version": "TR-3.3", **fixes.WESTHOLM_SPELLING})
    kit.ask_when_in("tobias", "Tobias, could you sign off a change request to the triage rules: read repair-centre "
                              "failure codes whatever their spelling ('x-02' as X02), because the unknown "
                              "spellings all go to inspection and overflow the bay. Annelie has agreed that I work "
                              "on the rules. Everything else stays as it is.", away=["mon", "2026-03-03"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
