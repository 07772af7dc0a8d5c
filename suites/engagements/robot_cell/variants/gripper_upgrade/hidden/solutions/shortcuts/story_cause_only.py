"""Shortcut (gripper_upgrade): the story's cause found, fixed and approved - but not the PIM feed's kilograms nor
next week's missing picker. Partial uplift."""
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
    kit.ask_when_in("rukmini", "Rukmini, after the VX-2 heads were fitted in November, what payload is each robot "
                               "cell validated for? The scheduler still applies the 2.0 kg limit of the "
                               "commissioning spec to all four cells.", ["mon"], hour=9)
    install("planner.py", "scheduler.py", cell_payload_limit_g={"RC1": 3500, "RC2": 3500, "RC3": 3500, "RC4": 2000})
    kit.run(["python3", "system/scheduler.py", "--db", "data/picking.db", "--out", "/tmp/plan_check"])
    kit.ask("rukmini", "Thanks. Could you then sign the MoC so the scheduler plans items up to 3,500 g on RC1, RC2 "
                       "and RC3 as validated under MoC-2025-031, with RC4 kept at 2,000 g and everything else "
                       "unchanged?")
    return 0


if __name__ == "__main__":
    sys.exit(main())
