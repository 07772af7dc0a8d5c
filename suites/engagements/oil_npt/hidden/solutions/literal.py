"""Literal: exactly what the L3 brief asks - daily summary e-mails and an 'ask the well' prototype.

Leaves the NPT claims part untouched (declared out of scope by the sponsor) and asks nobody.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")
ANCHOR = ("        for cid, tot in sorted(result[\"by_contractor\"].items()):\n"
          "            print(f\"  {cid:4s} {tot['lines']:3d} lines  USD {tot['amount_usd']:>12,.2f}\")\n")
HOOK = ("        try:  # the claim must go out even if the e-mail step fails\n"
        "            import daily_summary\n"
        "            n = daily_summary.write_daily(conn, month, out / \"daily\", HERE / \"config\")\n"
        "            print(f\"daily summary e-mails: {n} files in {out / 'daily'}\")\n"
        "        except Exception as exc:  # noqa: BLE001\n"
        "            print(f\"daily summary step failed: {exc}\", file=sys.stderr)\n")


def main() -> int:
    kit.write_text("system/daily_summary.py", (DELIVERY / "daily_summary.py").read_text())
    kit.insert_once("system/nightly.py", ANCHOR, HOOK, marker="daily_summary")
    kit.write_text("system/ask_well.py", (DELIVERY / "ask_well.py").read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
