"""Literal (pph_objective): exactly what the L3 brief asks - a PPH leaderboard and a 480-minute robot plan."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_pph_board()
    c.update_config(robot_plan_min=480)
    return 0


if __name__ == "__main__":
    sys.exit(main())
