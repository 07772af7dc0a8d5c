"""Shortcut (overtime_line): the first round's other fixes, signed off, but January's no-overrun rule kept - the
sponsor's side of the overtime argument. (It never runs into the Safety Rules' hours limit, having no overruns,
but reads the sections in one spelling only.)"""

import sys

sys.path.insert(0, "/solution")  # the kit, fixes.py and the steps

import overtime_steps as steps
import worktrial_kit as kit


def main() -> int:
    steps.ask_first_round()
    steps.install_and_dry_run("never")
    kit.ask_when_in(
        "nerys",
        "Nerys, could you sign off a dispatch rule change under NOP-DSP-03? HV jobs only to crews with a "
        "valid HV authorisation on the day per Marian's register, patrols on Ashcombe's overhead and mixed HV"
        " circuits, the PSR call list from the new CRM extract; CR-DSP-2026-01 (no job past the end of a "
        "shift) stays. Graham agrees.",
        ["mon", "tue"],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
