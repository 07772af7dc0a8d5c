"""Shortcut: fix only what the MI pack and the queue make obvious - drop the marketplace rule R06. Signed off."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations in handling "
                      "time and money, and how many R06 marketplace holds are scams?")
    c.edit_rules(lambda rows: c.disable(rows, "R06"))
    kit.ask_when_in("ines", "Ines, could you approve a change to the hold rules: disable R06 (marketplace "
                            "purchases)? Declan confirmed the handling cost.", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
