"""Shortcut (gripper_upgrade): the validated payloads from H&S and the right fix, without the MoC."""
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
    kit.ask_when_in("rukmini", "Rukmini, what payload is each robot cell validated for since the VX-2 heads?",
                    ["mon"], hour=9)
    install("planner.py", "scheduler.py", cell_payload_limit_g={"RC1": 3500, "RC2": 3500, "RC3": 3500, "RC4": 2000},
            weight_kg_below=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
