"""Shortcut (overtime_line): everything the last blind playtest found - overtime where it pays, Marian's
register, Ashcombe's patrols, the CRM extract read as Kieran first describes it - signed off, but not the
Safety Rules' hours limit on overruns nor the new GIS spelling of sections in the CRM and the fault app.
This is the "asks everybody about their own area" worker: each of those answers comes from an open question
to the obvious owner."""

import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py

import fixes
import worktrial_kit as kit

LAPSED = {
    "ASH-C4": "2026-01-31",
    "BRX-C2": "2026-01-31",
    "CLH-C5": "2026-01-31",
    "ASH-C3": "2026-03-09",
    "BRX-C5": "2026-03-09",
}


def main() -> int:
    kit.ask(
        "imran",
        "Imran, what do we pay when customers are off for 12 hours, and what does overtime cost us against that?",
    )
    kit.ask(
        "graham",
        "Graham, in Storm Finn 8 HV jobs were handed back on site by crews the matrix lists as "
        "authorised, and at Ashcombe 19 of 27 overhead HV restorations without a patrol re-tripped; "
        "since January's no-overrun rule jobs that do not fit the end of a shift wait for the next "
        "one. May I fix those, and let jobs run over where it saves more than the overtime costs?",
    )
    kit.ask(
        "marian",
        "Marian, in Storm Finn BRX-C2 and CLH-C5 handed back HV jobs FIN-0058 and FIN-0076 on site "
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
            "switching_desks": 4,
            "patrol_depots": ["ASH"],
            "hv_source": "register",
            "overrun": "value",
            "call_out_contractors": False,
        },
        fixes.register_rows(LAPSED, ("2026-03-09", "2026-03-31")),
    )
    fixes.dry_run()
    kit.ask_when_in(
        "nerys",
        "Nerys, could you sign off a dispatch rule change under NOP-DSP-03? HV jobs only to crews "
        "with a valid HV authorisation on the day per Marian's register, patrols before "
        "re-energising Ashcombe's overhead and mixed HV circuits, the PSR call list from the new "
        "CRM extract, and jobs may run past the end of a shift where the saving beats the "
        "overtime (replacing CR-DSP-2026-01); no Stannard call-out. Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
