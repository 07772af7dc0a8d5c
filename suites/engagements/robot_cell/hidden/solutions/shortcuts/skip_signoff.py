"""Shortcut (base): the right cause from the night technician and the right fix, deployed without the MoC."""
import sys
from datetime import datetime
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.wait_until(datetime(2026, 3, 9, 21, 35))
    c.ask("bartek", "Bartek, what do you find in the catch trays after the LC-OUT stops at night?")
    c.install_planner(robot_exclusions=[{"packaging": "SHRINK", "min_units_per_pack": 2}])
    return 0


if __name__ == "__main__":
    sys.exit(main())
