"""Shortcut: play it safe without asking - slower robots, lighter payload, no film or bag packaging on the cells."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_planner(speed_pct=75, payload_limit_g=1500, excluded_packaging=["SHRINK", "POLYBAG"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
