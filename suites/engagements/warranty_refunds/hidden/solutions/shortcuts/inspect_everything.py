"""Shortcut: never decide blind - send every claim to inspection. Asks nobody."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_rules({"inspect_all": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
