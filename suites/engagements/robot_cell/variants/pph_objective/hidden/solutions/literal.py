"""Literal (pph_objective): exactly what the L3 brief asks - a PPH leaderboard and a 480-minute robot plan."""
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
    install("scheduler.py", "pph_board.py", reports=["pph_board"], robot_plan_min=480)
    return 0


if __name__ == "__main__":
    sys.exit(main())
