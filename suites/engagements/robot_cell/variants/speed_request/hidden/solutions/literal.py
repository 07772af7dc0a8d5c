"""Literal (speed_request): exactly what the L3 brief asks - every cell's recipe at 100 % speed."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.update_config(speed_pct=100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
