"""Shortcut: never decide blind - send every claim to inspection. Asks nobody."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.install_rules({"inspect_all": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
