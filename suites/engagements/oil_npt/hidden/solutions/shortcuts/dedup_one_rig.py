"""Shortcut: the reference's fix with the double bookings handled only where history shows them, signed off.

A fast worker who finds the 00:00 repeats on one rig drops them there only. In the unseen month the new reporting
app reaches a second rig and its repeats are claimed (nobody disputes them; the audit reverses them).
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")
ANCHOR = '    if not (ev["start_time"] or "").endswith(" 00:00"):\n'
ONE_RIG = '    if ev["rig_id"] not in ("BR-17", "BR-14"):  # the rigs on the new app in the history\n        return None\n'


def main() -> int:
    kit.ask("renata", "Renata, Mirefield's set-off has been disputed since September: USD 280,960 so far. May I "
                      "fix the NPT claim rules?")
    kit.ask("priya", "Priya, on NPT-BR11-0219-1 Mirefield's last check before the losses, at 06:10, read 9.8 ppg, "
                     "43 s and 5.3 mL. How is clause 14.3.1 as amended applied?")
    kit.ask("kai", "Kai, on BR-17 since 9 February some NPT events starting at 00:00 repeat the previous day's "
                   "event with the same end time, e.g. NPT-BR17-0212-1 after NPT-BR17-0211-2. A double booking?")
    code = (DELIVERY / "npt_claims.py").read_text()
    kit.write_text("system/npt_claims.py", code.replace(ANCHOR, ONE_RIG + ANCHOR, 1))
    kit.write_text("system/config/claim_policy.json", (DELIVERY / "policy_base.json").read_text())
    kit.ask_when_in("ingrid", "Ingrid, please sign off a change to the NPT claim rules: attribution by code and "
                              "equipment owner per DP-OPS-017 s.3, Mirefield hole problems claimed when the last mud "
                              "check before the event was out of programme beyond the minuted tolerance, as Priya "
                              "reads clause 14.3, and BR-17's after-midnight repeats no longer claimed. Renata agrees.",
                    ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
