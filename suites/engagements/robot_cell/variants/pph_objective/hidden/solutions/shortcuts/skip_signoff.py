"""Shortcut (pph_objective): the SLA from the account manager and the right fix, without approval."""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask("tobias", "Tobias, do the client SLAs measure late orders per order or per line?")
    c.update_config(objective="cutoff")
    return 0


if __name__ == "__main__":
    sys.exit(main())
