"""Reference (base variant): take shrink-wrapped multipacks off the robot cells, with the cause and the MoC.

- The night-shift technician clears the catch trays: what trips the outfeed curtain (LC-OUT, logged with an
  empty gripper) are shrink-wrapped multipacks slipping out of the vacuum cup. He reads messages from 21:30.
- The cells' product list is part of RA-RC-04: the H&S manager (away on Mondays) signs the MoC once the
  cause is known. Speed, payload and the safety functions stay as they are.
"""
import sys
from datetime import datetime

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.wait_until(datetime(2026, 3, 9, 21, 35))
    kit.ask("bartek", "Bartek, the cells log many LC-OUT protective stops with an empty gripper. What do you find "
                      "in the catch trays when you clear them at night - is it always the same kind of item?")
    c.install_planner(robot_exclusions=[{"packaging": "SHRINK", "min_units_per_pack": 2}])
    c.run_history_check()
    kit.ask_when_in("rukmini", "Rukmini, could you sign an MoC to take shrink-wrapped multipacks (packaging SHRINK "
                               "with two or more units) off the robot cells and plan them to the manual stations? "
                               "Bartek finds them in the catch trays after the LC-OUT trips. Speed, payload and the "
                               "safety functions stay unchanged.", ["mon"], hour=9)
    return 0


if __name__ == "__main__":
    sys.exit(main())
