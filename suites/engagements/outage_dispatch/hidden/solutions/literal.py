"""Literal: exactly what the L3 brief asks - rank by customers only and call out every Stannard crew.

Touches nothing else and asks nobody (the sponsor gave the instruction himself).
"""

import sys

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit

RULES = "system/config/rules.json"


def main() -> int:
    kit.update_json(RULES, rank_by="customers", call_out_contractors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
