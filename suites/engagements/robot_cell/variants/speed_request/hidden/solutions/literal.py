"""Literal (speed_request): exactly what the L3 brief asks - every cell's recipe at 100 % speed."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.update_config(speed_pct=100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
