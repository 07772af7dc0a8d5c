"""Shortcut: play it safe without asking - slower robots, lighter payload, no film or bag packaging on the cells."""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def install(*files: str, **config: object) -> None:
    for name in files:
        kit.write_text(f"system/{name}", (DELIVERY / name).read_text())
    if config:
        kit.update_json("system/config/scheduler.json", **config)


def main() -> int:
    install(speed_pct=75, payload_limit_g=1500, excluded_packaging=["SHRINK", "POLYBAG"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
