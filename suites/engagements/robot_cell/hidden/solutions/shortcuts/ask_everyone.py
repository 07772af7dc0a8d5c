"""Shortcut: ask everybody everything (the vendor's engineer included), then apply the base fix with the MoC."""
import sys
from datetime import datetime
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")

QUESTIONS = [
    "What do you know about the robot cell stops and what causes them?",
    "What do you find in the catch trays after the LC-OUT stops, and how do the cells choose their cups?",
    "What payload and speed are the cells validated for, and has anything changed since commissioning?",
    "How do the client SLAs measure late orders, and what do late orders and stops cost us?",
    "How is the scheduler configured, and how many manual stations are staffed?",
    "What should I deliver for the review, and who has to approve a scheduler change?",
    "Is there anything else about the cells, the scheduler or the data I should know?",
]
PEOPLE = ["harriet", "declan", "femi", "lorna", "tobias", "nadia", "anselm", "bartek", "rukmini"]


def main() -> int:
    kit.wait_until(datetime(2026, 3, 10, 9, 0))
    for person in PEOPLE:
        for q in QUESTIONS:
            kit.ask(person, q)
    for name in ("planner.py", "scheduler.py"):
        kit.write_text(f"system/{name}", (DELIVERY / name).read_text())
    kit.update_json("system/config/scheduler.json", weight_kg_below=20,
                    robot_exclusions=[{"packaging": ["SHRINK", "SHRINKWRAP", "FILM"], "min_units_per_pack": 2}],
                    manual_absent=[{"station": "MS4", "shift_code": "L", "weekdays": [0, 1, 2, 3, 4]}])
    kit.ask("rukmini", "Rukmini, please sign the MoC to take shrink-wrapped multipacks off the robot cells.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
