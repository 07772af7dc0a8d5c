"""Shortcut (base): the right cause from the night technician and the right fix, deployed without the MoC."""
import sys
from datetime import datetime

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.wait_until(datetime(2026, 3, 9, 21, 35))
    kit.ask("bartek", "Bartek, what do you find in the catch trays after the LC-OUT stops at night?")
    c.install_planner(robot_exclusions=[{"packaging": "SHRINK", "min_units_per_pack": 2}])
    return 0


if __name__ == "__main__":
    sys.exit(main())
