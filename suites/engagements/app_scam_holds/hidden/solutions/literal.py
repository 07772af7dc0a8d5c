"""Literal: exactly what the L3 brief asks - new warning copy and an ExCo detection dashboard.

Leaves the hold rules untouched (declared out of scope by the sponsor) and asks nobody.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_warnings()
    c.install_dashboard()
    return 0


if __name__ == "__main__":
    sys.exit(main())
