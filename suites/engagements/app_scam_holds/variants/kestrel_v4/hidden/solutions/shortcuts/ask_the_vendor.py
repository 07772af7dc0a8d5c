"""Shortcut (kestrel_v4): ask the obvious person - Kestrel's solutions engineer - then fix R04, signed off."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("pieter", "Pieter, since 13 January kestrel_score arrives between 0 and 1. Did the scale change, and "
                      "which value matches the old 85?")
    kit.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                      "handling time and money?")
    c.edit_rules(lambda rows: c.set_condition(rows, "R04", "kestrel_score >= 0.40"))
    kit.ask_when_in("ines", "Ines, could you approve a change to rule R04: hold at kestrel_score >= 0.40 instead of "
                            "85, for Kestrel's new 0-1 score?", ["mon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
