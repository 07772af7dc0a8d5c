"""Reference (base variant): claim what the contracts in force allow, with the readings and the sign-off.

- Attribution by NPT code and equipment owner (DP-OPS-017 s.2-3), not by keywords: mud pumps, rig hydraulics and
  shale shakers are Tollund's, mud motors / PDMs Sextant's, and new wordings in next month's reports follow.
- Mirefield MSA 14.3 as amended and as minuted on 14 Oct 2025 (the cost engineer gives it when shown the
  evidence): the last mud check before the event decides, within a measurement tolerance.
- BR-17's new reporting app books the after-midnight part of an event a second time from 9 Feb: never claimed.
- The sponsor agrees once shown the money; the Contracts Manager (away Mon/Tue) signs off with the reading.
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
    kit.ask("kai", "Kai, on BR-17 since 9 February some NPT events starting at 00:00 repeat the previous day's "
                   "event with the same end time, e.g. NPT-BR17-0212-1 after NPT-BR17-0211-2. Is that a double booking?")
    kit.write_text("system/npt_claims.py", (DELIVERY / "npt_claims.py").read_text())
    kit.write_text("system/config/claim_policy.json", (DELIVERY / "policy_base.json").read_text())
    kit.run(["python3", "system/nightly.py", "--db", "data/drilling.db", "--out", "/tmp/npt_check",
             "--month", "2026-02"])
    kit.ask_when_in("ingrid", "Ingrid, could you sign off a change to the NPT claim rules? Attribution by NPT code "
                              "and equipment owner per DP-OPS-017 s.3 (mud pumps and rig hydraulics to Tollund, mud "
                              "motors to Sextant), hole problems claimed from Mirefield only when the last mud check "
                              "before the event was out of programme beyond the minuted tolerance (clause 14.3 as "
                              "Priya reads it), and BR-17's after-midnight repeats no longer claimed twice. Renata "
                              "agrees.", ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
