"""Reference (psr_sections): Ashcombe's priority customers back on the list, the current register, patrols, signed.

- The register extract spells Ashcombe's sections the new GIS way since 2 February (ASH:ASC02-H1): the
  dispatcher matched none of them (one cut of the data: the PSR rows per depot; Kieran confirms).
- HV switching from Marian's register (three lapsed on 31 Jan, two more on 9 March, Northfold HV from 9 March).
- Ashcombe's overhead and mixed HV circuits re-trip without a patrol; two switching desks. Not the weighting.
"""

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
        "kieran",
        "Kieran, why do 940 rows of psr_register.csv have section ids like ASH:ASC01-H1 that are not "
        "in the sections table? Is the PSR register extract right for Ashcombe?",
    )
    kit.ask(
        "graham",
        "Graham, the dispatcher has missed every one of Ashcombe's 940 PSR customers since February "
        "because the register spells their sections differently, and in Storm Finn 8 HV jobs were "
        "handed back on site. A higher weighting cannot fix that. May I fix those instead?",
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
            "psr_section_repair": True,
            "call_out_contractors": False,
        },
        fixes.register_rows(LAPSED, ("2026-03-09", "2026-03-31")),
    )
    fixes.dry_run()
    kit.ask_when_in(
        "nerys",
        "Nerys, could you sign off a dispatch rule change under NOP-DSP-03? The PSR register's "
        "Ashcombe sections read in both spellings so those customers are weighted and called, HV "
        "jobs only to crews with a valid HV authorisation on the day per Marian's register, "
        "patrols before re-energising Ashcombe's overhead and mixed HV circuits, planning with "
        "two switching desks. Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
