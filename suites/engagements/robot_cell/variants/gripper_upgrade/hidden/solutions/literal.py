"""Literal (gripper_upgrade): exactly what the L3 brief asks - a manual-station staffing forecast."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_staffing_forecast()
    return 0


if __name__ == "__main__":
    sys.exit(main())
