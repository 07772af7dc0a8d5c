"""Shortcut (kestrel_v4): notice the 0-1 scores and rescale the threshold naively (85 -> 0.85), signed off."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money?")
    c.edit_rules(lambda rows: c.set_condition(rows, "R04", "kestrel_score >= 0.85"))
    kit.ask_when_in("ines", "Ines, could you approve a change to rule R04: the Kestrel scores arrive between 0 and 1 "
                            "since January, so hold at kestrel_score >= 0.85 instead of 85?", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
