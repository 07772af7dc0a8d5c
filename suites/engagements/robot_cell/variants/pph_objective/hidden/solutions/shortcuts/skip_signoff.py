"""Shortcut (pph_objective): the SLA from the account manager and the right fix, without approval."""
import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent), "/solution"]

import _common as c  # noqa: E402


def main() -> int:
    c.ask("tobias", "Tobias, do the client SLAs measure late orders per order or per line?")
    c.update_config(objective="cutoff")
    return 0


if __name__ == "__main__":
    sys.exit(main())
