"""Shortcut (overtime_line): everything the last blind playtest found - overtime where it pays, Marian's
register, Ashcombe's patrols, the CRM extract read as Kieran first describes it - signed off, but not the
Safety Rules' hours limit on overruns nor the new GIS spelling of sections in the CRM and the fault app.
This is the "asks everybody about their own area" worker: each of those answers comes from an open question
to the obvious owner."""

import sys

sys.path.insert(0, "/solution")  # the kit, fixes.py and the steps

import overtime_steps as steps
import worktrial_kit as kit


def main() -> int:
    steps.ask_first_round()
    steps.install_and_dry_run("value")
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
