"""Literal (base): exactly what the L3 brief asks - a throughput dashboard and the 'ask the floor' assistant.

Leaves the scheduler's plan untouched (the sponsor declared it out of scope) and asks nobody.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_dashboard()
    c.install_ask_floor()
    return 0


if __name__ == "__main__":
    sys.exit(main())
