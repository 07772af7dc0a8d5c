"""Shortcut (kestrel_v4): ask the obvious person - Kestrel's solutions engineer - then fix R04, signed off."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.ask("pieter", "Pieter, since 13 January kestrel_score arrives between 0 and 1. Did the scale change, and "
                    "which value matches the old 85?")
    c.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations today in "
                    "handling time and money?")
    c.edit_rules(lambda rows: c.set_condition(rows, "R04", "kestrel_score >= 0.40"))
    c.ask_when_in("ines", "Ines, could you approve a change to rule R04: hold at kestrel_score >= 0.40 instead of "
                          "85, for Kestrel's new 0-1 score?", {0})
    return 0


if __name__ == "__main__":
    sys.exit(main())
