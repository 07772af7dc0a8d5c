"""Shortcut: fix only what the MI pack and the queue make obvious - drop the marketplace rule R06. Signed off."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.ask("declan", "Declan, for an FRCB impact assessment: what does one hold cost Fraud Operations in handling "
                    "time and money, and how many R06 marketplace holds are scams?")
    c.edit_rules(lambda rows: c.disable(rows, "R06"))
    c.ask_when_in("ines", "Ines, could you approve a change to the hold rules: disable R06 (marketplace "
                          "purchases)? Declan confirmed the handling cost.", {0})
    return 0


if __name__ == "__main__":
    sys.exit(main())
