"""Shortcut: fix only the visible keyword collisions (mud pumps, mud motors, hydraulic fluid), signed off.

Leaves the fluids clause test out, so in-programme hole problems are still claimed from Mirefield.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("priya", "Priya, is clause 14.3 of the Mirefield MSA (Amendment No. 2) the basis for claiming mud "
                     "pump failures such as NPT-BR14-0211-1 from Mirefield?")
    c.install_claims({}, c.rules_with_equipment_rows(c.read_rules()))
    kit.ask_when_in("ingrid", "Ingrid, please sign off a change to the NPT attribution table: mud pump and "
                              "hydraulic fluid failures to Tollund, mud motors to Sextant, instead of Mirefield.",
                    ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
