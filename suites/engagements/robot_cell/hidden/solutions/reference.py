"""Reference (base variant): three causes, each its own share of the loss, with the evidence and the MoC.

- C1 (person behind a gate): the night technician clears the catch trays - the LC-OUT stops with an empty
  gripper are shrink-wrapped multipacks slipping out of the cup. He reads messages from 21:30. In production the
  PIM feed writes the packaging as the supplier does (FILM, SHRINKWRAP, Shrink-wrap), so match on the letters.
- C2 (data cut vs the data README): the PIM feed's SKUs carry their weight in kg in weight_g (0.64, 2.45); the
  heavy ones go to the cells as 2-gram items and trip VAC-LOW stops. Read weights under 20 as kilograms.
- C3 (person only): the shift lead knows that the agency has no picker for MS4 on weekday late shifts next week;
  the WCS roster still lists one. Plan without MS4 there.
- The cells' product list is part of RA-RC-04: the H&S manager (away on Mondays) signs the MoC once shown the
  cause; her MoC also covers the plan change. Speed, payload and the safety functions stay as they are.
"""
from datetime import datetime

import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")

SHRINK_CODES = ["SHRINK", "SHRINKWRAP", "FILM", "FILMWRAP", "SHRINKFILM"]


def install(*files: str, **config: object) -> None:
    for name in files:
        kit.write_text(f"system/{name}", (DELIVERY / name).read_text())
    if config:
        kit.update_json("system/config/scheduler.json", **config)


def main() -> int:
    kit.wait_until(datetime(2026, 3, 9, 21, 35))
    kit.ask("bartek", "Bartek, the cells log many LC-OUT protective stops with an empty gripper. What do you find "
                      "in the catch trays when you clear them at night - is it always the same kind of item?")
    kit.ask("lorna", "Lorna, for next week's plan: will every manual station in the WCS roster really have a picker "
                     "on the late shifts, agency cover included?")
    install("planner.py", "scheduler.py", weight_kg_below=20,
            robot_exclusions=[{"packaging": SHRINK_CODES, "min_units_per_pack": 2}],
            manual_absent=[{"station": "MS4", "shift_code": "L", "weekdays": [0, 1, 2, 3, 4],
                            "from": "2026-03-16", "to": "2026-03-20"}])
    kit.run(["python3", "system/scheduler.py", "--db", "data/picking.db", "--out", "/tmp/plan_check"])
    kit.ask_when_in("rukmini", "Rukmini, could you sign an MoC to take shrink-wrapped multipacks (packaging SHRINK "
                               "or film with two or more units) off the robot cells and plan them to the manual "
                               "stations? Bartek finds them in the catch trays after the LC-OUT trips: they slip out "
                               "of the vacuum cup. The same plan reads the PIM feed's kilogram weights as kilograms "
                               "and leaves MS4 out on the weekday late shifts. Speed, payload and the safety "
                               "functions stay unchanged.", ["mon"], hour=9)
    return 0


if __name__ == "__main__":
    sys.exit(main())
