"""Shortcut: the correct base fix with the clause confirmed, but deployed without the Contracts Manager."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.ask("priya", "Priya, could you confirm how clause 14.3 of the Mirefield MSA, as amended by Amendment "
                   "No. 2, is applied to hole problems such as the disputed stuck pipe NPT-BR11-0121-1?")
    c.ask("dale", "Dale, who owns the mud pumps, the mud motors and the rig hydraulics on our rigs?")
    c.install_claims(c.BASE_POLICY, c.rules_with_equipment_rows(c.read_rules()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
