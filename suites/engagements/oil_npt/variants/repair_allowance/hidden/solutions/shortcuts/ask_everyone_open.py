"""Shortcut (repair_allowance): every staff member asked about their own area, then the fix they point to.

No contractor contact. The open questions and the data analysis earn what the blind playtests found (Dale's
allowance and its March exception, Kai's repeats, attribution by owner); they do not earn Sextant's BR-11
call-off, which Finance and Procurement discuss only when shown a Sextant figure. The misroutes seen in history
are fixed in the keyword table (as the last blind playtest did), so next month's new wordings slip through.
"""
import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import reference  # noqa: E402
import staff_questions  # noqa: E402
import worktrial_kit as kit  # noqa: E402

ROWS = ("\n12,mud pumps?|fluid[- ]end|hydraulic fluid,TDS,Tollund Exhibit B cl. 7.4 (Zero Rate),rig equipment"
        "\n13,mud motor|\\bmwd\\b|rotary steerable,SXD,Sextant contract cl. 8.1,DD downhole tools")


def main() -> int:
    staff_questions.ask_everyone(
        "I'm reviewing the NPT claim job, whose set-offs the contractors keep "
        "disputing. "
    )
    kit.insert_once("system/config/attribution_rules.csv", "\n20,", ROWS, before=True, marker="12,mud pumps")
    return reference.main(sextant=False, attribution="keywords")


if __name__ == "__main__":
    sys.exit(main())
