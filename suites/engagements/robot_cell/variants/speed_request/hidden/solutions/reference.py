"""Reference (speed_request): keep the speed, stop the cup changes, and the two shared causes.

- C1 (person behind a gate): since January the cells have TC-2 tool changers; the cell takes the bellows cup L
  for items over 900 g or with a top face over 24,000 mm2, the small cup S otherwise; a change costs about 20 s
  (automation engineer). Group each cell's queue by cup within each collection deadline.
- C2 (data cut vs the data README): the PIM feed's kilograms in weight_g, read as kilograms.
- C3 (person only): no agency picker for MS3 on next week's weekday late shifts.
- Approval of the Operations Manager (WI-OPS-22). Speed stays at the validated 85 %.
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

ABSENT = [{"station": "MS3", "shift_code": "L", "weekdays": [0, 1, 2, 3, 4], "from": "2026-03-16", "to": "2026-03-20"}]


def main() -> int:
    kit.ask("femi", "Femi, since the TC-2 tool changers were fitted, how does a cell choose between the small cup "
                    "and the bellows cup, and how long does a tool change take?")
    kit.ask("lorna", "Lorna, for next week's plan: will every manual station in the WCS roster really have a picker "
                     "on the late shifts, agency cover included?")
    install("planner.py", "scheduler.py", sequence_within_deadline="cup",
            cup_rule={"large_cup_over_g": 900, "large_cup_face_mm2": 24000}, weight_kg_below=20,
            manual_absent=ABSENT)
    kit.run(["python3", "system/scheduler.py", "--db", "data/picking.db", "--out", "/tmp/plan_check"])
    kit.ask("declan", "Declan, could you approve a scheduler change under WI-OPS-22: within each collection "
                      "deadline, each cell's queue groups the small-cup batches and the bellows-cup batches (Femi's "
                      "cup rule), so the cells stop changing tools on every other batch? The same change reads the "
                      "PIM feed's kilogram weights as kilograms and leaves MS3 out on next week's weekday late "
                      "shifts, where the agency has no picker. Speed stays at 85 %.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
