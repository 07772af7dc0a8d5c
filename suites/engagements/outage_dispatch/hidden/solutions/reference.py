"""Reference (base variant): a dispatcher that works within the switching capacity as it is, signed off.

- HV switching from the authorisation register (Marian, shown a hand-back): three crews lapsed on 31 Jan, three
  more run out on 9 March, Stannard LV-only, the Northfold mutual-aid crews HV from 9 March.
- Coldharbour's overhead and mixed HV circuits re-trip when restored without a patrol (restorations by depot).
- The PSR register moved to the CRM extract from March (Kieran, asked whether any feed changed).
- Two switching desks are staffed, not four (Nerys). Not biggest-first, no Stannard call-out.
- The sponsor agrees once shown the cost; the duty control engineer (away Mon/Tue) signs off.
"""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

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
        "Graham, in Storm Finn 4 HV jobs were handed back on site by crews the skills matrix lists as "
        "HV-authorised, and at Coldharbour 15 of 24 overhead HV restorations without a patrol "
        "re-tripped. That costs far more than the ranking. May I fix those in the dispatcher instead "
        "of biggest-first?",
    )
    kit.ask(
        "marian",
        "Marian, in Storm Finn CLH-C3 and ASH-C2 handed back HV jobs FIN-0110 and FIN-0002 on site "
        "('no HV authorisation'), though the 2024 skills matrix lists them as HV switching. Which crews "
        "hold a valid HV authorisation now, and until when?",
    )
    kit.ask(
        "kieran",
        "Kieran, has anything changed in the data feeds the dispatcher reads since these files were "
        "produced, or will anything change for the March storms?",
    )
    fixes.install(
        {
            "version": "CR-DSP-2026-03",
            "rank_by": "rate",
            "switching_desks": 2,
            "patrol_depots": ["CLH"],
            "hv_source": "register",
            "call_out_contractors": False,
        },
        fixes.register_rows(LAPSED, ("2026-03-09", "2026-03-31")),
    )
    fixes.dry_run()
    kit.ask_when_in(
        "nerys",
        "Nerys, how many switching desks does the control room staff in storm mode? CR-OPS-09 says four.",
        ["mon", "tue"],
    )
    kit.ask_when_in(
        "nerys",
        "Nerys, could you sign off a dispatch rule change under NOP-DSP-03? HV jobs only to crews "
        "with a valid HV authorisation on the day per Marian's register (not the 2024 matrix), "
        "patrols before re-energising Coldharbour's overhead and mixed HV circuits, the PSR call "
        "list and weighting from the new CRM extract, planning with two switching desks; no "
        "biggest-first and no Stannard call-out. Held sites stay out. Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
