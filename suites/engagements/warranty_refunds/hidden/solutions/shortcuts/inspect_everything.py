"""Shortcut: never decide blind - send every claim to inspection. Asks nobody."""
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402


def main() -> int:
    fixes.install_rules({"inspect_all": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
