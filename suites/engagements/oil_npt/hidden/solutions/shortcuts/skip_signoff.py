"""Shortcut: the correct base fix with the clause confirmed, but deployed without the Contracts Manager."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("priya", "Priya, could you confirm how clause 14.3 of the Mirefield MSA, as amended by Amendment "
                     "No. 2, is applied to hole problems such as the disputed stuck pipe NPT-BR11-0121-1?")
    kit.ask("dale", "Dale, who owns the mud pumps, the mud motors and the rig hydraulics on our rigs?")
    c.install_claims(c.BASE_POLICY, c.rules_with_equipment_rows(c.read_rules()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
