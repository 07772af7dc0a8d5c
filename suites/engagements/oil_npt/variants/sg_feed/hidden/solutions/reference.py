"""Reference (sg_feed): the base fix, with BR-17's mud weights converted from SG and BR-14's double bookings.

- Since 12 January BR-17's new mud-logging unit sends mud weights in SG into the ppg column (values about
  1.1-1.3); the operations data analyst confirms it when shown the values. The mud test converts them.
- Since 19 January BR-14 (not BR-17) has the new reporting app that books after-midnight NPT twice.
- Attribution by code and owner, the minuted tolerance, the sponsor's agreement and the sign-off as in base.
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def main() -> int:
    kit.ask("renata", "Renata, Mirefield's set-off has been held since September: USD 280,960 so far and the "
                      "February draft of USD 47,360 is going the same way. May I work on the NPT claim rules?")
    kit.ask("priya", "Priya, on NPT-BR11-0219-1 Mirefield's last check before the losses, at 06:10, read 9.8 ppg, "
                     "43 s and 5.3 mL - within programme. How exactly is clause 14.3.1 as amended applied to the "
                     "mud checks, as minuted in October?")
    kit.ask("kai", "Kai, BR-17's mud weights in mud_checks read about 1.2 since 12 January, far below every "
                   "programme range, while BR-11 and BR-14 read 9-11. Is the BR-17 feed in SG rather than ppg?")
    kit.ask("kai", "Also on BR-14 since 19 January some NPT events starting at 00:00 repeat the previous day's "
                   "event with the same end time, e.g. NPT-BR14-0206-1 after NPT-BR14-0205-1. A double booking?")
    policy = kit.read_json(DELIVERY / "policy_base.json")
    policy["mud_weight_sg_feeds"] = [{"rig_id": "BR-17", "from": "2026-01-12"}]
    kit.write_text("system/npt_claims.py", (DELIVERY / "npt_claims.py").read_text())
    kit.write_json("system/config/claim_policy.json", policy)
    kit.run(["python3", "system/nightly.py", "--db", "data/drilling.db", "--out", "/tmp/npt_check",
             "--month", "2026-02"])
    kit.ask_when_in("ingrid", "Ingrid, could you sign off a change to the NPT claim rules? Attribution by NPT code "
                              "and equipment owner per DP-OPS-017 s.3 (mud pumps and rig hydraulics to Tollund, mud "
                              "motors to Sextant), hole problems claimed from Mirefield only when the last mud check "
                              "before the event was out of programme beyond the minuted tolerance (clause 14.3 as "
                              "Priya reads it, BR-17 mud weights converted from SG as Kai confirmed), and BR-14's "
                              "after-midnight repeats no longer claimed twice. Renata agrees.", ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
