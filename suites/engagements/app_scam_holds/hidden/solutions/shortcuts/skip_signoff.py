"""Shortcut: the base rule repair, deployed without Fraud Operations' figures or the FRCB sign-off."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.edit_rules(c.base_fix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
