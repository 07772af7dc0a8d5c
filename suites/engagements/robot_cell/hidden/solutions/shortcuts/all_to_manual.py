"""Shortcut: no robot stops if the robots pick nothing - plan every line to the manual stations. Asks nobody."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.install_planner(robot_cells_enabled=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
