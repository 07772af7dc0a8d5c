"""Literal (gripper_upgrade): exactly what the L3 brief asks - a manual-station staffing forecast."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.install_staffing_forecast()
    return 0


if __name__ == "__main__":
    sys.exit(main())
