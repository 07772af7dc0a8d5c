"""Shortcut (speed_request): the story's cause found, fixed and approved - but not the PIM feed's kilograms nor
next week's missing picker. Partial uplift."""
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
    kit.ask("femi", "Femi, since the TC-2 tool changers were fitted, how does a cell choose between the small cup "
                    "and the bellows cup, and how long does a tool change take?")
    install("planner.py", "scheduler.py", sequence_within_deadline="cup",
            cup_rule={"large_cup_over_g": 900, "large_cup_face_mm2": 24000})
    kit.run(["python3", "system/scheduler.py", "--db", "data/picking.db", "--out", "/tmp/plan_check"])
    kit.ask("declan", "Declan, could you approve a scheduler change under WI-OPS-22: within each collection "
                      "deadline, each cell's queue groups the small-cup batches and the bellows-cup batches (Femi's "
                      "cup rule), so the cells stop changing tools on every other batch? Speed stays at 85 %.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
