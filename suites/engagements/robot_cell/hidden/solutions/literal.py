"""Literal (base): exactly what the L3 brief asks - a throughput dashboard and the 'ask the floor' assistant.

Leaves the scheduler's plan untouched (the sponsor declared it out of scope) and asks nobody.
"""
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
    install("scheduler.py", "dashboard.py", "ask_floor.py", reports=["dashboard"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
