"""Shortcut: fix only the keyword collisions named in the dispute letters, signed off.

Adds table rows for mud pumps, fluid ends and hydraulic fluid (Tollund) and mud motors (Sextant) above the
fluids row; no fluids clause test, no check of the daily reports. New wordings next month slip through.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")

ROWS = ("\n12,mud pumps?|fluid[- ]end,TDS,Tollund Exhibit B cl. 7.4 (Zero Rate),rig equipment"
        "\n13,mud motor,SXD,Sextant contract cl. 8.1,DD downhole tools"
        "\n14,hydraulic fluid,TDS,Tollund Exhibit B cl. 7.4 (Zero Rate),rig equipment")


def main() -> int:
    kit.ask("renata", "Renata, Mirefield's set-off has been held since September: USD 280,960 so far. May I fix "
                      "the NPT claim rules?")
    kit.ask("priya", "Priya, on NPT-BR11-0219-1 Mirefield's last check before the losses, at 06:10, read 9.8 ppg, "
                     "43 s and 5.3 mL. How is clause 14.3.1 as amended applied?")
    kit.insert_once("system/config/attribution_rules.csv", "\n20,", ROWS, before=True, marker="12,mud pumps")
    kit.ask_when_in("ingrid", "Ingrid, please sign off a change to the NPT attribution table: mud pump and "
                              "hydraulic fluid failures to Tollund, mud motors to Sextant, instead of Mirefield. "
                              "Renata agrees.", ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
