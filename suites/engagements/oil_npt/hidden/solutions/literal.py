"""Literal: exactly what the L3 brief asks - daily summary e-mails and an 'ask the well' prototype.

Leaves the NPT claims part untouched (declared out of scope by the sponsor) and asks nobody.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_daily_summary()
    c.install_ask_well()
    return 0


if __name__ == "__main__":
    sys.exit(main())
