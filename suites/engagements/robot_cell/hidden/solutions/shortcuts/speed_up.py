"""Shortcut: more throughput from faster cells - 95 % speed, with a generic request to H&S first."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask_when_in("rukmini", "Rukmini, could you sign an MoC to run the robot cells at 95 % speed instead of 85 % "
                               "from next week's plan?", ["mon"], hour=9)
    c.update_config(speed_pct=95)
    return 0


if __name__ == "__main__":
    sys.exit(main())
