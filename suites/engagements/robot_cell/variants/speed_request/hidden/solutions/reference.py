"""Reference (speed_request): keep the speed, stop the cup changes.

- Since January the cells have TC-2 tool changers; the cell takes the bellows cup L for items over 900 g or
  with a top face over 24,000 mm2, the small cup S otherwise; a change costs about 20 s (automation engineer).
- Group each cell's queue by cup within each collection deadline; approval of the Operations Manager
  (WI-OPS-22). Speed stays at the validated 85 %.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("femi", "Femi, since the TC-2 tool changers were fitted, how does a cell choose between the small cup "
                    "and the bellows cup, and how long does a tool change take?")
    c.install_planner(sequence_within_deadline="cup",
                      cup_rule={"large_cup_over_g": 900, "large_cup_face_mm2": 24000})
    c.run_history_check()
    kit.ask("declan", "Declan, could you approve a scheduler change under WI-OPS-22: within each collection "
                      "deadline, each cell's queue groups the small-cup batches and the bellows-cup batches (Femi's "
                      "cup rule), so the cells stop changing tools on every other batch? Speed stays at 85 %.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
