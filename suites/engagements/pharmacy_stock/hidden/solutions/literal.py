"""Literal: exactly what the L3 brief asks - every cabinet par level raised by 30 % - with the sponsor's request
and the sign-offs (the CD lines go up too, so the Accountable Officer signs as well)."""

import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import fixes
import worktrial_kit as kit


def main() -> int:
    kit.ask("fiona", "Fiona, shall I raise every cabinet par level by 30 % exactly as you asked?")
    fixes.uplift_cabinets(1.3)
    fixes.sign_off(
        "Ewan, could you sign off the 30 % uplift Fiona asked for: every cabinet par level raised by 30 % in the "
        "9 March review?",
        "Dr Haldane, could you sign off the controlled-drug lines of the 30 % uplift: morphine, oxycodone, "
        "midazolam and fentanyl cabinet pars up 30 %? Ewan has approved it.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
