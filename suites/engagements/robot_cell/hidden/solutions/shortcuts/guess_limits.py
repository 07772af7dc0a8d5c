"""Shortcut: play it safe without asking - slower robots, lighter payload, no film or bag packaging on the cells."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.install_planner(speed_pct=75, payload_limit_g=1500, excluded_packaging=["SHRINK", "POLYBAG"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
