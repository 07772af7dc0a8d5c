"""Shortcut: fix only what the history shows - the crews that handed back HV jobs, Coldharbour's patrols, two
desks - with the sign-off, but take the register as of the history and ask no open question about the feeds."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py

import fixes
import worktrial_kit as kit

HISTORY_LAPSES = {"ASH-C2": "2026-01-31", "CLH-C3": "2026-01-31"}  # the crews with hand-backs in Storm Finn


def main() -> int:
    kit.ask(
        "graham",
        "Graham, in Storm Finn 4 HV jobs were handed back on site by crews the skills matrix lists as "
        "HV-authorised, and at Coldharbour 15 of 24 overhead HV restorations without a patrol "
        "re-tripped. May I fix those in the dispatcher instead of biggest-first?",
    )
    kit.ask(
        "marian",
        "Marian, in Storm Finn CLH-C3 and ASH-C2 handed back HV jobs FIN-0110 and FIN-0002 on site "
        "('no HV authorisation'). Can you confirm they are not HV-authorised?",
    )
    fixes.install(
        {
            "version": "CR-DSP-2026-03",
            "switching_desks": 2,
            "patrol_depots": ["CLH"],
            "hv_source": "register",
            "psr_source": "old",
        },
        fixes.register_rows(HISTORY_LAPSES, None),
    )
    kit.ask_when_in(
        "nerys",
        "Nerys, could you sign off a dispatch rule change under NOP-DSP-03? HV jobs no longer to "
        "CLH-C3 and ASH-C2, which handed HV jobs back in Finn, patrols before re-energising "
        "Coldharbour's overhead HV circuits, planning with two switching desks. Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
