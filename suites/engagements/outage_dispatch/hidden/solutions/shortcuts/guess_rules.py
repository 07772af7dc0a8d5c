"""Shortcut: the right people asked for the sign-off, but the rules guessed rather than found: patrol every
overhead HV circuit, plan with three desks, drop only the crews seen handing jobs back, keep the old PSR file."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py

import fixes
import worktrial_kit as kit

SEEN = {"ASH-C2": "2026-01-31", "CLH-C3": "2026-01-31"}


def main() -> int:
    kit.ask(
        "graham",
        "Graham, in Storm Finn 4 HV jobs were handed back on site and circuits re-tripped after restoration. "
        "May I change the dispatch rules for those instead of biggest-first?",
    )
    kit.ask(
        "marian",
        "Marian, CLH-C3 handed back HV job FIN-0110 in Storm Finn: no HV authorisation. Is that right?",
    )
    fixes.install(
        {
            "version": "CR-DSP-2026-03",
            "switching_desks": 3,
            "patrol_depots": ["ASH", "BRX", "CLH"],
            "hv_source": "register",
            "psr_source": "old",
        },
        fixes.register_rows(SEEN, None),
    )
    kit.ask_when_in(
        "nerys",
        "Nerys, please sign off a dispatch rule change under NOP-DSP-03: patrols before re-energising every "
        "overhead HV circuit, three switching desks, HV jobs no longer to CLH-C3 and ASH-C2. Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
