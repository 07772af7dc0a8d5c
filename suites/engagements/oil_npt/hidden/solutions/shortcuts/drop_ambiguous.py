"""Shortcut: switch the check off - drop every line whose description could be a fluids matter.

Anything mentioning mud, fluid, losses, stuck pipe, pack-off, tight hole, gas or barite is left unclaimed.
Asks nobody.
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402


def main() -> int:
    c.install_claims({"drop_patterns": [r"\bmud\b|fluid|losses|lost circulation|\blcm\b|stuck|pack[- ]?off|"
                                        r"tight hole|overpull|barite|gas[- ]cut|hydraulic"]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
