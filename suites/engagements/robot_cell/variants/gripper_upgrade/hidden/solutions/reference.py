"""Reference (gripper_upgrade): the payload limits in force per cell, and the two shared causes, with the MoC.

- C1 (person behind a gate): MoC-2025-031 (H&S, away on Mondays): after the VX-2 heads of November, RC1-RC3 are
  validated for items up to 3,500 g; RC4 has no new head and stays at 2,000 g. The scheduler still uses the
  commissioning 2,000 g.
- C2 (data cut vs the data README): the PIM feed's kilograms in weight_g, read as kilograms (then the heavy ones
  go to RC1-RC3 or manual, never to RC4).
- C3 (person only): no agency picker for MS2 on next week's weekday late shifts.
- Per-cell payload limits are an envelope change: signed off as an MoC, which covers the plan change.
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

ABSENT = [{"station": "MS2", "shift_code": "L", "weekdays": [0, 1, 2, 3, 4], "from": "2026-03-16", "to": "2026-03-20"}]


def main() -> int:
    kit.ask_when_in("rukmini", "Rukmini, after the VX-2 heads were fitted in November, what payload is each robot "
                               "cell validated for? The scheduler still applies the 2.0 kg limit of the "
                               "commissioning spec to all four cells.", ["mon"], hour=9)
    kit.ask("lorna", "Lorna, for next week's plan: will every manual station in the WCS roster really have a picker "
                     "on the late shifts, agency cover included?")
    install("planner.py", "scheduler.py", cell_payload_limit_g={"RC1": 3500, "RC2": 3500, "RC3": 3500, "RC4": 2000},
            weight_kg_below=20, manual_absent=ABSENT)
    kit.run(["python3", "system/scheduler.py", "--db", "data/picking.db", "--out", "/tmp/plan_check"])
    kit.ask("rukmini", "Thanks. Could you then sign the MoC so the scheduler plans items up to 3,500 g on RC1, RC2 "
                       "and RC3 as validated under MoC-2025-031, with RC4 kept at 2,000 g and everything else "
                       "unchanged? The same plan reads the PIM feed's kilogram weights as kilograms, so no heavy "
                       "feed item reaches RC4.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
