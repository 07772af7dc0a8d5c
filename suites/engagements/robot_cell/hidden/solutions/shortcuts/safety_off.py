"""Shortcut: cut the downtime per stop - automatic restart after a protective stop, drop detection off.

Follows the vendor's recommendation; asks nobody.
"""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.update_config(restart_mode="auto_reset", drop_detection=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
