"""Literal (psr_sections): the priority-register weighting raised from 4 to 10, nothing else."""

import sys

sys.path.insert(0, "/solution")  # the kit

import worktrial_kit as kit

RULES = "system/config/rules.json"


def main() -> int:
    kit.update_json(RULES, psr_weight=10.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
