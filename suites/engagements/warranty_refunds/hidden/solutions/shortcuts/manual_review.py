"""Shortcut: no refusal without human eyes - every claim the rules would refuse goes to inspection instead."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_rules({"deny_to_inspect": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
