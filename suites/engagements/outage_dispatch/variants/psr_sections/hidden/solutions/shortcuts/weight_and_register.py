"""Shortcut (psr_sections): the sponsor's higher PSR weighting on the right register with the patrols, signed off:
the Ashcombe priority customers stay invisible to the dispatcher."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py

import fixes
import worktrial_kit as kit

LAPSED = {
    "BRX-C3": "2026-01-31",
    "CLH-C2": "2026-01-31",
    "ASH-C5": "2026-01-31",
    "BRX-C6": "2026-03-09",
    "CLH-C4": "2026-03-09",
}


def main() -> int:
    kit.ask(
        "graham",
        "Graham, in Storm Finn 8 HV jobs were handed back on site by crews the matrix lists as HV. May I fix "
        "the crew authorisations as well as raising the PSR weighting?",
    )
    kit.ask(
        "marian",
        "Marian, in Storm Finn BRX-C3 and ASH-C5 handed back HV jobs FIN-0026 and FIN-0016 on site "
        "('no HV authorisation'), though the 2024 skills matrix lists them as HV switching. Which crews "
        "hold a valid HV authorisation now, and until when?",
    )
    fixes.install(
        {
            "version": "CR-DSP-2026-03",
            "rank_by": "rate",
            "switching_desks": 2,
            "patrol_depots": ["ASH"],
            "hv_source": "register",
            "psr_weight": 10.0,
            "call_out_contractors": False,
        },
        fixes.register_rows(LAPSED, ("2026-03-09", "2026-03-31")),
    )
    fixes.dry_run()
    kit.ask_when_in(
        "nerys",
        "Nerys, could you sign off a dispatch rule change under NOP-DSP-03? The PSR weighting raised to 10, "
        "HV jobs only to crews with a valid HV authorisation on the day per Marian's register, patrols on "
        "Ashcombe's overhead and mixed HV circuits, two switching desks. Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
