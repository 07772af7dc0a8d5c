"""Shortcut: escalate - hold every NPT line for manual review instead of claiming it automatically."""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def main() -> int:
    kit.write_text("system/npt_claims.py", (DELIVERY / "npt_claims.py").read_text())
    kit.write_json("system/config/claim_policy.json", {"hold_all_for_review": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
