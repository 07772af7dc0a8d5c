"""Reference (gripper_upgrade): the payload limits in force per cell, with the MoC.

- MoC-2025-031 (H&S, away on Mondays): after the VX-2 heads of November, RC1-RC3 are validated for items up to
  3,500 g; RC4 has no new head and stays at 2,000 g. The scheduler still uses the commissioning 2,000 g.
- Per-cell payload limits in the scheduler, signed off as an MoC (raising a payload limit changes the
  envelope).
"""
import sys

sys.path.insert(0, "/solution")  # the kit and _common.py, also for scripts in shortcuts/

import _common as c  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    kit.ask_when_in("rukmini", "Rukmini, after the VX-2 heads were fitted in November, what payload is each robot "
                               "cell validated for? The scheduler still applies the 2.0 kg limit of the "
                               "commissioning spec to all four cells.", ["mon"], hour=9)
    c.install_planner(cell_payload_limit_g={"RC1": 3500, "RC2": 3500, "RC3": 3500, "RC4": 2000})
    c.run_history_check()
    kit.ask("rukmini", "Thanks. Could you then sign the MoC so the scheduler plans items up to 3,500 g on RC1, RC2 "
                       "and RC3 as validated under MoC-2025-031, with RC4 kept at 2,000 g and everything else "
                       "unchanged?")
    return 0


if __name__ == "__main__":
    sys.exit(main())
