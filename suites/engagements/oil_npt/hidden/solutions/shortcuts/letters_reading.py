"""Shortcut: the fix a careful reader of the documents and dispute letters builds, signed off.

Attribution by code and owner and the last-check test the letters describe, but with the programme ranges
taken literally (no tolerance) and the daily reports taken at face value (double bookings claimed).
"""
import sys
from pathlib import Path

sys.path.insert(0, "/solution")  # the kit, also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402

DELIVERY = Path("/solution/delivery")


def main() -> int:
    kit.ask("renata", "Renata, Mirefield's set-off has been held since September: USD 280,960 so far. May I fix "
                      "the NPT claim rules?")
    kit.ask("priya", "Priya, on NPT-BR11-0219-1 Mirefield's last check before the losses, at 06:10, read 9.8 ppg, "
                     "43 s and 5.3 mL. How is clause 14.3.1 as amended applied?")
    kit.write_text("system/npt_claims.py", (DELIVERY / "npt_claims.py").read_text())
    kit.write_json("system/config/claim_policy.json", {
        "attribution": "code_and_owner", "fluids_clause": {"enabled": True, "test": "last_check_before"}})
    kit.ask_when_in("ingrid", "Ingrid, please sign off a change to the NPT claim rules: attribution by code and "
                              "equipment owner, and Mirefield hole problems claimed only when the last mud check "
                              "before the event was out of programme, as Priya reads clause 14.3. Renata agrees.",
                    ["mon", "tue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
