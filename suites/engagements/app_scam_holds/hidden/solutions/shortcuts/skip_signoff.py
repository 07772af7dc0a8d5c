"""Shortcut: the base rule repair, deployed without Fraud Operations' figures or the FRCB sign-off."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.edit_rules(c.base_fix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
