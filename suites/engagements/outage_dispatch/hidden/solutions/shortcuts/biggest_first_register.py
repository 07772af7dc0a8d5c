"""Shortcut: the sponsor's ask done carefully - biggest first and the Stannard crews called out - on the current
register and with the sign-off: the switching capacity is still the limit."""

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
        "Graham, 4 HV jobs were handed back in Storm Finn by crews that are no longer authorised. May "
        "I fix the crew authorisations as well as ranking biggest first?",
    )
    kit.ask(
        "marian",
        "Marian, in Storm Finn CLH-C3 handed back HV job FIN-0110 ('no HV authorisation'). Which "
        "crews hold a valid HV authorisation now, and until when?",
    )
    fixes.install(
        {"version": "CR-DSP-2026-03", "rank_by": "customers", "call_out_contractors": True, "hv_source": "register"},
        fixes.register_rows(LAPSED, ("2026-03-09", "2026-03-31")),
    )
    kit.ask_when_in(
        "nerys",
        "Nerys, please sign off a dispatch rule change under NOP-DSP-03: biggest outages first, "
        "all Stannard crews called out, HV jobs only to crews authorised per Marian's register. "
        "Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
