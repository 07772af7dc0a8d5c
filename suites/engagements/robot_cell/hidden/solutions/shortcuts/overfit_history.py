"""Shortcut: take the SKUs that appear most often in the historical stop log off the robot cells.

Fits the past (the controller's gripper field) and asks nobody.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def install(*files: str, **config: object) -> None:
    for name in files:
        kit.write_text(f"system/{name}", (DELIVERY / name).read_text())
    if config:
        kit.update_json("system/config/scheduler.json", **config)


def main() -> int:
    rows = kit.query("data/picking.db", "SELECT sku_in_gripper, count(*) FROM safety_stops WHERE sku_in_gripper "
                                        "IS NOT NULL GROUP BY sku_in_gripper ORDER BY count(*) DESC, sku_in_gripper "
                                        "LIMIT 40")
    install("planner.py", "scheduler.py", robot_excluded_skus=[r[0] for r in rows])
    return 0


if __name__ == "__main__":
    sys.exit(main())
