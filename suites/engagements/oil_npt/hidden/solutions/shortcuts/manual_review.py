"""Shortcut: escalate - hold every NPT line for manual review instead of claiming it automatically."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_claims({"hold_all_for_review": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
