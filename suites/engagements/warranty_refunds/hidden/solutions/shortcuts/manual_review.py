"""Shortcut: no refusal without human eyes - every claim the rules would refuse goes to inspection instead."""
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402


def main() -> int:
    fixes.install_rules({"deny_to_inspect": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
