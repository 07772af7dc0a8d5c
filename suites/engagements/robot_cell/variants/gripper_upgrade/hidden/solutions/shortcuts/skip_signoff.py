"""Shortcut (gripper_upgrade): the validated payloads from H&S and the right fix, without the MoC."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.ask_when_in("rukmini", "Rukmini, what payload is each robot cell validated for since the VX-2 heads?", {0})
    c.install_planner(cell_payload_limit_g={"RC1": 3500, "RC2": 3500, "RC3": 3500, "RC4": 2000})
    return 0


if __name__ == "__main__":
    sys.exit(main())
