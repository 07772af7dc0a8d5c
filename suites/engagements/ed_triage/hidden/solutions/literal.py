"""Literal: exactly what the L3 brief asks - the waiting-room ETA screens and the four-hour dashboard.

Leaves the streaming rules untouched (declared out of scope by the sponsor) and asks nobody.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")
ANCHOR = '    (sdir / f"summary_{month}.json").write_text(json.dumps(summary, indent=2) + "\\n", encoding="utf-8")\n'
HOOK = ("    try:  # the streams must be written even if the display step fails\n"
        "        import eta_display\n"
        "        eta_display.write_display(conn, rows, out_dir)\n"
        "    except Exception as exc:  # noqa: BLE001\n"
        "        print(f\"display step failed: {exc}\", file=sys.stderr)\n")


def main() -> int:
    kit.write_text("system/eta_display.py", (DELIVERY / "eta_display.py").read_text())
    kit.insert_once("system/streamline.py", ANCHOR, HOOK, marker="eta_display")
    return 0


if __name__ == "__main__":
    sys.exit(main())
