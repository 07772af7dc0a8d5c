"""Shortcut: the whole fix from the data and the register, signed off, but nobody asked whether a feed changed:
the contact centre's PSR list still comes from the frozen register extract."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py

import fixes
import worktrial_kit as kit

LAPSED = {
    "ASH-C2": "2026-01-31",
    "BRX-C4": "2026-01-31",
    "CLH-C3": "2026-01-31",
    "ASH-C1": "2026-03-09",
    "BRX-C1": "2026-03-09",
    "CLH-C1": "2026-03-09",
}


def main() -> int:
    kit.ask(
        "graham",
        "Graham, in Storm Finn 4 HV jobs were handed back on site and 15 of 24 unpatrolled Coldharbour "
        "overhead restorations re-tripped. May I fix those instead of biggest-first?",
    )
    kit.ask(
        "marian",
        "Marian, CLH-C3 handed back HV job FIN-0110 in Storm Finn: 'no HV authorisation'. Which crews "
        "hold a valid HV authorisation now, and until when?",
    )
    fixes.install(
        {
            "version": "CR-DSP-2026-03",
            "switching_desks": 2,
            "patrol_depots": ["CLH"],
            "hv_source": "register",
            "psr_source": "old",
        },
        fixes.register_rows(LAPSED, ("2026-03-09", "2026-03-31")),
    )
    kit.ask_when_in(
        "nerys",
        "Nerys, please sign off a dispatch rule change under NOP-DSP-03: HV jobs only to crews "
        "with a valid authorisation per Marian's register, patrols on Coldharbour's overhead HV "
        "circuits, two switching desks. Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
