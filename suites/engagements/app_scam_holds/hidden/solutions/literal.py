"""Literal: exactly what the L3 brief asks - new warning copy and an ExCo detection dashboard.

Leaves the hold rules untouched (declared out of scope by the sponsor) and asks nobody.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def main() -> int:
    kit.write_text("system/config/warnings.json", (DELIVERY / "warnings.json").read_text())
    kit.write_text("system/detection_dashboard.py", (DELIVERY / "detection_dashboard.py").read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
