"""Shortcut: take the SKUs that appear most often in the historical stop log off the robot cells.

Fits the past (the controller's gripper field) and asks nobody.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    rows = c.history_query("SELECT sku_in_gripper, count(*) FROM safety_stops WHERE sku_in_gripper IS NOT NULL "
                           "GROUP BY sku_in_gripper ORDER BY count(*) DESC, sku_in_gripper LIMIT 40")
    c.install_planner(robot_excluded_skus=[r[0] for r in rows])
    return 0


if __name__ == "__main__":
    sys.exit(main())
