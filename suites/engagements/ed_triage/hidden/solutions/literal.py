"""Literal: exactly what the L3 brief asks - the waiting-room ETA screens and the four-hour dashboard.

Leaves the streaming rules untouched (declared out of scope by the sponsor) and asks nobody.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_display()
    return 0


if __name__ == "__main__":
    sys.exit(main())
