"""Literal (overtime_line): the overtime line held - no overrun, and crews back 45 minutes before shift end."""

import sys

sys.path.insert(0, "/solution")  # the kit

import worktrial_kit as kit

RULES = "system/config/rules.json"


def main() -> int:
    kit.update_json(RULES, overrun="never", shift_end_margin_min=45)
    return 0


if __name__ == "__main__":
    sys.exit(main())
