"""Reference (overtime_line): overtime where it pays and the Safety Rules allow, on the current register, with
Ashcombe's patrols and both section spellings, signed off.

- January's no-overrun rule holds back every job that would run past the end of a shift; the KPI sides with
  Customer Obligations on overtime (allowed where the saving beats its cost) and with the sponsor on the
  Stannard crews (not called out).
- The two Corvin refusals ("switching refused: hours on duty") lead to Marian's Safety Rules: no HV switching
  after 14 hours on duty, 11 hours off between duties. Overruns on HV jobs end by 21:00.
- HV switching from Marian's register (three lapsed on 31 Jan, two more on 9 March, Northfold HV from 9 March).
- Ashcombe's overhead and mixed HV circuits re-trip without a patrol; Coldharbour's stopped after January's
  clearance (none in Finn) and a patrol there takes two hours, so no patrols at Coldharbour.
- The PSR register moved to the CRM extract; asked how its sections are spelt, Kieran tells of the GIS
  spelling in the CRM's new registrations and in the new fault app's outage rows: read both.
"""

import sys

sys.path.insert(0, "/solution")  # the kit, fixes.py and the steps

import overtime_steps as steps
import worktrial_kit as kit


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
    kit.ask("marian", steps.MARIAN_HV)
    kit.ask(
        "marian",
        "Marian, in Corvin COR-0036 (BRX-C2, on site at 17:21) and COR-0057 (ASH-C1, 19:32) were refused "
        "their switching for hours on duty. If crews are allowed to run past 19:00 on HV jobs, how late "
        "may a crew still switch, and what rest does it need before the next duty?",
    )
    kit.ask(
        "kieran",
        "Kieran, has anything changed in the data feeds the dispatcher reads since these files were "
        "produced, or will anything change for the March storms?",
    )
    kit.ask(
        "kieran",
        "Kieran, do the section ids in the CRM's psr_extract.csv and in the new fault app's outage rows "
        "match the sections table the way the old feeds did?",
    )
    steps.install_and_dry_run(
        "value", hv_hours_limit_min=840, rest_between_duties_min=660, normalise_sections=True
    )
    kit.ask_when_in(
        "nerys",
        "Nerys, could you sign off a dispatch rule change under NOP-DSP-03? HV jobs only to crews "
        "with a valid HV authorisation on the day per Marian's register, patrols before "
        "re-energising Ashcombe's overhead and mixed HV circuits (not Coldharbour's), the PSR call "
        "list from the new CRM extract with both section spellings, and jobs may run past the end "
        "of a shift where the saving beats the overtime (replacing CR-DSP-2026-01) within the Safety "
        "Rules' hours limit (HV finished by 21:00, 11 hours' rest); no Stannard call-out. Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
