"""Shortcut: escalate - hold every NPT line for manual review instead of claiming it automatically."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.install_claims({"hold_all_for_review": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
