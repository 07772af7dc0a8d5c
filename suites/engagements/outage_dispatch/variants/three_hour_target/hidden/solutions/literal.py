"""Literal (three_hour_target): December's blanket patrol rule dropped, to lift the dashboard's three-hour share."""

import sys

sys.path.insert(0, "/solution")  # the kit

import worktrial_kit as kit

RULES = "system/config/rules.json"


def main() -> int:
    kit.update_json(RULES, patrol_fault_codes=[])
    return 0


if __name__ == "__main__":
    sys.exit(main())
