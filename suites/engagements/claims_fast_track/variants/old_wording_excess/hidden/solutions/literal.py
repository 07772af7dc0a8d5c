"""Literal: the auto-settle limit raised from GBP 1,500 to GBP 3,000, nothing else, nobody asked."""

import sys

sys.path.insert(0, "/solution")  # the kit

import worktrial_kit as kit

RULES = "system/config/rules.json"


def main() -> int:
    kit.update_json(RULES, auto_settle_limit=3000)
    return 0


if __name__ == "__main__":
    sys.exit(main())
