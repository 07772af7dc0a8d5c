"""Shortcut (base): the cause as history shows it, with the MoC - but only the packaging code history has (SHRINK),
weights as written, and the roster as the WCS has it. Brittle on next week's traffic: partial uplift."""
from datetime import datetime

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
    kit.wait_until(datetime(2026, 3, 9, 21, 35))
    kit.ask("bartek", "Bartek, the cells log many LC-OUT protective stops with an empty gripper. What do you find "
                      "in the catch trays when you clear them at night - is it always the same kind of item?")
    install("planner.py", "scheduler.py", robot_exclusions=[{"packaging": "SHRINK", "min_units_per_pack": 2}])
    kit.ask_when_in("rukmini", "Rukmini, could you sign an MoC to take shrink-wrapped multipacks (packaging SHRINK "
                               "with two or more units) off the robot cells and plan them to the manual stations? "
                               "Bartek finds them in the catch trays after the LC-OUT trips: they slip out of the "
                               "vacuum cup. Speed, payload and the safety functions stay unchanged.", ["mon"], hour=9)
    return 0


if __name__ == "__main__":
    sys.exit(main())
