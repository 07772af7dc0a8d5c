"""Shortcut (gripper_upgrade): the validated payloads from H&S and the right fix, without the MoC."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask_when_in("rukmini", "Rukmini, what payload is each robot cell validated for since the VX-2 heads?", ["mon"], hour=9)
    c.install_planner(cell_payload_limit_g={"RC1": 3500, "RC2": 3500, "RC3": 3500, "RC4": 2000})
    return 0


if __name__ == "__main__":
    sys.exit(main())
